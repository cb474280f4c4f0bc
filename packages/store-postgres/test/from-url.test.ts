import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dropSchema, openPgPool, storageFromUrl } from '../src/index';
import { freshSchema, postgresUrl } from './support';

describe('storageFromUrl', () => {
  it('opens PostgreSQL for a postgres:// URL, in the schema asked for', async () => {
    const schema = freshSchema();
    const storage = await storageFromUrl(postgresUrl, { schema });
    try {
      const result = await storage.unitOfWork.commit({
        streamId: 'basket-url',
        expectedVersion: 0,
        events: [{ type: 'Made', data: {} }],
        at: '2026-11-21T18:04:05.123Z',
      });
      expect(result).toEqual({ _tag: 'Committed', version: 1 });
    } finally {
      await storage.close();
      const db = openPgPool(postgresUrl, { max: 1 });
      await dropSchema(db, schema);
      await db.close();
    }
  });

  it('takes the scheme in any case (RFC 3986): POSTGRES:// and PostgreSQL:// open PostgreSQL', async () => {
    for (const scheme of ['POSTGRES://', 'PostgreSQL://']) {
      const url = postgresUrl.replace(/^postgres(ql)?:\/\//, scheme);
      const schema = freshSchema();
      const storage = await storageFromUrl(url, { schema });
      try {
        expect(await storage.ready?.()).toBeUndefined();
      } finally {
        await storage.close();
        const db = openPgPool(postgresUrl, { max: 1 });
        await dropSchema(db, schema);
        await db.close();
      }
    }
  });

  it('gives the pool its options: transactions waiting together run as one only with batches on', async () => {
    const writersOf = async (batchesInFlight: number): Promise<number> => {
      const schema = freshSchema();
      const storage = await storageFromUrl(postgresUrl, { schema, pool: { batchesInFlight } });
      const db = openPgPool(postgresUrl, { max: 1 });
      try {
        const streams = Array.from({ length: 6 }, (_, i) => `basket-pool-${i}`);
        await Promise.all(
          streams.map((stream) =>
            storage.unitOfWork.transaction(stream, async () => ({
              value: undefined,
              commit: {
                streamId: stream,
                expectedVersion: 0,
                events: [{ type: 'Made', data: {} }],
                at: '2026-11-21T18:04:05.123Z',
              },
            })),
          ),
        );
        const [row] = await db.query(`SELECT count(DISTINCT tx)::int AS n FROM ${schema}.events`);
        return Number(row?.n);
      } finally {
        await storage.close();
        await dropSchema(db, schema);
        await db.close();
      }
    };
    // One at a time: the first alone, the five that waited for it together.
    expect(await writersOf(1)).toBe(2);
    expect(await writersOf(0)).toBe(6);
  });

  it('refuses URLs it does not serve, showing nothing of them (they may hold a password)', async () => {
    await expect(storageFromUrl('mysql://user:secret@host/db')).rejects.toThrow(/unsupported database URL/);
    for (const url of ['mysql://user:secret@host/db', 'user=basket password=secret', 'user:secret@host/db'])
      await expect(storageFromUrl(url)).rejects.not.toThrow(/secret|user/);
    await expect(storageFromUrl('pglite:')).rejects.toThrow(/needs a directory/);
    // A directory that cannot be made fails at once (Node's recursive mkdir loops for good on it).
    await expect(storageFromUrl('pglite:/proc/no-such-process/data')).rejects.toThrow(/ENOENT/);
  });

  it('refuses pool options out of range before connecting, naming each (an embedder passes them from code)', () => {
    expect(() => openPgPool(postgresUrl, { max: 0 })).toThrow(
      /max must be an integer from 1 to 10000, not 0/,
    );
    expect(() => openPgPool(postgresUrl, { timeoutMs: -1, batchesInFlight: 2.5 })).toThrow(
      /timeoutMs must be an integer from 0 .*, not -1; batchesInFlight must be an integer from 0 to 64, not 2.5/,
    );
    expect(() => openPgPool(postgresUrl, { timeoutMs: 2 ** 31 })).toThrow(RangeError);
    // Through the URL too, as the server and embedders open it.
    return expect(storageFromUrl(postgresUrl, { pool: { batchesInFlight: 65 } })).rejects.toThrow(
      /batchesInFlight must be an integer from 0 to 64/,
    );
  });

  it('on PGlite, lets go at start of the leases a stopped process left: claims are not waited out', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'basket-pglite-leases-'));
    try {
      const before = await storageFromUrl(`pglite:${dir}`);
      expect(await before.commandLeases?.acquire('basket-1', 'stopped-process', 3_600_000)).toBe(true);
      expect(await before.relayLease.acquire('stopped-process', 3_600_000)).toBe(true);
      await before.close();
      const after = await storageFromUrl(`pglite:${dir}`);
      try {
        expect(await after.commandLeases?.acquire('basket-1', 'new-process', 5000)).toBe(true);
        expect(await after.relayLease.acquire('new-process', 5000)).toBe(true);
      } finally {
        await after.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('on PostgreSQL, keeps the leases it finds: other processes may hold them', async () => {
    const schema = freshSchema();
    const first = await storageFromUrl(postgresUrl, { schema });
    try {
      expect(await first.commandLeases?.acquire('basket-1', 'live-process', 3_600_000)).toBe(true);
      const second = await storageFromUrl(postgresUrl, { schema });
      try {
        expect(await second.commandLeases?.acquire('basket-1', 'new-process', 5000)).toBe(false);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
      const db = openPgPool(postgresUrl, { max: 1 });
      await dropSchema(db, schema);
      await db.close();
    }
  });
});
