import type pg from 'pg';
import type { Queryable, Row } from './db';
import { statementName } from './pg-opening';

export const errorOf = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** pg's own error when a statement's answer did not come within `query_timeout`. */
export const isReadTimeout = (error: unknown): boolean =>
  error instanceof Error && error.message === 'Query read timeout';

/** The longest a timer can wait (ms): a script's answer is waited for as long as it takes. */
const UNBOUNDED_MS = 2 ** 31 - 1;

/** Statements with parameters as named prepared statements, scripts as simple queries. */
export const queryableOf = (client: pg.Pool | pg.PoolClient): Queryable => ({
  query: async (sql, params = []) =>
    (params.length === 0
      ? await client.query(sql)
      : await client.query({ name: statementName(sql), text: sql, values: [...params] })
    ).rows,
  // Scripts are migrations, which may rewrite a large table: no read timeout (nor, set by
  // `migrate`, a statement timeout).
  exec: async (sql) => {
    // pg reads `query_timeout` of a query's config (its types name it on the connection's only).
    const script: pg.QueryConfig & { readonly query_timeout: number } = {
      text: sql,
      query_timeout: UNBOUNDED_MS,
    };
    await client.query(script);
  },
});

/** The rows of each statement of a simple query (pg answers one result, or an array for several). */
export const resultsOf = (
  result: pg.QueryResult | ReadonlyArray<pg.QueryResult>,
): ReadonlyArray<ReadonlyArray<Row>> =>
  Array.isArray(result) ? result.map((r: pg.QueryResult) => r.rows) : [(result as pg.QueryResult).rows];
