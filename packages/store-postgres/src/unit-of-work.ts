import type {
  Commit,
  CommitConflict,
  CommitResult,
  TransactionPrefetch,
  TransactionReads,
  TransactionResult,
  UnitOfWork,
} from '@basket/app';
import { commitDocument, conflictOf } from './commit-document';
import {
  type CommitBatching,
  type Db,
  detailOf,
  isRetryable,
  isUniqueViolation,
  type Queryable,
  sqlLiteral,
  sqlState,
  type TransactionQueryable,
} from './db';
import { advisoryLock, lockClass } from './locks';
import type { Tables } from './names';
import { SchemaNewerThanProcessError } from './schema-generation';
import { openingReads, readsOn } from './transaction-reads';
import { int } from './values';

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

/**
 * Everything of one commit in one transaction, written by one call of `commit_write` (see
 * commit-document.ts). Commits of one stream are serialised by an advisory lock on the stream,
 * taken first; holders and resources are locked after it, so no two commits wait on each other in
 * a cycle. A refused commit throws `Rollback` with the conflict.
 */
const write = async (
  tx: TransactionQueryable,
  t: Tables,
  commit: Commit,
  locked?: string,
): Promise<number> => {
  try {
    // The call and COMMIT in one round trip: a refused commit raises, and COMMIT is not reached.
    const document = commitDocument(t, commit, locked);
    await tx.commitWith(`SELECT ${t.schema}.commit_write(${sqlLiteral(document)}::jsonb)`, document);
  } catch (error) {
    if (sqlState(error) === 'BK001') throw new Rollback(conflictOf(detailOf(error)));
    if (sqlState(error) === 'BK002')
      throw new SchemaNewerThanProcessError(error instanceof Error ? error.message : 'commit refused');
    throw error;
  }
  return commit.expectedVersion + commit.events.length;
};

const maxAttempts = 5;

/** Basket transactions of one schema may share a PostgreSQL transaction (see `commit_write_all`). */
const batchOf = (t: Tables): CommitBatching => ({
  key: t.schema,
  all: (documents) =>
    `SELECT ${t.schema}.commit_write_all(ARRAY[${documents.map(sqlLiteral).join(', ')}]::jsonb[]) AS outcomes`,
});

/**
 * One transaction under the advisory lock of `lock`, taken first: the body reads and decides, its
 * commit is written before COMMIT. A refused commit rolls everything back.
 */
const transaction = async <T>(
  db: Db,
  t: Tables,
  lock: string,
  body: (reads: TransactionReads) => Promise<{ readonly commit?: Commit; readonly value: T }>,
  prefetch?: TransactionPrefetch,
  since?: number,
): Promise<TransactionResult<T>> => {
  const opening = openingReads(t, prefetch);
  for (let attempt = 1; ; attempt += 1) {
    let refused: { readonly value: T; readonly conflict: CommitConflict } | undefined;
    try {
      return await db.transaction(
        async (tx, opened): Promise<TransactionResult<T>> => {
          const decided = await body(readsOn(tx, t, opening.prefetched(opened)));
          const { commit } = decided;
          if (commit === undefined) return { _tag: 'Done', value: decided.value };
          try {
            const version = await write(tx, t, commit, lock);
            return { _tag: 'Done', value: decided.value, version };
          } catch (error) {
            if (error instanceof Rollback) refused = { value: decided.value, conflict: error.conflict };
            if (isUniqueViolation(error, 'events_stream_version_key')) {
              // A writer that took no lock (another version of this code) appended first.
              refused = {
                value: decided.value,
                conflict: {
                  _tag: 'VersionConflict',
                  streamId: commit.streamId,
                  expected: commit.expectedVersion,
                  actual: commit.expectedVersion + 1,
                },
              };
            }
            throw error;
          }
        },
        {
          lock: advisoryLock(t.schema, lockClass.stream, lock),
          reads: opening.reads,
          batch: batchOf(t),
          ...(since === undefined ? {} : { since }),
        },
      );
    } catch (error) {
      if (refused !== undefined) return { _tag: 'Refused', ...refused };
      if (isRetryable(error) && attempt < maxAttempts) continue;
      throw error;
    }
  }
};

/** All or nothing (C-3.4); conflicts are values, never exceptions. */
export const postgresUnitOfWork = (db: Db, t: Tables): UnitOfWork => ({
  transaction: (lock, body, prefetch, since) => transaction(db, t, lock, body, prefetch, since),
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
