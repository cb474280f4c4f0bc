import type {
  Commit,
  CommitAcceptance,
  CommitConflict,
  CommitResult,
  NotificationCompletion,
  StreamAppend,
  TransactionReads,
  TransactionResult,
  UnitOfWork,
} from '@basket/app';
import { pendingQuery } from './command-queue';
import { type Db, isRetryable, isUniqueViolation, type Queryable } from './db';
import { postgresEventStore, postgresSnapshotStore, saveSnapshot } from './event-store';
import { postgresInventoryStore, replaceHolds } from './holds';
import { postgresIdempotencyStore, storeIdempotency } from './idempotency';
import { lockAll, lockClass } from './locks';
import type { Tables } from './names';
import { acceptedCommandOf, commandColumns, notificationOf } from './notification-row';
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

const appendEvents = async (tx: Queryable, t: Tables, append: StreamAppend, at: string): Promise<void> => {
  if (append.events.length === 0) return;
  await tx.query(
    `INSERT INTO ${t.events} (stream_id, version, type, data, recorded, schema_version)
      SELECT $1, $2::int + u.i::int, u.e->>'type', u.e->'data', $4::timestamptz,
             coalesce((u.e->>'schemaVersion')::int, 1)
        FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS u(e, i)`,
    [append.streamId, append.expectedVersion, jsonParam(append.events), instantParam(at)],
  );
};

/**
 * Inserts the accepted command at its basket's next sequence (the queue's lock makes max + 1 safe),
 * already completed when it has its outcome; then its outbox row (after the row has the xid).
 */
const insertAccepted = async (tx: Queryable, t: Tables, accept: CommitAcceptance): Promise<void> => {
  const { command, outcome } = accept;
  await lockAll(tx, t.schema, lockClass.basketQueue, [command.basketId]);
  const [row] = await tx.query(
    `INSERT INTO ${t.commands}
        (notification_id, store_id, basket_id, operation, payment_intent_id, command, created, sequence,
         status, completed, problem)
      SELECT $1, $2, $3, $4, $5, $6::jsonb, $7::timestamptz, coalesce(max(sequence), 0) + 1,
             $8, $9::timestamptz, $10::jsonb
        FROM ${t.commands} WHERE basket_id = $3
      RETURNING ${commandColumns}`,
    [
      command.notificationId,
      command.storeId,
      command.basketId,
      command.operation,
      command.paymentIntentId ?? null,
      jsonParam(command.command),
      instantParam(command.accepted),
      outcome?.status ?? 'Pending',
      outcome === undefined ? null : instantParam(outcome.completed),
      outcome?.status === 'Failed' ? jsonParam(outcome.problem) : null,
    ],
  );
  if (row === undefined) throw new Error('accepting a command inserted no row');
  if (outcome === undefined) return;
  await tx.query(`INSERT INTO ${t.outbox} (notification_id, notification) VALUES ($1, $2::jsonb)`, [
    command.notificationId,
    jsonParam(notificationOf(row)),
  ]);
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
const write = async (tx: Queryable, t: Tables, commit: Commit, locked?: string): Promise<number> => {
  const appends: ReadonlyArray<StreamAppend> = [
    { streamId: commit.streamId, expectedVersion: commit.expectedVersion, events: commit.events },
    ...(commit.also ?? []),
  ];
  const toLock = appends.map((a) => a.streamId).filter((streamId) => streamId !== locked);
  // A transaction's own lock is taken first (it serialises the decision); further streams after it.
  await lockAll(tx, t.schema, lockClass.stream, toLock);
  for (const append of appends) {
    // Under the transaction's lock, a stream that only grows with events: nothing to check again.
    if (append.streamId === locked && append.events.length === 0) continue;
    const actual = await currentVersion(tx, t, append.streamId);
    if (actual !== append.expectedVersion) {
      throw new Rollback({
        _tag: 'VersionConflict',
        streamId: append.streamId,
        expected: append.expectedVersion,
        actual,
      });
    }
  }
  for (const append of appends) await appendEvents(tx, t, append, commit.at);
  if (commit.accept !== undefined) await insertAccepted(tx, t, commit.accept);
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

/** The stores' reads, on the transaction's connection. */
const readsOn = (tx: Queryable, t: Tables): TransactionReads => {
  const events = postgresEventStore(tx, t);
  const snapshots = postgresSnapshotStore(tx, t);
  const idempotency = postgresIdempotencyStore(tx, t);
  const inventory = postgresInventoryStore(tx, t);
  return {
    readStream: events.readStream,
    loadSnapshot: snapshots.load,
    findIdempotency: idempotency.find,
    heldByOthers: inventory.heldByOthers,
    oldestPending: async (basketId) => {
      const [row] = await tx.query(pendingQuery(t), [basketId]);
      return row === undefined ? undefined : acceptedCommandOf(row);
    },
  };
};

/**
 * One transaction under the advisory lock of `lock`, taken first: the body reads and decides, its
 * commit is written before COMMIT. A refused commit rolls everything back.
 */
const transaction = async <T>(
  db: Db,
  t: Tables,
  lock: string,
  body: (reads: TransactionReads) => Promise<{ readonly commit?: Commit; readonly value: T }>,
): Promise<TransactionResult<T>> => {
  for (let attempt = 1; ; attempt += 1) {
    let refused: { readonly value: T; readonly conflict: CommitConflict } | undefined;
    try {
      return await db.transaction(async (tx): Promise<TransactionResult<T>> => {
        await lockAll(tx, t.schema, lockClass.stream, [lock]);
        const decided = await body(readsOn(tx, t));
        if (decided.commit === undefined) return { _tag: 'Done', value: decided.value };
        try {
          const version = await write(tx, t, decided.commit, lock);
          return { _tag: 'Done', value: decided.value, version };
        } catch (error) {
          if (error instanceof Rollback) refused = { value: decided.value, conflict: error.conflict };
          throw error;
        }
      });
    } catch (error) {
      if (refused !== undefined) return { _tag: 'Refused', ...refused };
      if (isRetryable(error) && attempt < maxAttempts) continue;
      throw error;
    }
  }
};

/** All or nothing (C-3.4); conflicts are values, never exceptions. */
export const postgresUnitOfWork = (db: Db, t: Tables): UnitOfWork => ({
  transaction: (lock, body) => transaction(db, t, lock, body),
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
