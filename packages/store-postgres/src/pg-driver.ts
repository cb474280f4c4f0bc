import pg from 'pg';
import type { Db, Queryable } from './db';

export type PgPoolOptions = {
  /** Connections in the pool (default 10). */
  readonly max?: number;
  /** Reported as `application_name` in pg_stat_activity. */
  readonly applicationName?: string;
};

const queryableOf = (client: pg.Pool | pg.PoolClient): Queryable => ({
  query: async (sql, params = []) => (await client.query(sql, [...params])).rows,
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
    transaction: async (fn) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
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
