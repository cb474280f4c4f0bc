import type { Tables } from './names';
import { COUNT_STRIPES, STRIPED_CAPACITY } from './striped-hold-counts';

/**
 * The versions of `commit_write`. `migration9`: an event's `recorded` is the commit's `at`, its
 * process's clock when the decision began, before the basket's lock, so that across processes a
 * later version could be recorded a few milliseconds before an earlier one. `fromMigration14`:
 * - `recorded` is the later of `at` and the stream's last event's (read under the stream's lock,
 *   which the commit holds), so a stream's events are recorded in order of version; `at` stays
 *   "now" for hold expiry;
 * - the document names the newest migration its process knows (`writer`; absent: 13, the last
 *   version that sent none), and a writer older than `minimumWriter` (the newest migration that
 *   stops earlier processes when this function was made) is refused with SQLSTATE BK002 before
 *   anything is written. A constant, not a read of the migrations table: it costs a commit nothing.
 *   A migration that stops earlier processes makes this function again with its own version
 *   (migrations.test.ts checks it).
 */
export type CommitWriteVersion = 'migration9' | 'fromMigration14';

/** The newest migration of the processes whose commit documents name none. */
export const WRITER_OF_UNNAMED_COMMITS = 13;

const recordedSql = (t: Tables, version: CommitWriteVersion): string =>
  version === 'migration9'
    ? 'v_at'
    : `greatest(v_at, (SELECT l.recorded FROM ${t.events} l
                 WHERE l.stream_id = e->>'streamId' ORDER BY l.version DESC LIMIT 1))`;

const writerCheckSql = (version: CommitWriteVersion, minimumWriter: number): string =>
  version === 'migration9'
    ? ''
    : `        IF coalesce((p->>'writer')::integer, ${WRITER_OF_UNNAMED_COMMITS}) < ${minimumWriter} THEN
          RAISE EXCEPTION USING ERRCODE = 'BK002',
            MESSAGE = 'commit refused: the schema has migration ${minimumWriter}, which processes knowing migrations up to '
              || coalesce(p->>'writer', '${WRITER_OF_UNNAMED_COMMITS}') || ' may not serve beside';
        END IF;
`;

/**
 * The schema's `commit_write(p jsonb)`: a commit written by one function call (migration 9; see
 * unit-of-work.ts and commit-document.ts). It takes the stream locks and checks the versions of the
 * streams the transaction has not locked, then writes the events, the accepted commands and their
 * outbox rows, the completion and its outbox row, the holds (`replace_holds`), the idempotency
 * record and the snapshot. A refused commit raises SQLSTATE BK001 with the conflict as JSON in its
 * DETAIL, which aborts the transaction.
 */
export const commitWriteSql = (t: Tables, version: CommitWriteVersion, minimumWriter = 0): string => {
  const create = version === 'migration9' ? 'CREATE' : 'CREATE OR REPLACE';
  return `      ${create} FUNCTION ${t.schema}.commit_write(p jsonb) RETURNS void LANGUAGE plpgsql AS $fn$
      DECLARE
        v_at timestamptz := (p->>'at')::timestamptz;
        a jsonb;
        check_row record;
        actual integer;
        completed_row ${t.commands};
        failed text;
        h jsonb;
      BEGIN
${writerCheckSql(version, minimumWriter)}        PERFORM pg_advisory_xact_lock(2, k::integer)
          FROM jsonb_array_elements_text(p->'locks') WITH ORDINALITY AS l(k, n) ORDER BY n;
        FOR check_row IN SELECT c->>'streamId' AS stream_id, (c->>'expected')::integer AS expected
            FROM jsonb_array_elements(p->'checks') AS c LOOP
          SELECT coalesce(max(version), 0) INTO actual FROM ${t.events} WHERE stream_id = check_row.stream_id;
          IF actual <> check_row.expected THEN
            PERFORM ${t.schema}.refuse_commit(jsonb_build_object('_tag', 'VersionConflict', 'streamId', check_row.stream_id,
              'expected', check_row.expected, 'actual', actual));
          END IF;
        END LOOP;
        INSERT INTO ${t.events} (stream_id, version, type, data, recorded, schema_version)
          SELECT e->>'streamId', (e->>'version')::integer, e->>'type', e->'data', ${recordedSql(t, version)},
                 coalesce((e->>'schemaVersion')::integer, 1)
            FROM jsonb_array_elements(p->'events') WITH ORDINALITY AS u(e, n) ORDER BY n;
        -- The accepted commands, in order, each at its basket's next sequence.
        FOR a IN SELECT x FROM jsonb_array_elements(coalesce(p->'accepts', '[]'::jsonb)) WITH ORDINALITY AS u(x, n) ORDER BY n LOOP
          WITH accepted AS (
            INSERT INTO ${t.commands}
                (notification_id, store_id, basket_id, operation, payment_intent_id, command, created, sequence,
                 status, completed, problem)
              VALUES (a->>'notificationId', a->>'storeId', a->>'basketId', a->>'operation', a->>'paymentIntentId',
                      a->'command', (a->>'accepted')::timestamptz,
                      (SELECT coalesce(max(c.sequence), 0) + 1 FROM ${t.commands} c WHERE c.basket_id = a->>'basketId'),
                      coalesce(a->>'status', 'Pending'), (a->>'completed')::timestamptz, a->'problem')
              RETURNING *
          )
          INSERT INTO ${t.outbox} (notification_id, notification)
            SELECT accepted.notification_id, ${t.schema}.notification_json(accepted) FROM accepted
              WHERE accepted.status <> 'Pending';
        END LOOP;
        IF p->'completion' IS NOT NULL THEN
          UPDATE ${t.commands} SET status = p->'completion'->>'status',
              completed = (p->'completion'->>'completed')::timestamptz, problem = p->'completion'->'problem'
            WHERE notification_id = p->'completion'->>'notificationId' AND status = 'Pending'
            RETURNING * INTO completed_row;
          IF NOT FOUND THEN
            PERFORM ${t.schema}.refuse_commit(jsonb_build_object('_tag', 'AlreadyCompleted', 'notificationId', p->'completion'->>'notificationId'));
          END IF;
          INSERT INTO ${t.outbox} (notification_id, notification)
            VALUES (completed_row.notification_id, ${t.schema}.notification_json(completed_row));
        END IF;
        h := p->'holds';
        IF h IS NOT NULL THEN
          failed := ${t.schema}.replace_holds(h->>'holder', (h->>'holderKey')::integer, v_at,
            ARRAY(SELECT jsonb_array_elements_text(h->'resources')),
            ARRAY(SELECT x::integer FROM jsonb_array_elements_text(h->'quantities') AS x),
            ARRAY(SELECT x::integer FROM jsonb_array_elements_text(h->'capacities') AS x),
            ARRAY(SELECT x::timestamptz FROM jsonb_array_elements_text(h->'expires') AS x),
            ARRAY(SELECT x::integer FROM jsonb_array_elements_text(h->'keys') AS x));
          IF failed IS NOT NULL THEN
            PERFORM ${t.schema}.refuse_commit(jsonb_build_object('_tag', 'InsufficientInventory', 'resource', failed));
          END IF;
        END IF;
        IF p->'idempotency' IS NOT NULL THEN
          INSERT INTO ${t.idempotency} AS existing (store_id, key, fingerprint, response, created)
            VALUES (p->'idempotency'->>'storeId', p->'idempotency'->>'key', p->'idempotency'->>'fingerprint',
                    p->'idempotency'->'response', (p->'idempotency'->>'created')::timestamptz)
            ON CONFLICT (store_id, key) DO UPDATE
              SET fingerprint = excluded.fingerprint, response = excluded.response, created = excluded.created
              WHERE existing.created < excluded.created - interval '24 hours';
          IF NOT FOUND THEN
            PERFORM ${t.schema}.refuse_commit(jsonb_build_object('_tag', 'IdempotencyKeyTaken', 'storeId', p->'idempotency'->>'storeId',
              'key', p->'idempotency'->>'key'));
          END IF;
        END IF;
        IF p->'snapshot' IS NOT NULL THEN
          INSERT INTO ${t.snapshots} AS s (stream_id, version, schema, state)
            VALUES (p->'snapshot'->>'streamId', (p->'snapshot'->>'version')::integer, p->'snapshot'->>'schema',
                    p->'snapshot'->'state')
            ON CONFLICT (stream_id) DO UPDATE
              SET version = excluded.version, schema = excluded.schema, state = excluded.state, saved = now()
              WHERE s.version < excluded.version;
        END IF;
        RETURN;
      END
      $fn$;
`;
};

