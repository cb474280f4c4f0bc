import { type Answer, basketStream } from '@basket/app';
import { describe, expect, it } from 'vitest';
import { readyBasket } from './steps';
import {
  alice,
  basket,
  bob,
  bodyOf,
  expectProblem,
  ids,
  lineItems,
  providerBasketOf,
  succeeds,
  text,
  world,
} from './support';

const MINUTE = 60_000;
const versionOf = (answer: Answer): number | undefined => ('version' in answer ? answer.version : undefined);
const UNKNOWN_INTENT = '0b8f3c1e-7d4a-4e2b-9f6a-1c2d3e4f5a6b';

/** Request checks answered in C-1.7's order and at once (C-1.6), on one process. */
describe('synchronous checks in the contract’s order', () => {
  it('C-1.7, C-2.6: assign-contact by another contact on a locked basket is contact-conflict', async () => {
    const w = await world({ config: { paymentSyncWaitMs: 10_000 } });
    const id = await readyBasket(w, alice);
    const intent = await w.app.api.createPaymentIntent(alice, id, {});
    expect(intent.status).toBe(200);
    expect(bodyOf(await w.app.api.getBasket(alice, id)).activePaymentIntentId).toBe(
      text(bodyOf(intent), 'id'),
    );
    expectProblem(await w.app.api.assignContact(bob, id), 409, 'contact-conflict');
    // The owner's own assign-contact meets the lock.
    expectProblem(await w.app.api.assignContact(alice, id), 409, 'basket-locked');
  });

  it('C-1.7, C-2.7: endpoint 17 with an unknown intent is 404 even with someone else’s token', async () => {
    const w = await world();
    expectProblem(
      await w.app.api.useSavedPaymentToken(alice, {
        paymentIntentId: UNKNOWN_INTENT,
        tokenId: 'tok_bob_mastercard',
      }),
      404,
      'payment-intent-not-found',
    );
    expectProblem(
      await w.app.api.useSavedPaymentToken(
        { storeId: 'arena-web' },
        { paymentIntentId: UNKNOWN_INTENT, tokenId: 'tok_alice_visa' },
      ),
      404,
      'payment-intent-not-found',
    );
  });

  it('C-2.7: with a known intent, someone else’s token is still 403', async () => {
    const w = await world({ config: { paymentSyncWaitMs: 10_000 } });
    const id = await readyBasket(w, alice);
    const intentId = text(bodyOf(await w.app.api.createPaymentIntent(alice, id, {})), 'id');
    expectProblem(
      await w.app.api.useSavedPaymentToken(alice, {
        paymentIntentId: intentId,
        tokenId: 'tok_bob_mastercard',
      }),
      403,
      'forbidden',
    );
  });
});

describe('request validation answers 400 at once (C-1.6), never a Failed notification', () => {
  it('updateLineItem with quantity 0 (or 100) is a 400 and changes nothing', async () => {
    const w = await world();
    const { api } = w.app;
    const id = text(bodyOf(await api.createBasket(alice)), 'id');
    await succeeds(
      w,
      alice,
      api.selectTimeSlot(alice, id, ids.tour, {
        timeSlotId: ids.tourSlot,
        rates: [{ rateId: ids.tourAdult, quantity: 2 }],
      }),
    );
    const before = await api.getBasket(alice, id);
    const current = bodyOf(before);
    const line = String(lineItems(current)[0]?.id);
    const pb = providerBasketOf(current, 'tsl:tours');
    for (const quantity of [0, 100]) {
      expectProblem(
        await api.updateLineItem(alice, id, pb, line, { type: 'TimeSlot', quantity }),
        400,
        'validation-failed',
      );
    }
    expect(versionOf(await api.getBasket(alice, id))).toBe(versionOf(before));
    // A valid quantity still goes through.
    await succeeds(w, alice, api.updateLineItem(alice, id, pb, line, { type: 'TimeSlot', quantity: 3 }));
  });

  it('selectSeats with a seat asked for twice, and selectTimeSlot with a rate named twice, are 400s', async () => {
    const w = await world();
    const { api } = w.app;
    const id = text(bodyOf(await api.createBasket(alice)), 'id');
    const seat = { rateId: ids.adult, seatId: 'N-A-3' };
    expectProblem(
      await api.selectSeats(alice, id, ids.event, { seats: [seat, seat] }),
      400,
      'validation-failed',
    );
    const rate = { rateId: ids.tourAdult, quantity: 1 };
    expectProblem(
      await api.selectTimeSlot(alice, id, ids.tour, { timeSlotId: ids.tourSlot, rates: [rate, rate] }),
      400,
      'validation-failed',
    );
    expect(lineItems(await basket(w, alice, id))).toEqual([]);
  });
});

describe('deleteBasket’s ETag (C-6.1, C-7.14)', () => {
  it('is the version the deletion committed, when expiry events were written first', async () => {
    const w = await world();
    const { api } = w.app;
    const id = text(bodyOf(await api.createBasket(alice)), 'id');
    await succeeds(w, alice, api.addProduct(alice, id, ids.pie, { quantity: 1 }));
    w.clock.advance(16 * MINUTE); // the pie's hold (15 minutes) has run out
    const deleted = await api.deleteBasket(alice, id);
    expect(deleted.status).toBe(200);
    const history = await w.storage.events.readStream(basketStream(id));
    expect(history.map((event) => event.type).slice(-2)).toEqual(['ProviderBasketExpired', 'BasketDeleted']);
    expect(versionOf(deleted)).toBe(history.length);
  });
});

describe('a cross-sold line whose parent’s hold ran out (C-7.4, C-7.8)', () => {
  it('goes with its parent: reads, decisions and the inventory hold', async () => {
    const w = await world();
    const { api } = w.app;
    const id = text(bodyOf(await api.createBasket(alice)), 'id');
    await succeeds(
      w,
      alice,
      api.selectSeats(alice, id, ids.event, { rates: [{ rateId: ids.adult, quantity: 1 }] }),
    );
    const ticket = lineItems(await basket(w, alice, id)).find((line) => line.type === 'Ticketing');
    w.clock.advance(10 * MINUTE);
    await succeeds(
      w,
      alice,
      api.addProduct(alice, id, ids.pie, { quantity: 2, crossSoldFromLineItemId: ticket?.id }),
    );
    const stock = `stock:${ids.pie}`;
    const held = async () =>
      (await w.storage.inventory.heldByOthers([stock], 'probe', w.clock.now())).get(stock);
    expect(await held()).toBe(2);
    w.clock.advance(6 * MINUTE); // the tickets' 15 minutes have run out; the pie's own hold has not
    expect(lineItems(await basket(w, alice, id))).toEqual([]);
    expect(await held()).toBe(0);
    await succeeds(
      w,
      alice,
      api.addProduct(alice, id, ids.shirt, { quantity: 1, productVariantId: 'home-shirt-m' }),
    );
    const history = await w.storage.events.readStream(basketStream(id));
    expect(history.map((event) => event.type)).toContain('ProviderBasketClosed');
    expect(history.some((event) => event.data.reason === 'cross-sell-parent-expired')).toBe(true);
    expect(lineItems(await basket(w, alice, id)).map((line) => line.productId)).toEqual([ids.shirt]);
  });
});
