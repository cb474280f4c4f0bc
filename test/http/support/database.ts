import { randomBytes } from 'node:crypto';
import { openPgPool } from '@basket/store-postgres';

/** The test PostgreSQL server. Unreachable → the tests fail: they never skip. */
export const postgresUrl = process.env.BASKET_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type ScratchDatabase = { readonly url: string; readonly drop: () => Promise<void> };

/**
 * A database of its own for one spawned server (which keeps its tables in the schema `basket`), so
 * that parallel runs never share rows. Dropped, with its connections, by `drop`.
 */
export const scratchDatabase = async (): Promise<ScratchDatabase> => {
  const name = `basket_http_${randomBytes(6).toString('hex')}`;
  const admin = openPgPool(postgresUrl, { max: 1 });
  try {
    await admin.exec(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = openPgPool(postgresUrl, { max: 1 });
      try {
        await again.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.close();
      }
    },
  };
};
