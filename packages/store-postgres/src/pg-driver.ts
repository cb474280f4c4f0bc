import { createHash } from 'node:crypto';
import pg from 'pg';
import {
  advisoryLockSql,
  type Db,
  literalOf,
  type Queryable,
  type Row,
  type Statement,
  type TransactionQueryable,
} from './db';

export type PgPoolOptions = {
  /** Connections in the pool (default 10). */
  readonly max?: number;
  /** Reported as `application_name` in pg_stat_activity. */
  readonly applicationName?: string;
};

/**
 * Statements with parameters run as named prepared statements: each connection parses and plans
 * one the first time it sees it, and later runs only bind and execute it (the service sends the
 * same few dozen statements over and over). The name is the text's hash; `prefix` keeps the
 * protocol-level ones apart from those prepared in SQL (`openingSql`).
 */
const names = new Map<string, string>();
const statementName = (sql: string, prefix = 'basket_'): string => {
  const key = `${prefix}${sql}`;
  let name = names.get(key);
  if (name === undefined) {
    name = `${prefix}${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    names.set(key, name);
  }
  return name;
};

/** The SQL-level prepared statements of each connection (see `openingSql`). */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

/**
 * A transaction's opening as one simple query (one round trip): BEGIN, the lock, and each read as
 * `EXECUTE` of a statement prepared in SQL on this connection (`PREPARE` in the same query the first
 * time), so that PostgreSQL plans it once per connection, as it does the extended protocol's, rather
 * than on every call. `readAt` is the index of each read's result. The names are added to the
 * connection's set once the query has run (`prepared`); a connection whose opening failed is
 * discarded, so a PREPARE that ran in a failed query is never sent again.
 */
const openingSql = (
  client: pg.PoolClient,
  head: ReadonlyArray<string>,
  reads: ReadonlyArray<Statement>,
): { readonly sql: string; readonly readAt: ReadonlyArray<number>; readonly prepared: () => void } => {
  const known = preparedOn.get(client) ?? new Set<string>();
  preparedOn.set(client, known);
  const statements = [...head];
  const readAt: number[] = [];
  const added: string[] = [];
  for (const read of reads) {
    const name = statementName(read.sql, 'basket_open_');
    if (!known.has(name) && !added.includes(name)) {
      statements.push(`PREPARE ${name} AS ${read.sql}`);
      added.push(name);
    }
    readAt.push(statements.length);
    statements.push(`EXECUTE ${name}(${read.params.map(literalOf).join(', ')})`);
  }
  return {
    sql: statements.join(';\n'),
    readAt,
    prepared: () => {
      for (const name of added) known.add(name);
    },
  };
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
      let begun = false;
      let committed = false;
      try {
        const head = opening === undefined ? ['BEGIN'] : ['BEGIN', advisoryLockSql(opening.lock)];
        const reads = opening?.reads ?? [];
        let opened: ReadonlyArray<ReadonlyArray<Row>> = [];
        if (reads.length > 0) {
          // One round trip: BEGIN, the lock and the opening reads.
          const query = openingSql(client, head, reads);
          begun = true;
          let results: ReadonlyArray<ReadonlyArray<Row>>;
          try {
            results = resultsOf(await client.query(query.sql));
          } catch (error) {
            broken = error instanceof Error ? error : new Error(String(error));
            throw error;
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
            broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
          }
        }
        throw error;
      } finally {
        // A connection whose rollback (or opening) failed is discarded rather than handed to the
        // next caller.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
};
