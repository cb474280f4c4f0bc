/** The production schema. */
export const defaultSchema = 'basket';

/**
 * What is wrong with a schema name, if anything. Names are interpolated into SQL, so only plain
 * lowercase identifiers are taken, as PostgreSQL takes them unquoted: a letter or `_` first, at most
 * 63 characters, and not `pg_…` (reserved for the system's schemas).
 */
export const schemaNameProblem = (schema: string): string | undefined => {
  if (!/^[a-z0-9_]+$/.test(schema)) return 'use lowercase letters, digits and _';
  if (/^[0-9]/.test(schema)) return 'start with a letter or _';
  if (schema.length > 63) return 'use at most 63 characters';
  if (schema.startsWith('pg_')) return 'pg_ names are the system’s';
  return undefined;
};

export const checkSchemaName = (schema: string): string => {
  const problem = schemaNameProblem(schema);
  if (problem !== undefined) throw new Error(`invalid schema name ${JSON.stringify(schema)}: ${problem}`);
  return schema;
};

/** The qualified table names of one schema. */
export type Tables = {
  readonly schema: string;
  readonly migrations: string;
  readonly events: string;
  readonly snapshots: string;
  readonly commands: string;
  readonly outbox: string;
  readonly idempotency: string;
  readonly holds: string;
  /** Units held per resource, expired holds included (see holds.ts). */
  readonly holdCounts: string;
  readonly leases: string;
  readonly paymentSessions: string;
  readonly paymentCharges: string;
  readonly providerConfirmations: string;
  /**
   * Whether the database orders ASCII text byte by byte (C, POSIX, C.UTF-8: `byteOrderedText` in
   * holds.ts, checked when the storage opens), so that the resources of one product between two
   * keys are an index range of their own. Absent: not known, not used.
   */
  readonly byteOrdered?: boolean;
};

export const tablesOf = (schema: string): Tables => {
  const s = checkSchemaName(schema);
  return {
    schema: s,
    migrations: `${s}.schema_migrations`,
    events: `${s}.events`,
    snapshots: `${s}.snapshots`,
    commands: `${s}.commands`,
    outbox: `${s}.outbox`,
    idempotency: `${s}.idempotency`,
    holds: `${s}.holds`,
    holdCounts: `${s}.hold_counts`,
    leases: `${s}.leases`,
    paymentSessions: `${s}.payment_sessions`,
    paymentCharges: `${s}.payment_charges`,
    providerConfirmations: `${s}.provider_confirmations`,
  };
};
