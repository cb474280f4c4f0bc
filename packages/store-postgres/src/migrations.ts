import { commitWriteAllSql, commitWriteSql } from './commit-write';
import type { Tables } from './names';
import { holdsWrittenByReplaceHoldsSql, replaceHoldsSql, stripedHoldCountsSql } from './striped-hold-counts';

/** One step of the schema. Versions only grow; an applied migration's SQL is never edited. */
export type Migration = {
  readonly version: number;
  readonly name: string;
  readonly sql: (t: Tables) => string;
  /**
   * Processes that know only the migrations before this one must not serve a schema that has it
   * (they would write what it no longer reads, or fail on what it changed). Recorded with the
   * migration in the schema, where processes of later versions see it and refuse to start
   * (schema-generation.ts). From migration 14 on, such a migration also makes `commit_write` again
   * with its version as the minimum writer (`commitWriteSql(t, 'fromMigration14', version)`), so
   * that the schema refuses the commits of processes already running.
   */
  readonly stopsEarlierProcesses?: true;
};

/** The newest migration up to `version` that stops earlier processes (commit-write.ts's minimum writer). */
export const newestStoppingUpTo = (version: number): number =>
  Math.max(
    0,
    ...migrations.filter((m) => m.stopsEarlierProcesses && m.version <= version).map((m) => m.version),
  );

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
    // Earlier processes wrote hold rows without the counts: beside this schema they oversold.
    stopsEarlierProcesses: true,
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
  {
    version: 8,
    name: "replace a holder's holds in one statement",
    // holds.ts calls it with the holder's wanted rows (one per resource) and the advisory lock keys it
    // computes (lockClass.holder = 3, lockClass.resource = 4): what took seven round trips takes one.
    // Resources that grow beyond what the holder holds unexpired are locked in key order, then checked
    // against the others' unexpired units (the count less expired rows less the holder's own); the
    // first that would exceed its capacity is returned and nothing is written. Otherwise the holder's
    // rows are replaced and the counts changed by the difference, in resource order.
    sql: (t) => `
      CREATE FUNCTION ${t.schema}.replace_holds(
        p_holder text, p_holder_key integer, p_now timestamptz, p_resources text[], p_quantities integer[],
        p_capacities integer[], p_expires timestamptz[], p_keys integer[]
      ) RETURNS text LANGUAGE plpgsql AS $fn$
      DECLARE
        g_resources text[];
        g_quantities integer[];
        g_capacities integer[];
        g_keys integer[];
        others bigint;
      BEGIN
        PERFORM pg_advisory_xact_lock(3, p_holder_key);
        SELECT array_agg(u.resource ORDER BY u.n), array_agg(u.quantity ORDER BY u.n),
               array_agg(u.capacity ORDER BY u.n), array_agg(u.key ORDER BY u.n)
          INTO g_resources, g_quantities, g_capacities, g_keys
          FROM unnest(p_resources, p_quantities, p_capacities, p_keys) WITH ORDINALITY AS u(resource, quantity, capacity, key, n)
          WHERE u.quantity > coalesce((SELECT sum(h.quantity) FROM ${t.holds} h
            WHERE h.holder = p_holder AND h.resource = u.resource
              AND (h.expires_at IS NULL OR h.expires_at > p_now)), 0);
        IF g_resources IS NOT NULL THEN
          PERFORM pg_advisory_xact_lock(4, k) FROM (SELECT DISTINCT unnest(g_keys) AS k ORDER BY 1) AS keys;
          FOR i IN 1 .. array_length(g_resources, 1) LOOP
            SELECT coalesce((SELECT c.units FROM ${t.holdCounts} c WHERE c.resource = g_resources[i]), 0)
                - coalesce((SELECT sum(h.quantity) FROM ${t.holds} h
                    WHERE h.resource = g_resources[i] AND h.expires_at IS NOT NULL AND h.expires_at <= p_now), 0)
                - coalesce((SELECT sum(h.quantity) FROM ${t.holds} h
                    WHERE h.resource = g_resources[i] AND h.holder = p_holder
                      AND (h.expires_at IS NULL OR h.expires_at > p_now)), 0)
              INTO others;
            IF others + g_quantities[i] > g_capacities[i] THEN
              RETURN g_resources[i];
            END IF;
          END LOOP;
        END IF;
        WITH deleted AS (
          DELETE FROM ${t.holds} WHERE holder = p_holder RETURNING resource, quantity
        ), changes AS (
          SELECT resource, sum(by)::bigint AS by FROM (
            SELECT resource, -quantity AS by FROM deleted
            UNION ALL
            SELECT resource, quantity FROM unnest(p_resources, p_quantities) AS u(resource, quantity)
          ) AS all_changes GROUP BY resource HAVING sum(by) <> 0
        )
        INSERT INTO ${t.holdCounts} AS c (resource, units)
          SELECT resource, by FROM changes ORDER BY resource
          ON CONFLICT (resource) DO UPDATE SET units = c.units + EXCLUDED.units;
        INSERT INTO ${t.holds} (resource, holder, quantity, capacity, expires_at)
          SELECT u.resource, p_holder, u.quantity, u.capacity, u.expires_at
            FROM unnest(p_resources, p_quantities, p_capacities, p_expires) AS u(resource, quantity, capacity, expires_at);
        RETURN NULL;
      END
      $fn$;
    `,
  },
  {
    version: 9,
    name: 'a commit written by one function call',
    // unit-of-work.ts sends a commit as one JSON document (see commitDocument there) and this
    // function writes it all, in the order the statements ran before: stream locks (lockClass.stream
    // = 2) and version checks of the streams the transaction has not locked, events, the accepted
    // command and its outbox row, the completion and its outbox row, the holds (replace_holds), the
    // idempotency record and the snapshot. A refused commit raises SQLSTATE BK001 with the conflict
    // as JSON in its DETAIL, which aborts the transaction: the caller can send COMMIT with the call
    // in one round trip, and rolls back on the error.
    sql: (t) => `
      CREATE FUNCTION ${t.schema}.notification_json(c ${t.commands}) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $fn$
        SELECT jsonb_build_object(
            'notificationId', c.notification_id, 'storeId', c.store_id, 'basketId', c.basket_id,
            'operation', c.operation, 'status', c.status,
            'created', to_char(c.created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          || CASE WHEN c.payment_intent_id IS NULL THEN '{}'::jsonb
                  ELSE jsonb_build_object('paymentIntentId', c.payment_intent_id) END
          || CASE WHEN c.completed IS NULL THEN '{}'::jsonb
                  ELSE jsonb_build_object('completed', to_char(c.completed AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END
          || CASE WHEN c.problem IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('problem', c.problem) END
      $fn$;

      CREATE FUNCTION ${t.schema}.refuse_commit(conflict jsonb) RETURNS void LANGUAGE plpgsql AS $fn$
      BEGIN
        RAISE EXCEPTION USING ERRCODE = 'BK001', MESSAGE = 'commit refused: ' || (conflict->>'_tag'),
          DETAIL = conflict::text;
      END
      $fn$;

${commitWriteSql(t, 'migration9')}    `,
  },
  {
    version: 10,
    name: 'the notification JSON function is inlined where it is called',
    // Declared IMMUTABLE, its body (to_char is STABLE) could not be inlined: every call parsed and
    // planned it again, about 5 % of PostgreSQL's CPU on an add. STABLE is what it is.
    sql: (t) => `ALTER FUNCTION ${t.schema}.notification_json(${t.commands}) STABLE;`,
  },
  {
    version: 11,
    name: 'units held per resource counted in stripes, so holders of one product do not queue',
    // Earlier processes read one count per resource and upserted on (resource) alone: 500s beside it.
    stopsEarlierProcesses: true,
    // See striped-hold-counts.ts.
    sql: stripedHoldCountsSql,
  },
  {
    version: 12,
    name: 'a hold extended is checked against capacity like one that grows',
    // A commit's "now" is its process's clock when the decision began, which can be seconds before
    // the commit runs. A hold that expired at T between the two was free for others from T: another
    // basket could take its units, and this commit, judging the hold unexpired by its own earlier
    // "now", kept it without a check while making it longer or a sale: two baskets held one seat.
    // Now a hold whose expiry moves later (or goes) is locked and checked like one that grows, so
    // the later of the two commits sees the other's hold and is refused (and decided again).
    sql: (t) => replaceHoldsSql(t, 'orExtended'),
  },
  {
    version: 13,
    name: 'idempotency records found by age, to prune those past their 24 hours',
    sql: (t) => `CREATE INDEX idempotency_created_idx ON ${t.idempotency} (created);`,
  },
  {
    version: 14,
    name: "a stream's events are recorded in order of version; writers older than the schema are refused",
    // An event's `recorded` was its commit's `at`, the deciding process's clock before the basket's
    // lock: across processes a later version could read as recorded before an earlier one. Now it is
    // never before the stream's last event. And a commit names the newest migration its process
    // knows: one older than a migration that stops earlier processes is refused (commit-write.ts).
    sql: (t) => commitWriteSql(t, 'fromMigration14', newestStoppingUpTo(14)),
  },
  {
    version: 15,
    name: 'payment intents made, and the commands that paid or cancelled them, found by index (payment timeout)',
    sql: (t) => `
      CREATE INDEX commands_intents_made_idx ON ${t.commands} (created)
        WHERE operation = 'createPaymentIntent' AND status = 'Succeeded';
      CREATE INDEX commands_payment_intent_idx ON ${t.commands} (payment_intent_id)
        WHERE payment_intent_id IS NOT NULL;
    `,
  },
  {
    version: 16,
    name: 'outbox rows record when they were published, so published rows can be pruned',
    sql: (t) => `
      ALTER TABLE ${t.outbox} ADD COLUMN published_at timestamptz;
      CREATE INDEX outbox_published_at_idx ON ${t.outbox} (published_at NULLS FIRST) WHERE published;
    `,
  },
  {
    version: 17,
    name: 'payment intents whose saga was given up, found by index (payment timeout)',
    sql: (t) => `
      CREATE INDEX commands_intents_given_up_idx ON ${t.commands} (created)
        WHERE operation = 'createPaymentIntent' AND status = 'Failed';
    `,
  },
  {
    version: 18,
    name: 'the commits of several transactions written by one call, each undone alone when refused',
    // The pg driver runs transactions of different baskets that wait for a connection at the same
    // time as one PostgreSQL transaction (pg-batches.ts): one opening, one commit, one WAL flush.
    // Processes that know only earlier migrations never call it and serve beside it unchanged.
    sql: commitWriteAllSql,
  },
  {
    version: 19,
    name: 'hold rows are written by replace_holds alone, so their counts never drift',
    // A rolled-back process from before the counts (migration 8) wrote rows around them; the newer
    // process, back again, oversold. See striped-hold-counts.ts.
    sql: holdsWrittenByReplaceHoldsSql,
  },
];
