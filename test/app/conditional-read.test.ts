import { createBasketApp, randomIds } from '@basket/app';
import { describe, expect, it } from 'vitest';
import { alice, bob, bodyOf, expectProblem, ids, providerBaskets, succeeds, text, world } from './support';

/*
 * getBasket with If-None-Match (C-6.1's ETag as a validator): the current version answers 304
 * without a body; anything else, or a hold run out since that version (C-7.8), the basket.
 */
describe('getBasket with If-None-Match', () => {
  it('answers 304 for the current version and the basket for a stale one', async () => {
    const w = await world();
    const id = text(bodyOf(await w.app.api.createBasket(alice)), 'id');
    await succeeds(w, alice, w.app.api.addProduct(alice, id, ids.pie, { quantity: 1 }));
    const read = await w.app.api.getBasket(alice, id);
    expect(read).toMatchObject({ status: 200, version: 3 });
    expect(await w.app.api.getBasket(alice, id, { ifNoneMatch: [3] })).toEqual({ status: 304, version: 3 });
    expect(await w.app.api.getBasket(alice, id, { ifNoneMatch: [1, 3] })).toEqual({
      status: 304,
      version: 3,
    });
    expect(await w.app.api.getBasket(alice, id, { ifNoneMatch: '*' })).toEqual({ status: 304, version: 3 });
    const stale = await w.app.api.getBasket(alice, id, { ifNoneMatch: [1, 2] });
    expect(stale).toEqual(read);
    // A new version: the old ETag is stale.
    await succeeds(w, alice, w.app.api.addProduct(alice, id, ids.pie, { quantity: 1 }));
    const after = await w.app.api.getBasket(alice, id, { ifNoneMatch: [3] });
    expect(after).toMatchObject({ status: 200, version: 4 });
  });

  it('checks existence and ownership first: 404 and 403 whatever If-None-Match says', async () => {
    const w = await world();
    const id = text(bodyOf(await w.app.api.createBasket(alice)), 'id');
    await succeeds(w, alice, w.app.api.assignContact(alice, id));
    expectProblem(await w.app.api.getBasket(bob, id, { ifNoneMatch: '*' }), 403, 'forbidden');
    expectProblem(
      await w.app.api.getBasket(alice, '0190a3c2-7d4e-4a51-9b3e-5f2a6c1d8e90', { ifNoneMatch: '*' }),
      404,
      'basket-not-found',
    );
  });

  it('answers the basket, not 304, once a hold ran out since that version (the view changed)', async () => {
    const w = await world();
    const id = text(bodyOf(await w.app.api.createBasket(alice)), 'id');
    await succeeds(w, alice, w.app.api.addProduct(alice, id, ids.pie, { quantity: 1 }));
    const before = await w.app.api.getBasket(alice, id);
    expect(providerBaskets(bodyOf(before))).toHaveLength(1);
    w.clock.advance(24 * 3_600_000);
    const after = await w.app.api.getBasket(alice, id, { ifNoneMatch: [3] });
    expect(after.status).toBe(200);
    expect(providerBaskets(bodyOf(after))).toHaveLength(0);
  });

  it('another process reading the same storage never answers from its own rendered copy (C-6.5)', async () => {
    const w = await world();
    const other = createBasketApp({
      storage: w.storage,
      providers: w.providers,
      paymentProvider: w.payments,
      clock: w.clock,
      ids: randomIds,
      config: { recoveryIntervalMs: 0, sweepIntervalMs: 0 },
    });
    const id = text(bodyOf(await w.app.api.createBasket(alice)), 'id');
    expect(await other.api.getBasket(alice, id)).toMatchObject({ status: 200, version: 1 });
    await succeeds(w, alice, w.app.api.addProduct(alice, id, ids.pie, { quantity: 2 }));
    const read = await other.api.getBasket(alice, id, { ifNoneMatch: [1] });
    expect(read).toMatchObject({ status: 200, version: 3 });
    expect(providerBaskets(bodyOf(read))).toHaveLength(1);
    await other.drain();
  });
});
