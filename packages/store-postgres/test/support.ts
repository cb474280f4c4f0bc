import { randomBytes } from 'node:crypto';
import type { Storage } from '@basket/app';
import { createPostgresStorage, type Db, dropSchema, openPglite, openPgPool } from '../src/index';

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
