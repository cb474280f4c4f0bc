import type { Storage } from '@basket/app';
import { postgresCommandQueue } from './command-queue';
import { type Db, readingOn } from './db';
import { postgresEventStore, postgresSnapshotStore } from './event-store';
import { byteOrderedText, postgresInventoryStore } from './holds';
import { postgresIdempotencyStore } from './idempotency';
import { postgresCommandLeases, postgresRelayLease } from './leases';
import { migrate } from './migrate';
import { defaultSchema, tablesOf } from './names';
import { postgresOutbox } from './outbox';
import { postgresProviderLedger } from './provider-ledger';
import { refuseNewerSchema } from './schema-generation';
import { postgresStats } from './stats';
import { postgresUnitOfWork } from './unit-of-work';

export type PostgresStorageOptions = {
  readonly db: Db;
  /** Schema of every table (default `basket`); tests use one of their own per run. */
  readonly schema?: string;
  /** Whether `close()` closes `db` too (default true); false when several storages share one db. */
  readonly closeDb?: boolean;
  /**
   * This process is the only one on the database (PGlite: it holds its directory's lock): the leases
   * found at start (claims on baskets' Pending commands, the relay's) are of processes that stopped,
   * and are let go at once rather than waited out.
   */
  readonly exclusive?: boolean;
};

/**
 * Every storage port on PostgreSQL or PGlite. Applies the schema's missing migrations first, so a
 * fresh database (or schema) is ready when the promise resolves.
 */
export const createPostgresStorage = async (options: PostgresStorageOptions): Promise<Storage> => {
  const { db } = options;
  const named = tablesOf(options.schema ?? defaultSchema);
  await migrate(db, named.schema);
  if (options.exclusive === true) await db.query(`DELETE FROM ${named.leases}`);
  const t = { ...named, byteOrdered: await byteOrderedText(db) };
  let closed: Promise<void> | undefined;
  return {
    // A basket read (GET) reads its events after the cached version, or its snapshot: with others.
    events: postgresEventStore(readingOn(db), t),
    snapshots: { ...postgresSnapshotStore(db, t), load: postgresSnapshotStore(readingOn(db), t).load },
    unitOfWork: postgresUnitOfWork(db, t),
    commands: postgresCommandQueue(db, t),
    idempotency: postgresIdempotencyStore(db, t),
    outbox: postgresOutbox(db, t),
    relayLease: postgresRelayLease(db, t),
    commandLeases: postgresCommandLeases(db, t),
    inventory: postgresInventoryStore(db, t),
    providerLedger: postgresProviderLedger(db, t),
    stats: postgresStats(db, t),
    ready: () => refuseNewerSchema(db, t),
    sharedTime: async () => {
      const [row] = await db.query(`SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS ms`);
      const ms = Number(row?.ms);
      if (!Number.isFinite(ms)) throw new Error('the database answered no time');
      return ms;
    },
    // Closing again answers the first close (a pool ends once: a second `end` would throw).
    close: () => {
      closed ??= (options.closeDb ?? true) ? db.close() : Promise.resolve();
      return closed;
    },
  };
};
