import type { Storage } from '@basket/app';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../src/index';
import { batchedStorage } from './support';

const at = '2026-11-21T18:04:05.123Z';

/** Reads outside transactions asked at the same moment go in one round trip (pg-read-batches.ts). */
describe('reads gathered on PostgreSQL', () => {
  let opened: Awaited<ReturnType<typeof batchedStorage>>;
  let db: Db;
  let storage: Storage;
  beforeAll(async () => {
    opened = await batchedStorage();
    ({ db, storage } = opened);
    for (let i = 0; i < 6; i += 1)
      await storage.unitOfWork.commit({
        streamId: `basket-read-${i}`,
        expectedVersion: 0,
        events: Array.from({ length: i + 1 }, (_, n) => ({ type: 'Touched', data: { n } })),
        at,
      });
  });
  afterAll(() => opened?.close());

  it('answers each of the reads of one moment, sent in one round trip', async () => {
    const sent = vi.spyOn(pg.Client.prototype, 'query');
    try {
      const read = await Promise.all(
        Array.from({ length: 6 }, (_, i) => storage.events.readStream(`basket-read-${i}`)),
      );
      expect(read.map((events) => events.length)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(sent).toHaveBeenCalledTimes(1);
    } finally {
      sent.mockRestore();
    }
  });

  it('gives each read its own answer when one of them fails', async () => {
    const results = await Promise.allSettled([
      storage.events.readStream('basket-read-0'),
      db.read?.(`SELECT 1/0 AS never`, []) ?? Promise.reject(new Error('no reads gathered')),
      storage.events.readStream('basket-read-1'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[2]).toMatchObject({ value: [{ version: 1 }, { version: 2 }] });
  });
});
