import { randomBytes } from 'node:crypto';
import type { Storage } from '@basket/app';
import { afterAll, beforeAll } from 'vitest';
import {
  createPostgresStorage,
  type Db,
  dropSchema,
  openPglite,
  openPgPool,
  type PgPoolOptions,
} from '../src/index';
import { lockKey } from '../src/locks';

/** The test PostgreSQL server. Unreachable → the tests fail: they never skip. */
export const postgresUrl = process.env.BASKET_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A schema of this run alone, so runs and parallel test files never collide. */
export const freshSchema = (): string => `basket_test_${randomBytes(6).toString('hex')}`;

/**
 * A database shared by one test file, handing out storages on schemas of their own and dropping
 * every schema it made when the file is done.
 */
export type TestDatabase = {
  readonly db: Db;
  readonly storage: (schema?: string) => Promise<Storage>;
  readonly cleanup: () => Promise<void>;
};

export const testDatabase = (db: Db): TestDatabase => {
  const schemas = new Set<string>();
  return {
    db,
    storage: async (schema = freshSchema()) => {
      schemas.add(schema);
      return createPostgresStorage({ db, schema, closeDb: false });
    },
    cleanup: async () => {
      try {
        for (const schema of schemas) await dropSchema(db, schema);
      } finally {
        await db.close();
      }
    },
  };
};

export const pgliteTestDatabase = async (): Promise<TestDatabase> => testDatabase(await openPglite('memory'));

export const postgresTestDatabase = async (max = 10): Promise<TestDatabase> => {
  const db = openPgPool(postgresUrl, { max, applicationName: 'basket-store-postgres-tests' });
  await db.query('SELECT 1');
  return testDatabase(db);
};

/** A storage on a schema of its own, on a pool that runs one batch of transactions at a time (pg-batches.ts). */
export const batchedStorage = async (): Promise<{
  readonly db: Db;
  readonly storage: Storage;
  readonly schema: string;
  readonly close: () => Promise<void>;
}> => {
  const schema = freshSchema();
  const db = openPgPool(postgresUrl, { max: 4, batchesInFlight: 1 });
  const storage = await createPostgresStorage({ db, schema, closeDb: false });
  return {
    db,
    storage,
    schema,
    close: async () => {
      await dropSchema(db, schema);
      await db.close();
    },
  };
};

/**
 * Resolves once `count` backends of `applicationName` wait on a lock: how a test knows that a writer
 * has reached the statement it blocks on (polling the server's own view, not sleeping).
 */
export const waitForBlocked = async (db: Db, applicationName: string, count = 1): Promise<void> => {
  for (let attempt = 0; attempt < 10_000; attempt += 1) {
    const [row] = await db.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
      [applicationName],
    );
    if (Number(row?.n) >= count) return;
  }
  throw new Error(`no backend of ${applicationName} became blocked`);
};

/**
 * Holds `stream`'s lock (as a transaction of its basket would) in a session of `other` until the
 * answered function is called.
 */
export const holdStreamLock = async (other: Db, schema: string, ...streams: ReadonlyArray<string>) => {
  let release = (): void => {};
  let locked = (): void => {};
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holding = other.transaction(async (tx) => {
    for (const stream of streams)
      await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [2, lockKey(`${schema}:${stream}`)]);
    locked();
    await new Promise<void>((released) => {
      release = released;
    });
  });
  await isLocked;
  return async () => {
    release();
    await holding;
  };
};

/**
 * A process's pool (`options`) on a fresh schema and another session's, for a describe block:
 * `hold` holds a basket's lock in the other session; `storage()` is the process's storage.
 */
const HELD_AT = '2026-11-21T18:04:05.123Z';

export const withHeldLocks = (name: string, options: PgPoolOptions) => {
  const schema = freshSchema();
  const applicationName = `basket-batch-${name}-${schema}`;
  const db = openPgPool(postgresUrl, { ...options, applicationName });
  const other = openPgPool(postgresUrl, { max: 3 });
  let opened: Storage | undefined;
  beforeAll(async () => {
    opened = await createPostgresStorage({ db, schema, closeDb: false });
  });
  afterAll(async () => {
    await dropSchema(other, schema);
    await db.close();
    await other.close();
  });
  const storage = (): Storage => {
    if (opened === undefined) throw new Error('the storage opens before the tests');
    return opened;
  };
  /**
   * Appends one event to `stream` at the version it read, its pending command read with the opening,
   * for a request that arrived at `since` (absent: now).
   */
  const append = (stream: string, { since }: { since?: number } = {}) =>
    storage().unitOfWork.transaction(
      stream,
      async (reads) => {
        const version = (await reads.readStream(stream)).length;
        return {
          value: version,
          commit: {
            streamId: stream,
            expectedVersion: version,
            events: [{ type: 'Made', data: {} }],
            at: HELD_AT,
          },
        };
      },
      { pendingOf: stream },
      since,
    );
  /** The events of `stream`. */
  const written = async (stream: string) => (await storage().events.readStream(stream)).length;
  return {
    applicationName,
    other,
    storage,
    append,
    written,
    /** Holds the locks of `streams` in one transaction of the other session. */
    hold: (...streams: ReadonlyArray<string>) => holdStreamLock(other, schema, ...streams),
  };
};
