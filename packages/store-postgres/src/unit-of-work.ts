import type { Commit, CommitConflict, CommitResult, NotificationCompletion, UnitOfWork } from '@basket/app';
import { type Db, isRetryable, isUniqueViolation, type Queryable } from './db';
import { saveSnapshot } from './event-store';
import { replaceHolds } from './holds';
import { storeIdempotency } from './idempotency';
import { lockAll, lockClass } from './locks';
import type { Tables } from './names';
import { commandColumns, notificationOf } from './notification-row';
import { instantParam, int, jsonParam } from './values';

/** Thrown inside the transaction to roll it back and answer the conflict as a value. */
class Rollback extends Error {
  constructor(readonly conflict: CommitConflict) {
    super(conflict._tag);
  }
}

const currentVersion = async (db: Queryable, t: Tables, streamId: string): Promise<number> => {
  const [row] = await db.query(
    `SELECT coalesce(max(version), 0) AS version FROM ${t.events} WHERE stream_id = $1`,
    [streamId],
  );
  return row === undefined ? 0 : int(row, 'version');
};

const appendEvents = async (tx: Queryable, t: Tables, commit: Commit): Promise<void> => {
  if (commit.events.length === 0) return;
  await tx.query(
    `INSERT INTO ${t.events} (stream_id, version, type, data, recorded)
      SELECT $1, $2::int + u.i::int, u.e->>'type', u.e->'data', $4::timestamptz
        FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS u(e, i)`,
    [commit.streamId, commit.expectedVersion, jsonParam(commit.events), instantParam(commit.at)],
  );
};

/**
 * Completes a Pending notification and writes its outbox row. The UPDATE runs before the outbox
 * INSERT, so the transaction has its xid before the row takes its position (outbox.ts relies on it).
 */
const complete = async (tx: Queryable, t: Tables, completion: NotificationCompletion): Promise<boolean> => {
  const { outcome } = completion;
  const [row] = await tx.query(
    `UPDATE ${t.commands} SET status = $2, completed = $3::timestamptz, problem = $4::jsonb
      WHERE notification_id = $1 AND status = 'Pending' RETURNING ${commandColumns}`,
    [
      completion.notificationId,
      outcome.status,
      instantParam(outcome.completed),
      outcome.status === 'Failed' ? jsonParam(outcome.problem) : null,
    ],
  );
  if (row === undefined) return false;
  await tx.query(`INSERT INTO ${t.outbox} (notification_id, notification) VALUES ($1, $2::jsonb)`, [
    completion.notificationId,
    jsonParam(notificationOf(row)),
  ]);
  return true;
};

/**
 * Everything of one commit in one transaction. Commits of one stream are serialised by an advisory
 * lock on the stream, taken first; holders and resources are locked after it, so no two commits
 * wait on each other in a cycle.
 */
const write = async (tx: Queryable, t: Tables, commit: Commit): Promise<number> => {
  await lockAll(tx, t.schema, lockClass.stream, [commit.streamId]);
  const actual = await currentVersion(tx, t, commit.streamId);
  if (actual !== commit.expectedVersion) {
    throw new Rollback({
      _tag: 'VersionConflict',
      streamId: commit.streamId,
      expected: commit.expectedVersion,
      actual,
    });
  }
  await appendEvents(tx, t, commit);
  if (commit.completion !== undefined && !(await complete(tx, t, commit.completion))) {
    throw new Rollback({ _tag: 'AlreadyCompleted', notificationId: commit.completion.notificationId });
  }
  if (commit.holds !== undefined) {
    const resource = await replaceHolds(tx, t, commit.holds, commit.at);
    if (resource !== undefined) throw new Rollback({ _tag: 'InsufficientInventory', resource });
  }
  if (commit.idempotency !== undefined) {
    const taken = await storeIdempotency(tx, t, commit.idempotency);
    if (taken !== undefined) throw new Rollback(taken);
  }
  if (commit.snapshot !== undefined) await saveSnapshot(tx, t, commit.streamId, commit.snapshot);
  return commit.expectedVersion + commit.events.length;
};

const maxAttempts = 5;

/** All or nothing (C-3.4); conflicts are values, never exceptions. */
export const postgresUnitOfWork = (db: Db, t: Tables): UnitOfWork => ({
  commit: async (commit): Promise<CommitResult> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const version = await db.transaction((tx) => write(tx, t, commit));
        return { _tag: 'Committed', version };
      } catch (error) {
        if (error instanceof Rollback) return error.conflict;
        // A writer that does not take the stream lock (another version of this code) appended first.
        if (isUniqueViolation(error, 'events_stream_version_key')) {
          const actual = await currentVersion(db, t, commit.streamId);
          return {
            _tag: 'VersionConflict',
            streamId: commit.streamId,
            expected: commit.expectedVersion,
            actual,
          };
        }
        if (isRetryable(error) && attempt < maxAttempts) continue;
        throw error;
      }
    }
  },
});
