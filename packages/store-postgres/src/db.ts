/** A result row as both drivers return it: column name to value. */
export type Row = Readonly<Record<string, unknown>>;

/** What a statement runs on: the database itself, or an open transaction. */
export type Queryable = {
  readonly query: (sql: string, params?: ReadonlyArray<unknown>) => Promise<ReadonlyArray<Row>>;
  /** Runs a script of several statements without parameters (migrations). */
  readonly exec: (sql: string) => Promise<void>;
};

/** An advisory lock of `pg_advisory_xact_lock(kind, key)`: two 32-bit integers. */
export type AdvisoryLock = { readonly kind: number; readonly key: number };

/** A value written into a statement's text as a literal (`literalOf`). */
export type InlineParam = string | number | null | ReadonlyArray<string>;

/** A statement with its parameters ($1 → the first), for a driver to send as it sees fit. */
export type Statement = { readonly sql: string; readonly params: ReadonlyArray<InlineParam> };

/**
 * How the commits of transactions run together as one (the pg driver's batches, pg-batches.ts)
 * are written: transactions of one `key` may share a PostgreSQL transaction, each commit given as
 * a document, and `all` is the statement writing several documents in order, each undone alone
 * when refused; it answers one row whose `outcomes` column is a JSON array of null (written) or
 * the error that refused the document (`code`, `message`, `detail`, `constraint`).
 */
export type CommitBatching = {
  readonly key: string;
  readonly all: (documents: ReadonlyArray<string>) => string;
};

export type TransactionOpening = {
  readonly lock: AdvisoryLock;
  readonly reads?: ReadonlyArray<Statement>;
  /** Given, the transaction may run in one PostgreSQL transaction with others of its key. */
  readonly batch?: CommitBatching;
  /**
   * When the request behind it arrived (ms since the epoch; absent: now): it waits for its turn and
   * its lock no longer than the statement timeout from then (lock-lines.ts).
   */
  readonly since?: number;
};

/** What a transaction does, given its connection and the rows of its opening's reads. */
export type TransactionBody<T> = (
  tx: TransactionQueryable,
  opened: ReadonlyArray<ReadonlyArray<Row>>,
) => Promise<T>;

/** A transaction's connection, which can also end with a last statement and COMMIT in one round trip. */
export type TransactionQueryable = Queryable & {
  /**
   * Runs `sql` (no parameters) and commits, in one round trip where the driver can. A transaction
   * opened with `batch` also gives its commit as `document`: run with others, the driver writes it
   * with theirs (`CommitBatching.all`) instead of running `sql`.
   */
  readonly commitWith: (sql: string, document?: string) => Promise<void>;
};

/**
 * A string as a SQL literal, for statements sent without parameters (E'' syntax: quotes and
 * backslashes escaped, so it reads the same whatever standard_conforming_strings says).
 */
export const sqlLiteral = (value: string): string => {
  const escaped = value.replaceAll('\\', '\\\\').replaceAll("'", "''");
  return `E'${escaped}'`;
};

/** A string list as one array literal's text (`{"a","b"}`): elements quoted, `"` and `\` escaped. */
const arrayText = (values: ReadonlyArray<string>): string =>
  `{${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

/**
 * A parameter as a SQL literal: strings as `sqlLiteral`, integers as digits, null as NULL, string
 * lists as one text array literal (PostgreSQL parses a thousand seats' keys written so in a third
 * of the time it takes for an ARRAY[…] of as many literals).
 */
export const literalOf = (value: InlineParam): string => {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error('only integers are written into statements');
    return String(value);
  }
  if (typeof value === 'string') return sqlLiteral(value);
  return `${sqlLiteral(arrayText(value))}::text[]`;
};

/**
 * `sql` with its parameters written in as literals ($1 → the first), for a statement sent in a
 * simple query. The service's statements hold no `$` but their parameters'.
 */
export const inlineParams = (sql: string, params: ReadonlyArray<InlineParam>): string =>
  sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === undefined) throw new Error(`no parameter $${n}`);
    return literalOf(value);
  });

/** A lock's two keys as the arguments of an advisory lock function, checked (they are written into the text). */
const lockArgs = ({ kind, key }: AdvisoryLock): string => {
  if (!Number.isInteger(kind) || !Number.isInteger(key)) throw new Error('advisory lock keys are integers');
  return `${kind}, ${key}`;
};

/** The statement taking `lock`, its integers checked (they are written into the text). */
export const advisoryLockSql = (lock: AdvisoryLock): string =>
  `SELECT pg_advisory_xact_lock(${lockArgs(lock)})`;

/**
 * The statement taking `lock` if it is free, answering one row whose `locked` says whether it did:
 * an opening that must not wait behind another session's transaction (pg-batches.ts).
 */
export const tryAdvisoryLockSql = (lock: AdvisoryLock): string =>
  `SELECT pg_try_advisory_xact_lock(${lockArgs(lock)}) AS locked`;

/** Whether the rows of `tryAdvisoryLockSql` say the lock was taken. */
export const lockTaken = (rows: ReadonlyArray<Row> | undefined): boolean => rows?.[0]?.locked === true;

/**
 * The small query interface both drivers (`pg` and PGlite) provide. `transaction` commits when `fn`
 * resolves and rolls back when it throws; statements of `fn` run on one connection.
 */
export type Db = Queryable & {
  readonly driver: 'pg' | 'pglite';
  /**
   * A read outside any transaction that the driver may send in one round trip with other reads of
   * the same moment (the pg driver does; absent: `query`).
   */
  readonly read?: (sql: string, params: ReadonlyArray<unknown>) => Promise<ReadonlyArray<Row>>;
  /**
   * `opening`, when given, is what the transaction does first: take an advisory lock, then run
   * `reads`, whose rows reach `fn` as `opened`. The pg driver sends BEGIN with all of it in one
   * round trip (with no reads, with the transaction's first statement).
   */
  readonly transaction: <T>(fn: TransactionBody<T>, opening?: TransactionOpening) => Promise<T>;
  readonly close: () => Promise<void>;
};

/** `db`'s reads that may go with others (`Db.read`), or its plain queries. */
export const readOn =
  (db: Db) =>
  (sql: string, params: ReadonlyArray<unknown>): Promise<ReadonlyArray<Row>> =>
    db.read === undefined ? db.query(sql, params) : db.read(sql, params);

/** `db` as a `Queryable` whose queries are reads that may go with others: for stores that only read. */
export const readingOn = (db: Db): Queryable => ({
  ...db,
  query: (sql, params = []) => readOn(db)(sql, params),
});

/** The SQLSTATE of a database error, when it is one. */
export const sqlState = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error;
  return typeof code === 'string' ? code : undefined;
};

/** The DETAIL of a database error, when it has one. */
export const detailOf = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null || !('detail' in error)) return undefined;
  const { detail } = error;
  return typeof detail === 'string' ? detail : undefined;
};

/** The constraint a database error names, when it names one. */
export const constraintOf = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null || !('constraint' in error)) return undefined;
  const { constraint } = error;
  return typeof constraint === 'string' ? constraint : undefined;
};

export const isUniqueViolation = (error: unknown, constraint?: string): boolean =>
  sqlState(error) === '23505' && (constraint === undefined || constraintOf(error) === constraint);

/** A deadlock or serialization failure: the transaction may simply be run again. */
export const isRetryable = (error: unknown): boolean => {
  const state = sqlState(error);
  return state === '40P01' || state === '40001';
};
