import { createHash } from 'node:crypto';
import type pg from 'pg';
import { inlineParams, literalOf, type Statement, sqlState } from './db';

/**
 * Statements with parameters run as named prepared statements: each connection parses and plans
 * one the first time it sees it, and later runs only bind and execute it (the service sends the
 * same few dozen statements over and over). The name is the text's hash.
 */
const names = new Map<string, string>();
export const statementName = (sql: string): string => {
  let name = names.get(sql);
  if (name === undefined) {
    name = `basket_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    names.set(sql, name);
  }
  return name;
};

/**
 * The name of `sql` prepared in SQL (`openingSql`): apart from the protocol-level one, as a read
 * may run both ways on one connection and both share its names.
 */
export const openingStatementName = (sql: string): string => `${statementName(sql)}_open`;

/** The SQL-level prepared statements of each connection (see `openingSql`). */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

export type OpeningQuery = {
  readonly sql: string;
  /** The index of each read's result among the query's results. */
  readonly readAt: ReadonlyArray<number>;
  /** Records the statements this query prepared, once it has run. */
  readonly prepared: () => void;
};

/**
 * A transaction's opening as one simple query (one round trip): BEGIN, the lock, and each read as
 * `EXECUTE` of a statement prepared in SQL on this connection (`PREPARE` in the same query the first
 * time), so that PostgreSQL plans it once per connection, as it does the extended protocol's, rather
 * than on every call. With `prepare` false, each read's values are written into its text instead.
 * A connection whose opening failed must be discarded, so that a PREPARE that ran in a failed query
 * is never sent again on it.
 */
export const openingSql = (
  client: pg.PoolClient,
  head: ReadonlyArray<string>,
  reads: ReadonlyArray<Statement>,
  prepare: boolean,
): OpeningQuery => {
  const statements = [...head];
  const readAt: number[] = [];
  if (!prepare) {
    for (const read of reads) {
      readAt.push(statements.length);
      statements.push(inlineParams(read.sql, read.params));
    }
    return { sql: statements.join(';\n'), readAt, prepared: () => {} };
  }
  const known = preparedOn.get(client) ?? new Set<string>();
  preparedOn.set(client, known);
  // PostgreSQL's default plan choice keeps planning these reads anew on every EXECUTE (a custom plan
  // looks cheaper than the generic one whenever a value narrows an index range, such as the events
  // after a version), which cost about a tenth of its CPU on an add. Their generic plans are the
  // index look-ups the custom ones find, so this transaction uses them; so do its later statements
  // (index look-ups and inserts alike), and the setting ends with it.
  statements.push('SET LOCAL plan_cache_mode = force_generic_plan');
  const added: string[] = [];
  for (const read of reads) {
    const name = openingStatementName(read.sql);
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

/**
 * Whether an opening failed because its connection's SQL-prepared statements were not what this
 * process recorded (missing: 26000; already there: 42P05): another backend's statements behind the
 * same connection, as a pooler in transaction mode hands out.
 */
export const preparedElsewhere = (error: unknown): boolean => {
  const state = sqlState(error);
  return state === '26000' || state === '42P05';
};

/**
 * An opening that was to take its lock only if free (`tryAdvisoryLockSql`) found it held by another
 * session: nothing ran, and the transaction is to run again where it may wait for the lock.
 */
export class LockBusy extends Error {
  constructor() {
    super('the transaction lock is held by another session');
  }
}
