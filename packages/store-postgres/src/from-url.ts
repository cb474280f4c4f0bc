import type { Storage } from '@basket/app';
import type { Db } from './db';
import { openPgPool, type PgPoolOptions } from './pg-driver';
import { openPglite } from './pglite-driver';
import { createPostgresStorage } from './storage';

/** Where the embedded database lives when no URL is configured (C-10.1). */
export const defaultPgliteDir = './.basket/data';

/**
 * Opens the database a `BASKET_DATABASE_URL` names: unset or empty → PGlite in `./.basket/data`;
 * `pglite:<dir>` → PGlite in that directory (`pglite:memory` → in memory); `postgres://…` or
 * `postgresql://…` → a PostgreSQL pool. (`memory:` is the in-memory adapter's, not this package's.)
 */
export const openDbFromUrl = async (
  url: string | undefined,
  /** For a `postgres://…` URL: the pool's options (its batches of transactions, …). */
  pool: PgPoolOptions = {},
): Promise<Db> => {
  if (url === undefined || url === '') return openPglite(defaultPgliteDir);
  if (url.startsWith('pglite:')) {
    const dir = url.slice('pglite:'.length).replace(/^\/\/(?=\.|\/|[A-Za-z]:)/, '');
    if (dir === '') throw new Error('pglite: needs a directory, e.g. pglite:./.basket/data');
    return openPglite(dir);
  }
  // A URL's scheme is case-insensitive (RFC 3986, section 3.1): `Postgres://` is PostgreSQL too.
  if (/^postgres(ql)?:\/\//i.test(url)) return openPgPool(url, pool);
  // Nothing of the URL is shown: it may carry a password.
  throw new Error('unsupported database URL (expected pglite:<dir> or postgres://…)');
};

export const storageFromUrl = async (
  url: string | undefined,
  options: { schema?: string; pool?: PgPoolOptions } = {},
): Promise<Storage> => {
  const db = await openDbFromUrl(url, options.pool);
  try {
    return await createPostgresStorage({
      db,
      ...(options.schema === undefined ? {} : { schema: options.schema }),
      // PGlite admits one process per directory: what it finds leased was left by one that stopped.
      exclusive: !/^postgres(ql)?:\/\//i.test(url ?? ''),
    });
  } catch (error) {
    await db.close();
    throw error;
  }
};
