import pg from 'pg';
import { advisoryLockSql, type Db, type Queryable, type Row, type TransactionQueryable } from './db';
import { openingSql, preparedElsewhere, statementName } from './pg-opening';

export type PgPoolOptions = {
  /** Connections in the pool (default 10). */
  readonly max?: number;
  /** Reported as `application_name` in pg_stat_activity. */
  readonly applicationName?: string;
  /**
   * Whether a transaction's opening reads run as `EXECUTE` of statements prepared in SQL once per
   * connection (default true). Behind a pooler in transaction mode, which cannot keep them, the
   * first failure turns this off for the pool by itself (docs/operations.md).
   */
  readonly prepareOpenings?: boolean;
};

/** An opening failed on SQL-prepared statements that were not this connection's (`preparedElsewhere`). */
class PreparedElsewhere extends Error {
  constructor(readonly failure: Error) {
    super('a statement prepared in SQL was not on this connection');
  }
}

const errorOf = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

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
  let prepareOpenings = options.prepareOpenings ?? true;

  const attempt: Db['transaction'] = async (fn, opening) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    let begun = false;
    let committed = false;
    try {
      const head = opening === undefined ? ['BEGIN'] : ['BEGIN', advisoryLockSql(opening.lock)];
      const reads = opening?.reads ?? [];
      let opened: ReadonlyArray<ReadonlyArray<Row>> = [];
      if (reads.length > 0) {
        // One round trip: BEGIN, the lock and the opening reads.
        const prepare = prepareOpenings;
        const query = openingSql(client, head, reads, prepare);
        begun = true;
        let results: ReadonlyArray<ReadonlyArray<Row>>;
        try {
          results = resultsOf(await client.query(query.sql));
        } catch (error) {
          broken = errorOf(error);
          throw prepare && preparedElsewhere(error) ? new PreparedElsewhere(broken) : error;
        }
        query.prepared();
        opened = query.readAt.map((i) => results[i] ?? []);
      }
      // With no reads, BEGIN and the lock go with the transaction's first statement: its commit,
      // for a body that only writes (one round trip in all), or alone before a statement with
      // parameters.
      const begin = async (): Promise<void> => {
        if (begun) return;
        begun = true;
        await client.query(head.join(';\n'));
      };
      const queryable = queryableOf(client);
      const tx: TransactionQueryable = {
        query: async (sql, params) => {
          await begin();
          return queryable.query(sql, params);
        },
        exec: async (sql) => {
          await begin();
          await queryable.exec(sql);
        },
        commitWith: async (sql) => {
          const statements = begun ? [sql, 'COMMIT'] : [...head, sql, 'COMMIT'];
          begun = true;
          committed = true;
          await client.query(statements.join(';\n'));
        },
      };
      const result = await fn(tx, opened);
      if (begun && !committed) await client.query('COMMIT');
      return result;
    } catch (error) {
      if (begun && broken === undefined) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          broken = errorOf(rollbackError);
        }
      }
      throw error;
    } finally {
      // A connection whose opening or rollback failed is discarded rather than handed to the next
      // caller.
      client.release(broken);
    }
  };

  return {
    driver: 'pg',
    ...queryableOf(pool),
    transaction: async (fn, opening) => {
      try {
        return await attempt(fn, opening);
      } catch (error) {
        if (!(error instanceof PreparedElsewhere)) throw error;
        // Statements of another backend behind this connection (a pooler in transaction mode):
        // from now on the openings write their reads' values in, and this transaction runs again
        // (its body had not run).
        prepareOpenings = false;
        return attempt(fn, opening);
      }
    },
    close: () => pool.end(),
  };
};
