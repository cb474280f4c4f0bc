/** The production schema. */
export const defaultSchema = 'basket';

/**
 * PostgreSQL's keywords that an unquoted identifier cannot be (reserved, type or function names,
 * column names: `pg_get_keywords()` of categories R, T and C, as of PostgreSQL 15 to 17). A schema
 * named `user` would make every statement a syntax error.
 */
const KEYWORDS: ReadonlySet<string> = new Set(
  `
  all analyse analyze and any array as asc asymmetric authorization between bigint binary bit
  boolean both case cast char character check coalesce collate collation column concurrently
  constraint create cross current_catalog current_date current_role current_schema current_time
  current_timestamp current_user dec decimal default deferrable desc distinct do else end except
  exists extract false fetch float for foreign freeze from full grant greatest group grouping
  having ilike in initially inner inout int integer intersect interval into is isnull join json
  json_array json_arrayagg json_exists json_object json_objectagg json_query json_scalar
  json_serialize json_table json_value lateral leading least left like limit localtime
  localtimestamp merge_action national natural nchar none normalize not notnull null nullif
  numeric offset on only or order out outer overlaps overlay placing position precision primary
  real references returning right row select session_user setof similar smallint some substring
  symmetric system_user table tablesample then time timestamp to trailing treat trim true union
  unique user using values varchar variadic verbose when where window with xmlattributes xmlconcat
  xmlelement xmlexists xmlforest xmlnamespaces xmlparse xmlpi xmlroot xmlserialize xmltable
`
    .trim()
    .split(/\s+/),
);

/**
 * What is wrong with a schema name, if anything. Names are interpolated into SQL, so only plain
 * lowercase identifiers are taken, as PostgreSQL takes them unquoted: a letter or `_` first, at most
 * 63 characters, not `pg_…` (reserved for the system's schemas) and not a keyword.
 */
export const schemaNameProblem = (schema: string): string | undefined => {
  if (!/^[a-z0-9_]+$/.test(schema)) return 'use lowercase letters, digits and _';
  if (/^[0-9]/.test(schema)) return 'start with a letter or _';
  if (schema.length > 63) return 'use at most 63 characters';
  if (schema.startsWith('pg_')) return 'pg_ names are the system’s';
  if (KEYWORDS.has(schema)) return 'it is a keyword of PostgreSQL’s SQL';
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
