import { describe, expect, it } from 'vitest';
import {
  ADULT_RATE,
  basketOf,
  bodyOf,
  expectProblem,
  guest,
  harness,
  LIONS_YAKS,
  newBasket,
  otherStore,
  outcomeOf,
  SHIRT,
} from './harness';
import { succeeds } from './purchase-steps';

const email = (address: string) => ({ customerDetails: [{ type: 'Email', value: { email: address } }] });

describe('createBasket, getBasket, deleteBasket (C-7.1, C-7.14, C-6.1)', () => {
  it('creates an empty basket in the store’s currency at version 1', async () => {
    const h = harness();
    const created = await h.app.api.createBasket(guest);
    expect(created).toMatchObject({ status: 200, version: 1 });
    const zero = { minorUnits: 0, currencyCode: 'GBP', precision: 2 };
    expect(bodyOf(created)).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      created: h.clock.now(),
      updated: h.clock.now(),
      providerBaskets: [],
      customerDetails: [],
      totalPrice: zero,
      deliveryTotalPrice: zero,
      missingCustomerDetailFields: false,
      vouchers: [],
    });
    expect(await h.app.api.getBasket(guest, String(bodyOf(created).id))).toEqual(created);
  });

  it('deletes: answers the basket as it was, releases its holds, then 404 everywhere', async () => {
    const h = harness();
    const id = await newBasket(h);
    const seats = { seats: [{ rateId: ADULT_RATE, seatId: 'W-B-1' }] };
    const selected = await succeeds(h, guest, h.app.api.selectSeats(guest, id, LIONS_YAKS, seats));
    const before = await basketOf(h, id);
    const deleted = await h.app.api.deleteBasket(guest, id);
    expect(deleted).toMatchObject({ status: 200, version: 4 });
    expect(bodyOf(deleted)).toEqual(before);
    expect(h.storage.holdsOf(id)).toEqual([]);
    expectProblem(await h.app.api.getBasket(guest, id), 404, 'basket-not-found');
    expectProblem(await h.app.api.getBasketEvents(guest, id), 404, 'basket-not-found');
    expectProblem(await h.app.api.deleteBasket(guest, id), 404, 'basket-not-found');
    // Not a basket path: its notifications still tell how its commands ended (docs/decisions.md).
    const notificationId = String(selected.notificationId);
    expect(await h.app.api.getNotification(guest, notificationId)).toMatchObject({
      status: 200,
      body: { notificationId, basketId: id, status: 'Succeeded' },
    });
    expectProblem(await h.app.api.getNotification(otherStore, notificationId), 404, 'notification-not-found');
    const other = await newBasket(h);
    await succeeds(h, guest, h.app.api.selectSeats(guest, other, LIONS_YAKS, seats));
  });
});

describe('nothing to change answers 204 (C-4.1); otherwise 202 or 200', () => {
  it('setCustomerDetails: 202, then 204 for the same values', async () => {
    const h = harness();
    const id = await newBasket(h);
    const first = await h.app.api.setCustomerDetails(guest, id, email('fan@example.com'));
    expect(first.status).toBe(202);
    await outcomeOf(h, first);
    expect(await h.app.api.setCustomerDetails(guest, id, email('fan@example.com'))).toMatchObject({
      status: 204,
    });
    expect(await h.app.api.setCustomerDetails(guest, id, undefined)).toMatchObject({ status: 204 });
  });

  it('vouchers: 200 to add, 204 for a code already on; 204 to remove one not on, 200 otherwise', async () => {
    const h = harness();
    const id = await newBasket(h);
    await succeeds(
      h,
      guest,
      h.app.api.addProduct(guest, id, SHIRT, { quantity: 1, productVariantId: 'home-shirt-m' }),
    );
    expect((await h.app.api.removeVoucherFromBasket(guest, id, { voucherCode: 'SHIRT10' })).status).toBe(204);
    await succeeds(h, guest, h.app.api.addVoucherToBasket(guest, id, { voucherCode: 'SHIRT10' }));
    expect((await h.app.api.addVoucherToBasket(guest, id, { voucherCode: 'SHIRT10' })).status).toBe(204);
    const removed = await h.app.api.removeVoucherFromBasket(guest, id, { voucherCode: 'SHIRT10' });
    expect(removed.status).toBe(200);
    expect(await outcomeOf(h, removed)).toMatchObject({
      status: 'Succeeded',
      operation: 'removeVoucherFromBasket',
    });
  });
});

describe('getBasketEvents (C-4.4)', () => {
  it('lists the history oldest first, versions 1..n, customer detail values redacted', async () => {
    const h = harness();
    const id = await newBasket(h);
    await outcomeOf(h, await h.app.api.setCustomerDetails(guest, id, email('secret@example.com')));
    const answer = await h.app.api.getBasketEvents(guest, id);
    expect(answer).toMatchObject({ status: 200, version: 2 });
    const listing = bodyOf(answer);
    expect(listing.events).toEqual([
      {
        version: 1,
        type: 'BasketCreated',
        recorded: h.clock.now(),
        data: expect.objectContaining({ basketId: id }),
      },
      {
        version: 2,
        type: 'CustomerDetailsSet',
        recorded: h.clock.now(),
        data: expect.objectContaining({ customerDetails: [{ type: 'Email', value: '[redacted]' }] }),
      },
    ]);
    expect(JSON.stringify(listing)).not.toContain('secret@example.com');
  });
});

describe('getNotification (C-5.2)', () => {
  it('waits with waitMs until the notification completes', async () => {
    const h = harness();
    const id = await newBasket(h);
    const answer = await h.app.api.setCustomerDetails(guest, id, email('a@example.com'));
    const notificationId = String(bodyOf(answer).notificationId);
    const waited = await h.app.api.getNotification(guest, notificationId, 30_000);
    expect(bodyOf(waited)).toMatchObject({
      notificationId,
      status: 'Succeeded',
      operation: 'setCustomerDetails',
      basketId: id,
    });
    expect(bodyOf(waited).completed).toBeDefined();
    expect(bodyOf(waited).problem).toBeUndefined();
  });
});
