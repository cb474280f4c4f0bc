import { basketStream, type EventStore, encodeBasketEvent, type RecordedEvent } from '@basket/app';
import { isInstant } from '@basket/core';
import { createMemoryStorage } from '@basket/store-memory';
import { describe, expect, it } from 'vitest';
import { alice, bodyOf, ids, succeeds, text, world } from './support';

/** An EventStore that counts the events it hands out. */
const counting = (inner: EventStore) => {
  const reads: Array<{ afterVersion: number; count: number }> = [];
  const events: EventStore = {
    readStream: async (streamId, afterVersion = 0) => {
      const read: ReadonlyArray<RecordedEvent> = await inner.readStream(streamId, afterVersion);
      reads.push({ afterVersion, count: read.length });
      return read;
    },
  };
  return { events, reads };
};

describe('snapshots (every 50 events by default)', () => {
  it('loading a basket of 10,000 events starts from its snapshot, not from event 1', async () => {
    const memory = createMemoryStorage();
    const { events, reads } = counting(memory.events);
    const w = await world({ storage: { ...memory, events } });
    const id = text(bodyOf(await w.app.api.createBasket(alice)), 'id');
    const at = w.clock.now();
    if (!isInstant(at)) throw new Error('the clock is not canonical');
    const history = Array.from({ length: 9_998 }, (_, n) =>
      encodeBasketEvent({
        type: 'CustomerDetailsSet',
        at,
        customerDetails: [{ type: 'Email', value: { email: `fan${n}@example.com` } }],
      }),
    );
    expect(
      await memory.unitOfWork.commit({ streamId: basketStream(id), expectedVersion: 1, events: history, at }),
    ).toEqual({
      _tag: 'Committed',
      version: 9_999,
    });

    // The first decision folds the whole history once; its commit (to 10,001) carries a snapshot.
    await succeeds(w, alice, w.app.api.addProduct(alice, id, ids.pie, { quantity: 1 }));
    expect(await memory.snapshots.load(basketStream(id))).toMatchObject({ version: 10_001 });

    reads.length = 0;
    expect(await w.app.api.getBasket(alice, id)).toMatchObject({ status: 200, version: 10_001 });
    expect(reads).toEqual([{ afterVersion: 10_001, count: 0 }]);

    reads.length = 0;
    await succeeds(w, alice, w.app.api.addProduct(alice, id, ids.pie, { quantity: 1 }));
    expect(reads.every((read) => read.afterVersion >= 10_001 && read.count <= 1)).toBe(true);
    await w.app.drain();
  });
});
