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

/** The statement taking `lock`, its integers checked (they are written into the text). */
export const advisoryLockSql = ({ kind, key }: AdvisoryLock): string => {
  if (!Number.isInteger(kind) || !Number.isInteger(key)) throw new Error('advisory lock keys are integers');
  return `SELECT pg_advisory_xact_lock(${kind}, ${key})`;
};

/**
 * The small query interface both drivers (`pg` and PGlite) provide. `transaction` commits when `fn`
 * resolves and rolls back when it throws; statements of `fn` run on one connection.
 */
export type Db = Queryable & {
  readonly driver: 'pg' | 'pglite';
  /**
   * `lock`, when given, is a transaction-scoped advisory lock taken first, sent with BEGIN in one
   * round trip where the driver can.
   */
  readonly transaction: <T>(fn: (tx: Queryable) => Promise<T>, lock?: AdvisoryLock) => Promise<T>;
  readonly close: () => Promise<void>;
};

/** The SQLSTATE of a database error, when it is one. */
export const sqlState = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error;
  return typeof code === 'string' ? code : undefined;
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
