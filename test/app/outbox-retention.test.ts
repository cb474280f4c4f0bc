import { createMemoryStorage } from '@basket/store-memory';
import { createPostgresStorage, openPglite } from '@basket/store-postgres';
import { describe, expect, it } from 'vitest';
import { alice, bodyOf, ids, succeeds, text, world } from './support';

const HOUR = 3_600_000;

describe.each([
  ['memory', async () => createMemoryStorage()],
  ['PGlite', async () => createPostgresStorage({ db: await openPglite('memory') })],
])('outbox messages published long ago are pruned (outboxRetentionMs), %s', (_, open) => {
  it('keeps unpublished messages and those published within the retention; deletes the others', async () => {
    const w = await world({ storage: await open() });
    const id = text(bodyOf(await w.app.api.createBasket(alice)), 'id');
    await succeeds(w, alice, w.app.api.addProduct(alice, id, ids.pie, { quantity: 1 }));
    await succeeds(w, alice, w.app.api.addProduct(alice, id, ids.pie, { quantity: 2 }));
    const [first, ...rest] = await w.storage.outbox.unpublished(100);
    expect(rest.length).toBeGreaterThan(0);
    // The relay published all but the first (publication times are the storage's clock: now).
    await w.storage.outbox.markPublished(rest.map((message) => message.position));

    // The app's clock an hour after the publications: within the 24 hours.
    w.clock.advance(Date.now() - Date.parse(w.clock.now()) + HOUR);
    expect(await w.app.pruneOutbox()).toBe(0);
    // A day and more after them: the published ones go, the unpublished one stays for the relay.
    w.clock.advance(24 * HOUR);
    expect(await w.app.pruneOutbox()).toBe(rest.length);
    expect(await w.storage.outbox.after(0, 100)).toEqual([first]);
    expect(await w.storage.outbox.unpublished(100)).toEqual([first]);
  });

  it('with no publisher (outboxUnpublishedRetentionMs), unpublished messages go that long after completing', async () => {
    const w = await world({ storage: await open(), config: { outboxUnpublishedRetentionMs: 2 * HOUR } });
    const id = text(bodyOf(await w.app.api.createBasket(alice)), 'id');
    await succeeds(w, alice, w.app.api.addProduct(alice, id, ids.pie, { quantity: 1 }));
    const early = await w.storage.outbox.unpublished(100);
    w.clock.advance(HOUR);
    await succeeds(w, alice, w.app.api.addProduct(alice, id, ids.pie, { quantity: 2 }));
    const all = await w.storage.outbox.unpublished(100);
    expect(all.length).toBeGreaterThan(early.length);
    const late = all.slice(early.length);

    // An hour after the later ones, two after the earlier ones: not yet past the retention.
    w.clock.advance(HOUR);
    expect(await w.app.pruneOutbox()).toBe(0);
    // Past it for the earlier ones only: they go, the later ones stay, in order.
    w.clock.advance(1000);
    expect(await w.app.pruneOutbox()).toBe(early.length);
    expect(await w.storage.outbox.unpublished(100)).toEqual(late);
    expect(await w.storage.outbox.after(0, 100)).toEqual(late);
  });

  it('outboxRetentionMs 0 keeps them for good', async () => {
    const w = await world({ storage: await open(), config: { outboxRetentionMs: 0 } });
    await succeeds(
      w,
      alice,
      w.app.api.createBasket(alice).then(async (created) => {
        const id = text(bodyOf(created), 'id');
        return w.app.api.addProduct(alice, id, ids.pie, { quantity: 1 });
      }),
    );
    const all = await w.storage.outbox.unpublished(100);
    await w.storage.outbox.markPublished(all.map((message) => message.position));
    w.clock.advance(Date.now() - Date.parse(w.clock.now()) + 1000 * HOUR);
    expect(await w.app.pruneOutbox()).toBe(0);
    expect(await w.storage.outbox.after(0, 100)).toHaveLength(all.length);
  });
});