/**
 * The schema's `commit_write_all(p jsonb[])` (migration 18): the commits of several transactions
 * that the pg driver runs as one (pg-batches.ts), written in order, each in a subtransaction of its
 * own, so that a refused commit (or any error of it) undoes that commit alone. Answers a JSON array
 * with one entry per document: null when it was written, else the error that refused it (`code`,
 * `message`, `detail`, `constraint`), which the driver gives back to that transaction as if
 * PostgreSQL had raised it there.
 *
 * Every resource lock any of the documents may take (class 4: a resource's key, or each of its
 * stripes' keys) is taken first, in key order. Each commit locks its own in key order, but one
 * commit's after another's need not be in key order, and two batches of other processes taking
 * them so could wait on each other in a cycle; taken all at once, in order, they cannot.
 */
export const commitWriteAllSql = (t: Tables): string => `
      CREATE FUNCTION ${t.schema}.commit_write_all(p jsonb[]) RETURNS jsonb LANGUAGE plpgsql AS $fn$
      DECLARE
        outcomes jsonb := '[]'::jsonb;
        v_code text;
        v_message text;
        v_detail text;
        v_constraint text;
      BEGIN
        PERFORM pg_advisory_xact_lock(4, k) FROM (
          SELECT DISTINCT CASE WHEN r.capacity >= ${STRIPED_CAPACITY} THEN r.key # s.stripe ELSE r.key END AS k
            FROM unnest(p) AS d(doc)
            CROSS JOIN LATERAL (
              SELECT k.value::integer AS key, c.value::integer AS capacity
                FROM jsonb_array_elements_text(coalesce(d.doc->'holds'->'keys', '[]'::jsonb)) WITH ORDINALITY AS k(value, n)
                JOIN jsonb_array_elements_text(coalesce(d.doc->'holds'->'capacities', '[]'::jsonb)) WITH ORDINALITY AS c(value, n)
                  USING (n)) AS r
            CROSS JOIN generate_series(0, ${COUNT_STRIPES - 1}) AS s(stripe)
          ORDER BY 1) AS keys;
        FOR i IN 1 .. coalesce(array_length(p, 1), 0) LOOP
          BEGIN
            PERFORM ${t.schema}.commit_write(p[i]);
            outcomes := outcomes || 'null'::jsonb;
          EXCEPTION WHEN OTHERS THEN
            GET STACKED DIAGNOSTICS v_code = RETURNED_SQLSTATE, v_message = MESSAGE_TEXT,
              v_detail = PG_EXCEPTION_DETAIL, v_constraint = CONSTRAINT_NAME;
            outcomes := outcomes || jsonb_build_array(jsonb_build_object('code', v_code, 'message', v_message,
              'detail', nullif(v_detail, ''), 'constraint', nullif(v_constraint, '')));
          END;
        END LOOP;
        RETURN outcomes;
      END
      $fn$;
`;
