import type { AdvisoryLock, Queryable } from './db';

/** Advisory lock classes (the first key of `pg_advisory_xact_lock(int, int)`). */
export const lockClass = {
  migrate: 1,
  stream: 2,
  holder: 3,
  resource: 4,
  /** No longer taken (acceptances take the basket's stream lock); the number stays reserved. */
  basketQueue: 5,
  outboxBasket: 6,
} as const;

/** 32-bit FNV-1a, signed: the same key in every process, computed without a round trip. */
export const lockKey = (value: string): number => {
  let hash = 0x811c9dc5;
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    hash ^= code & 0xff;
    hash = Math.imul(hash, 0x01000193);
    hash ^= code >>> 8;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
};

/** The advisory lock of `name` in `kind`, scoped to `schema`. */
export const advisoryLock = (schema: string, kind: number, name: string): AdvisoryLock => ({
  kind,
  key: lockKey(`${schema}:${name}`),
});

/**
 * Takes transaction-scoped advisory locks on `names` (scoped to `schema`, so test schemas do not
 * contend), in ascending key order so that two transactions never wait on each other in a cycle.
 */
export const lockAll = async (
  tx: Queryable,
  schema: string,
  kind: number,
  names: ReadonlyArray<string>,
): Promise<void> => {
  const keys = [...new Set(names.map((name) => lockKey(`${schema}:${name}`)))].sort((a, b) => a - b);
  for (const key of keys) await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [kind, key]);
};
