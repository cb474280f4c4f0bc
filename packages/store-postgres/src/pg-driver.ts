import { createHash } from 'node:crypto';
import pg from 'pg';
import { advisoryLockSql, type Db, type Queryable, type Row, type TransactionQueryable } from './db';

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

/** The rows of each statement of a simple query (pg answers one result, or an array for several). */
const resultsOf = (
  result: pg.QueryResult | ReadonlyArray<pg.QueryResult>,
): ReadonlyArray<ReadonlyArray<Row>> =>
  Array.isArray(result) ? result.map((r: pg.QueryResult) => r.rows) : [(result as pg.QueryResult).rows];

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
    transaction: async (fn, opening) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      let committed = false;
      try {
        // One round trip: a simple query of BEGIN, the lock and the opening reads.
        const statements =
          opening === undefined
            ? ['BEGIN']
            : ['BEGIN', advisoryLockSql(opening.lock), ...(opening.reads ?? [])];
        // The answers of the opening reads, after those of BEGIN and the lock.
        const opened = resultsOf(await client.query(statements.join(';\n'))).slice(2);
        const tx: TransactionQueryable = {
          ...queryableOf(client),
          commitWith: async (sql) => {
            committed = true;
            await client.query(`${sql};\nCOMMIT`);
          },
        };
        const result = await fn(tx, opened);
        if (!committed) await client.query('COMMIT');
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
