import type { CommitResult, Storage } from '@basket/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, openPgPool } from '../src/index';
import { freshSchema, postgresTestDatabase, postgresUrl, type TestDatabase, waitForBlocked } from './support';

const at = '2026-11-21T18:04:05.123Z';

describe('store-postgres on PostgreSQL under concurrency', () => {
  let database: TestDatabase;
  let storage: Storage;
  beforeAll(async () => {
    database = await postgresTestDatabase(12);
    storage = await database.storage();
  });
  afterAll(() => database?.cleanup());

  it('lets exactly one of many concurrent appends at one version win', async () => {
    const streamId = 'basket-one-winner';
    for (let expectedVersion = 0; expectedVersion < 5; expectedVersion += 1) {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, writer) =>
          storage.unitOfWork.commit({
            streamId,
            expectedVersion,
            events: [{ type: 'Appended', data: { writer } }],
            at,
          }),
        ),
      );
      expect(results.filter((result) => result._tag === 'Committed')).toEqual([
        { _tag: 'Committed', version: expectedVersion + 1 },
      ]);
      for (const result of results.filter((r) => r._tag !== 'Committed')) {
        expect(result).toEqual({
          _tag: 'VersionConflict',
          streamId,
          expected: expectedVersion,
          actual: expectedVersion + 1,
        });
      }
    }
  });

  it('keeps versions gapless and every append exactly once when writers retry on conflicts', async () => {
    const streamId = 'basket-gapless';
    const appendOnce = async (writer: number, item: number): Promise<number> => {
      for (let attempts = 1; ; attempts += 1) {
        const current = (await storage.events.readStream(streamId)).length;
        const result: CommitResult = await storage.unitOfWork.commit({
          streamId,
          expectedVersion: current,
          events: [{ type: 'Appended', data: { writer, item } }],
          at,
        });
        if (result._tag === 'Committed') return attempts;
        expect(result._tag).toBe('VersionConflict');
      }
    };
    const writers = 8;
    const items = 10;
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        for (let item = 0; item < items; item += 1) await appendOnce(writer, item);
      }),
    );
    const events = await storage.events.readStream(streamId);
    expect(events.map((event) => event.version)).toEqual(
      Array.from({ length: writers * items }, (_, i) => i + 1),
    );
    const written = events.map((event) => `${event.data.writer}/${event.data.item}`);
    expect(new Set(written).size).toBe(writers * items);
  });

  it('turns a unique violation from a writer that skipped the stream lock into a VersionConflict', async () => {
    const schema = freshSchema();
    const applicationName = `basket-blocked-${schema}`;
    const blockedDb = openPgPool(postgresUrl, { max: 2, applicationName });
    const blocked = await database.storage(schema);
    const writer = await createPostgresStorage({ db: blockedDb, schema });
    const other = openPgPool(postgresUrl, { max: 1 });
    try {
      // A raw transaction appends version 1 and stays open; the storage's append then waits on it.
      const rogue = await other.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO ${schema}.events (stream_id, version, type, data, recorded) VALUES ('s', 1, 'Rogue', '{}', now())`,
        );
        const pending = writer.unitOfWork.commit({
          streamId: 's',
          expectedVersion: 0,
          events: [{ type: 'Mine', data: {} }],
          at,
        });
        await waitForBlocked(database.db, applicationName);
        return { pending };
      });
      expect(await rogue.pending).toEqual({ _tag: 'VersionConflict', streamId: 's', expected: 0, actual: 1 });
      expect((await blocked.events.readStream('s')).map((event) => event.type)).toEqual(['Rogue']);
    } finally {
      await writer.close();
      await other.close();
    }
  });

  it('never lets two holders take more than a resource has, whatever the interleaving', async () => {
    const contenders = 16;
    const commitHold = (basket: number, resource: string, capacity: number) =>
      storage.unitOfWork.commit({
        streamId: `basket-race-${resource}-${basket}`,
        expectedVersion: 0,
        events: [{ type: 'Held', data: { resource } }],
        holds: { holder: `race-${resource}-${basket}`, holds: [{ resource, quantity: 1, capacity }] },
        at,
      });
    const seat = await Promise.all(
      Array.from({ length: contenders }, (_, b) => commitHold(b, 'seat:m:w1', 1)),
    );
    expect(seat.filter((result) => result._tag === 'Committed')).toHaveLength(1);
    expect(seat.filter((result) => result._tag === 'InsufficientInventory')).toHaveLength(contenders - 1);
    const stock = await Promise.all(
      Array.from({ length: contenders }, (_, b) => commitHold(b, 'stock:p', 3)),
    );
    expect(stock.filter((result) => result._tag === 'Committed')).toHaveLength(3);
    expect(await storage.inventory.heldByOthers(['seat:m:w1', 'stock:p'], 'nobody', at)).toEqual(
      new Map([
        ['seat:m:w1', 1],
        ['stock:p', 3],
      ]),
    );
  });
});
