import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { advisoryLockSql, type Db, inlineParams, type Queryable } from './db';
import { initPgliteDirectory, pgliteStartParams } from './pglite-init';
import { lockDataDirectory } from './pglite-lock';

type PgliteLike = Pick<PGlite, 'query' | 'exec'> | Transaction;

const queryableOf = (client: PgliteLike): Queryable => ({
  query: async (sql, params = []) => (await client.query<Record<string, unknown>>(sql, [...params])).rows,
  exec: async (sql) => {
    await client.exec(sql);
  },
});

/**
 * `mkdir -p` that fails rather than loops: Node's recursive `mkdirSync` spins for good where mkdir
 * answers ENOENT under a parent that exists (`/proc/nope/data`), and the process then ignores SIGTERM.
 */
const makeDirectory = (dir: string): void => {
  if (existsSync(dir)) return;
  const parent = dirname(dir);
  if (parent !== dir) makeDirectory(parent);
  mkdirSync(dir);
};

/**
 * Embedded PostgreSQL (PGlite, WASM), the default storage: `'memory'` for a database that lives as
 * long as the process, or a data directory that one process at a time may open (a second process
 * gets `DataDirectoryInUseError`). PGlite runs one statement at a time, so transactions are serial.
 */
export const openPglite = async (dirOrMemory: string): Promise<Db> => {
  const inMemory = dirOrMemory === 'memory' || dirOrMemory === 'memory://';
  const dir = inMemory ? undefined : resolve(dirOrMemory);
  let release = (): void => {};
  if (dir !== undefined) {
    makeDirectory(dir);
    release = lockDataDirectory(dir);
  }
  let db: PGlite;
  try {
    const options = { startParams: pgliteStartParams() };
    if (dir !== undefined) await initPgliteDirectory(dir);
    db = dir === undefined ? await PGlite.create(options) : await PGlite.create(dir, options);
  } catch (error) {
    release();
    throw error;
  }
  return {
    driver: 'pglite',
    ...queryableOf(db),
    transaction: (fn, opening) =>
      db.transaction(async (tx) => {
        const opened: Array<ReadonlyArray<Record<string, unknown>>> = [];
        if (opening !== undefined) {
          await tx.query(advisoryLockSql(opening.lock));
          for (const read of opening.reads ?? [])
            opened.push((await tx.query<Record<string, unknown>>(inlineParams(read.sql, read.params))).rows);
        }
        // PGlite runs in this process: ending with COMMIT saves no round trip.
        return fn({ ...queryableOf(tx), commitWith: (sql) => tx.exec(sql).then(() => undefined) }, opened);
      }),
    close: async () => {
      try {
        if (!db.closed) await db.close();
      } finally {
        release();
      }
    },
  };
};
