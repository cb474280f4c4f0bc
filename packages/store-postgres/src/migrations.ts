import type { Tables } from './names';

/** One step of the schema. Versions only grow; an applied migration is never edited. */
export type Migration = {
  readonly version: number;
  readonly name: string;
  readonly sql: (t: Tables) => string;
};

export const migrations: ReadonlyArray<Migration> = [
  {
    version: 1,
    name: 'events, snapshots, commands, outbox, idempotency, holds',
    sql: (t) => `
      CREATE TABLE ${t.events} (
        position bigserial PRIMARY KEY,
        stream_id text NOT NULL,
        version integer NOT NULL CHECK (version > 0),
        type text NOT NULL,
        data jsonb NOT NULL,
        recorded timestamptz NOT NULL,
        tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
        CONSTRAINT events_stream_version_key UNIQUE (stream_id, version)
      );

      CREATE TABLE ${t.snapshots} (
        stream_id text PRIMARY KEY,
        version integer NOT NULL,
        schema text NOT NULL,
        state jsonb NOT NULL,
        saved timestamptz NOT NULL DEFAULT now()
      );

      -- Accepted commands and their notifications (C-5): one row per notification id.
      CREATE TABLE ${t.commands} (
        notification_id text PRIMARY KEY,
        store_id text NOT NULL,
        basket_id text NOT NULL,
        sequence integer NOT NULL,
        operation text NOT NULL,
        payment_intent_id text,
        command jsonb NOT NULL,
        status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Succeeded', 'Failed')),
        problem jsonb,
        created timestamptz NOT NULL,
        completed timestamptz,
        CONSTRAINT commands_basket_sequence_key UNIQUE (basket_id, sequence)
      );
      CREATE INDEX commands_pending_idx ON ${t.commands} (basket_id, sequence) WHERE status = 'Pending';
      CREATE INDEX commands_pending_created_idx ON ${t.commands} (created) WHERE status = 'Pending';

      CREATE TABLE ${t.outbox} (
        position bigserial PRIMARY KEY,
        notification_id text NOT NULL,
        notification jsonb NOT NULL,
        published boolean NOT NULL DEFAULT false,
        tx xid8 NOT NULL DEFAULT pg_current_xact_id()
      );
      CREATE INDEX outbox_unpublished_idx ON ${t.outbox} (position) WHERE NOT published;

      CREATE TABLE ${t.idempotency} (
        store_id text NOT NULL,
        key text NOT NULL,
        fingerprint text NOT NULL,
        response jsonb NOT NULL,
        created timestamptz NOT NULL,
        PRIMARY KEY (store_id, key)
      );

      -- Inventory holds: a projection of basket state, written with the basket's events.
      CREATE TABLE ${t.holds} (
        resource text NOT NULL,
        holder text NOT NULL,
        quantity integer NOT NULL CHECK (quantity > 0),
        capacity integer NOT NULL,
        expires_at timestamptz,
        PRIMARY KEY (resource, holder)
      );
      CREATE INDEX holds_holder_idx ON ${t.holds} (holder);
    `,
  },
  {
    version: 2,
    name: 'index of expiring holds, for the expiry sweeper',
    sql: (t) => `CREATE INDEX holds_expires_at_idx ON ${t.holds} (expires_at) WHERE expires_at IS NOT NULL;`,
  },
  {
    version: 3,
    name: 'outbox relay lease',
    sql: (t) => `
      CREATE TABLE ${t.leases} (
        name text PRIMARY KEY,
        holder text NOT NULL,
        until timestamptz NOT NULL
      );
    `,
  },
  {
    version: 4,
    name: 'provider ledger: payment sessions, payments taken and confirmations of the simulated providers',
    sql: (t) => `
      CREATE TABLE ${t.paymentSessions} (
        payment_intent_id text PRIMARY KEY,
        reference text NOT NULL,
        payload jsonb NOT NULL,
        amount jsonb NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'voided'))
      );
      -- One payment per intent (C-8.6): the primary key refuses a second one.
      CREATE TABLE ${t.paymentCharges} (
        payment_intent_id text PRIMARY KEY REFERENCES ${t.paymentSessions} (payment_intent_id),
        reference text NOT NULL,
        contact_id text NOT NULL,
        token_id text NOT NULL,
        amount jsonb NOT NULL,
        taken_at timestamptz NOT NULL
      );
      CREATE TABLE ${t.providerConfirmations} (
        payment_intent_id text NOT NULL,
        provider_basket_id text NOT NULL,
        provider_id text NOT NULL,
        PRIMARY KEY (payment_intent_id, provider_basket_id)
      );
    `,
  },
  {
    version: 5,
    name: 'outbox rows of one basket take their positions in commit order',
    // The relay reads unpublished rows without waiting for the oldest running transaction of the
    // whole server (outbox.ts). That is safe because a row's writer holds a per-basket lock from
    // taking its position until it commits: a later row of the same basket can only take a
    // position, higher, once the earlier one is committed. Lock class 6 is lockClass.outboxBasket.
    sql: (t) => `
      CREATE FUNCTION ${t.schema}.outbox_in_basket_order() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        PERFORM pg_advisory_xact_lock(6, hashtext('${t.schema}:' || coalesce(NEW.notification->>'basketId', '')));
        NEW.position := nextval(pg_get_serial_sequence('${t.outbox}', 'position'));
        RETURN NEW;
      END
      $fn$;
      CREATE TRIGGER outbox_in_basket_order BEFORE INSERT ON ${t.outbox}
        FOR EACH ROW EXECUTE FUNCTION ${t.schema}.outbox_in_basket_order();
    `,
  },
  {
    version: 6,
    name: 'units held per resource, kept with the holds; expired holds by resource',
    // Written with the holds by every commit from this version on: stop processes of older
    // versions before migrating (they would change holds without the counts).
    sql: (t) => `
      CREATE TABLE ${t.holdCounts} (
        resource text PRIMARY KEY,
        units bigint NOT NULL
      );
      LOCK TABLE ${t.holds} IN SHARE MODE;
      INSERT INTO ${t.holdCounts} (resource, units)
        SELECT resource, sum(quantity) FROM ${t.holds} GROUP BY resource;
      CREATE INDEX holds_resource_expires_at_idx ON ${t.holds} (resource, expires_at)
        WHERE expires_at IS NOT NULL;
    `,
  },
  {
    version: 7,
    name: 'each event carries the schema version of its data',
    // Rows written before have version 1, the default: the app reads every version through core's
    // upcasters (docs/architecture.md, "Events as a storage contract"). Adding a column with a
    // constant default rewrites no row.
    sql: (t) => `
      ALTER TABLE ${t.events} ADD COLUMN schema_version integer NOT NULL DEFAULT 1 CHECK (schema_version > 0);
    `,
  },
];
