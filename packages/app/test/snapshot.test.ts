import { type BasketEvent, isInstant } from '@basket/core';
import { describe, expect, it } from 'vitest';
import { basketStream } from '../src/index';
import { BASKET_SNAPSHOT_SCHEMA, encodeBasketEvent, snapshotFor } from '../src/streams/basket-stream';
import { fakeStorage } from './fakes/memory-storage';
import { basketOf, guest, harness, newBasket, outcomeOf, PIE } from './harness';

const detailsEvent = (at: string, n: number): BasketEvent => {
  if (!isInstant(at)) throw new Error('bad instant');
  return {
    type: 'CustomerDetailsSet',
    at,
    customerDetails: [{ type: 'Email', value: { email: `fan${n}@example.com` } }],
  };
};

// These tests are about snapshots: the process's own state cache is off, so every load starts from
// the store.
const noCache = { stateCacheSize: 0 };

describe('snapshots', () => {
  it('commits a snapshot when the stream passes a multiple of snapshotEvery', () => {
    expect(snapshotFor(50, 49, 51, { status: 'none' })?.version).toBe(51);
    expect(snapshotFor(50, 50, 99, { status: 'none' })).toBeUndefined();
    expect(snapshotFor(0, 0, 100, { status: 'none' })).toBeUndefined();
  });

  it('loading a basket of 10,000 events starts from its snapshot', async () => {
    const storage = fakeStorage();
    const h = harness(noCache, storage);
    const basketId = await newBasket(h);
    const at = h.clock.now();
    // 9,998 more events, written without snapshots: version 9,999.
    const result = await storage.unitOfWork.commit({
      streamId: basketStream(basketId),
      expectedVersion: 1,
      events: Array.from({ length: 9_998 }, (_, n) => encodeBasketEvent(detailsEvent(at, n))),
      at,
    });
    expect(result).toEqual({ _tag: 'Committed', version: 9_999 });

    // The next decision replays them all once, and its commit (to 10,001) carries a snapshot.
    expect(
      await outcomeOf(h, await h.app.api.addProduct(guest, basketId, PIE, { quantity: 1 })),
    ).toMatchObject({
      status: 'Succeeded',
    });
    const snapshot = await storage.snapshots.load(basketStream(basketId));
    expect(snapshot).toMatchObject({ version: 10_001, schema: BASKET_SNAPSHOT_SCHEMA });

    storage.reads.length = 0;
    const basket = await h.app.api.getBasket(guest, basketId);
    expect(basket).toMatchObject({ status: 200, version: 10_001 });
    expect(storage.reads).toEqual([{ streamId: basketStream(basketId), afterVersion: 10_001, count: 0 }]);
  });

  it('a snapshot that does not decode is ignored: the stream is replayed', async () => {
    const storage = fakeStorage();
    const h = harness({ ...noCache, snapshotEvery: 2 }, storage);
    const basketId = await newBasket(h);
    await outcomeOf(h, await h.app.api.addProduct(guest, basketId, PIE, { quantity: 1 }));
    const version = (await storage.snapshots.load(basketStream(basketId)))?.version ?? 0;
    expect(version).toBe(3);
    const before = await basketOf(h, basketId);
    await storage.snapshots.save(basketStream(basketId), {
      version: 4,
      schema: BASKET_SNAPSHOT_SCHEMA,
      state: { status: 'open' },
    });
    storage.reads.length = 0;
    expect(await basketOf(h, basketId)).toEqual(before);
    expect(storage.reads).toEqual([{ streamId: basketStream(basketId), afterVersion: 0, count: 3 }]);
  });
});

describe('the state cache', () => {
  it('a process folds only the events committed since it last saw the basket, by any process', async () => {
    const storage = fakeStorage();
    const writer = harness({}, storage);
    const reader = harness({}, storage);
    const basketId = await newBasket(writer);
    const seen = await basketOf(reader, basketId);
    await outcomeOf(writer, await writer.app.api.addProduct(guest, basketId, PIE, { quantity: 1 }));
    storage.reads.length = 0;
    const now = await basketOf(reader, basketId);
    expect(now).not.toEqual(seen);
    expect(now).toEqual(await basketOf(harness({ stateCacheSize: 0 }, storage), basketId));
    expect(storage.reads[0]).toEqual({ streamId: basketStream(basketId), afterVersion: 1, count: 2 });
  });
});
