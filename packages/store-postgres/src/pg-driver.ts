import { createHash } from 'node:crypto';
import pg from 'pg';
import { advisoryLockSql, type Db, type Queryable } from './db';

export type PgPoolOptions = {
  /** Connections in the pool (default 10). */
  readonly max?: number;
  /** Reported as `application_name` in pg_stat_activity. */
  readonly applicationName?: string;
};

/**
 * Statements with parameters run as named prepared statements: each connection parses and plans
 * one the first time it sees it, and later runs only bind and execute it (the service sends the
 * same few dozen statements over and over). The name is the text's hash.
 */
const names = new Map<string, string>();
const statementName = (sql: string): string => {
  let name = names.get(sql);
  if (name === undefined) {
    name = `basket_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    names.set(sql, name);
  }
  return name;
};

const queryableOf = (client: pg.Pool | pg.PoolClient): Queryable => ({
  query: async (sql, params = []) =>
    (params.length === 0
      ? await client.query(sql)
      : await client.query({ name: statementName(sql), text: sql, values: [...params] })
    ).rows,
  exec: async (sql) => {
    await client.query(sql);
  },
});

/** PostgreSQL through a `pg` Pool: the scaled configuration, shared by several server processes. */
export const openPgPool = (url: string, options: PgPoolOptions = {}): Db => {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'basket-service',
  });
  // An idle connection that the server drops must not crash the process: the pool replaces it.
  pool.on('error', () => {});
  return {
    driver: 'pg',
    ...queryableOf(pool),
    transaction: async (fn, lock) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        // One round trip: a simple query of two statements.
        await client.query(lock === undefined ? 'BEGIN' : `BEGIN; ${advisoryLockSql(lock)}`);
        const result = await fn(queryableOf(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        }
        throw error;
      } finally {
        // A connection whose rollback failed is discarded rather than handed to the next caller.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
};
