import { describe, expect, it } from 'vitest';
import {
  ADULT_RATE,
  alice,
  basketOf,
  bob,
  bodyOf,
  expectProblem,
  guest,
  harness,
  LIONS_YAKS,
  newBasket,
  otherStore,
  outcomeOf,
  PIE,
  TOUR,
  TOUR_ADULT,
} from './harness';
import { completeCheckoutDetails, fillBasket, lineItems, providerBasketOf, succeeds } from './purchase-steps';

const UNKNOWN_PB = 'fnb:arena|000000000000000000000000';
const UNKNOWN_BASKET = '00000000-0000-4000-8000-00000000dead';

describe('400 validation-failed (C-1.6, C-9.2)', () => {
  it('lists every invalid body field with its path', async () => {
    const h = harness();
    const id = await newBasket(h);
    const answer = await h.app.api.addProduct(guest, id, PIE, {
      quantity: 0,
      crossSoldFromLineItemId: 'nope',
    });
    expectProblem(answer, 400, 'validation-failed');
    const paths = 'problem' in answer ? (answer.problem.errors ?? []).map((e) => e.path).sort() : [];
    expect(paths).toEqual(['crossSoldFromLineItemId', 'quantity']);
  });

  it('refuses malformed path ids: an empty or over-long basket id, a product id that is no ProviderIdentity', async () => {
    const h = harness();
    const id = await newBasket(h);
    expectProblem(await h.app.api.getBasket(guest, ''), 400, 'validation-failed');
    expectProblem(await h.app.api.getBasket(guest, 'x'.repeat(129)), 400, 'validation-failed');
    expectProblem(await h.app.api.addProduct(guest, id, 'pie', { quantity: 1 }), 400, 'validation-failed');
    expectProblem(await h.app.api.deleteLineItem(guest, id, UNKNOWN_PB, 'bad id'), 400, 'validation-failed');
    expectProblem(await h.app.api.getNotification(guest, ''), 400, 'validation-failed');
  });

  it('answers 400 before 404: the body is checked before the basket is looked up (C-1.7)', async () => {
    const h = harness();
    expectProblem(
      await h.app.api.selectSeats(guest, UNKNOWN_BASKET, LIONS_YAKS, {}),
      400,
      'validation-failed',
    );
    expectProblem(
      await h.app.api.selectTimeSlot(guest, UNKNOWN_BASKET, TOUR, { timeSlotId: TOUR, rates: [] }),
      400,
      'validation-failed',
    );
    expectProblem(
      await h.app.api.updateLineItemQuantity(guest, UNKNOWN_BASKET, UNKNOWN_PB, UNKNOWN_PB, {}),
      400,
      'validation-failed',
    );
    expectProblem(
      await h.app.api.updateLineItem(guest, UNKNOWN_BASKET, UNKNOWN_PB, UNKNOWN_PB, { type: 'Other' }),
      400,
      'validation-failed',
    );
    expectProblem(
      await h.app.api.setProviderBasketDeliveryMethod(guest, UNKNOWN_BASKET, UNKNOWN_PB, {}),
      400,
      'validation-failed',
    );
    expectProblem(
      await h.app.api.setCustomerDetails(guest, UNKNOWN_BASKET, {
        customerDetails: [{ type: 'Email', value: {} }],
      }),
      400,
      'validation-failed',
    );
    expectProblem(await h.app.api.addVoucherToBasket(guest, UNKNOWN_BASKET, {}), 400, 'validation-failed');
    expectProblem(
      await h.app.api.removeVoucherFromBasket(guest, UNKNOWN_BASKET, { voucherCode: '' }),
      400,
      'validation-failed',
    );
    expectProblem(await h.app.api.createPaymentIntent(guest, UNKNOWN_BASKET, [1]), 400, 'validation-failed');
  });
});

describe('404s (C-2.4, C-7.14, C-1.7)', () => {
  it('a basket that does not exist, or of another store, is basket-not-found on every endpoint', async () => {
    const h = harness();
    const id = await newBasket(h);
    for (const [caller, basketId] of [
      [guest, UNKNOWN_BASKET],
      [otherStore, id],
    ] as const) {
      expectProblem(await h.app.api.getBasket(caller, basketId), 404, 'basket-not-found');
      expectProblem(await h.app.api.getBasketEvents(caller, basketId), 404, 'basket-not-found');
      expectProblem(await h.app.api.deleteBasket(caller, basketId), 404, 'basket-not-found');
      expectProblem(
        await h.app.api.assignContact({ ...caller, contactId: 'c' }, basketId),
        404,
        'basket-not-found',
      );
      expectProblem(
        await h.app.api.addProduct(caller, basketId, PIE, { quantity: 1 }),
        404,
        'basket-not-found',
      );
      expectProblem(await h.app.api.createPaymentIntent(caller, basketId, {}), 404, 'basket-not-found');
      expectProblem(
        await h.app.api.getPaymentIntent(caller, basketId, UNKNOWN_BASKET),
        404,
        'basket-not-found',
      );
    }
  });

  it('the path’s provider basket, line and payment intent must exist', async () => {
    const h = harness();
    const id = await newBasket(h);
    await succeeds(h, guest, h.app.api.addProduct(guest, id, PIE, { quantity: 1 }));
    const basket = await basketOf(h, id);
    const pb = providerBasketOf(basket, 'fnb:arena');
    const selection = { deliveryMethod: { type: 'Digital', id: 'x' } };
    expectProblem(
      await h.app.api.deleteLineItem(guest, id, UNKNOWN_PB, UNKNOWN_PB),
      404,
      'provider-basket-not-found',
    );
    expectProblem(
      await h.app.api.setProviderBasketDeliveryMethod(guest, id, UNKNOWN_PB, selection),
      404,
      'provider-basket-not-found',
    );
    expectProblem(await h.app.api.deleteLineItem(guest, id, pb, UNKNOWN_PB), 404, 'line-item-not-found');
    expectProblem(
      await h.app.api.updateLineItemQuantity(guest, id, pb, UNKNOWN_PB, { quantity: 2 }),
      404,
      'line-item-not-found',
    );
    expectProblem(
      await h.app.api.updateLineItem(guest, id, pb, UNKNOWN_PB, { type: 'TimeSlot', quantity: 2 }),
      404,
      'line-item-not-found',
    );
    expectProblem(
      await h.app.api.getPaymentIntent(guest, id, UNKNOWN_BASKET),
      404,
      'payment-intent-not-found',
    );
    expectProblem(await h.app.api.getNotification(guest, UNKNOWN_BASKET), 404, 'notification-not-found');
  });

  it('notifications are store-scoped (C-5.2)', async () => {
    const h = harness();
    const id = await newBasket(h);
    const answer = await h.app.api.addProduct(guest, id, PIE, { quantity: 1 });
    await h.settle();
    expectProblem(
      await h.app.api.getNotification(otherStore, String(bodyOf(answer).notificationId)),
      404,
      'notification-not-found',
    );
  });
});

describe('403 and 409 contact rules (C-2.5, C-2.6)', () => {
  it('once a contact is assigned, other contacts and guests get 403', async () => {
    const h = harness();
    const id = await newBasket(h, alice);
    expectProblem(await h.app.api.assignContact(guest, id), 403, 'forbidden');
    await succeeds(h, alice, h.app.api.assignContact(alice, id));
    expect((await basketOf(h, id, alice)).contactId).toBe('contact-alice');
    await succeeds(h, alice, h.app.api.assignContact(alice, id)); // the same contact again: a success that changes nothing
    for (const caller of [guest, bob]) {
      expectProblem(await h.app.api.getBasket(caller, id), 403, 'forbidden');
      expectProblem(await h.app.api.addProduct(caller, id, PIE, { quantity: 1 }), 403, 'forbidden');
      expectProblem(await h.app.api.getBasketEvents(caller, id), 403, 'forbidden');
    }
    expectProblem(await h.app.api.assignContact(bob, id), 409, 'contact-conflict');
  });

  it("the notifications of a contact's basket are hers alone: others get 403, the other store 404 (C-5.2)", async () => {
    const h = harness();
    const id = await newBasket(h, guest);
    const asGuest = String(
      bodyOf(await h.app.api.addProduct(guest, id, PIE, { quantity: 1 })).notificationId,
    );
    await h.settle();
    // Before a contact is assigned, any token of the store reads it (the basket id is the capability).
    expect((await h.app.api.getNotification(bob, asGuest)).status).toBe(200);
    await succeeds(h, alice, h.app.api.assignContact(alice, id));
    const asAlice = String(
      bodyOf(await h.app.api.addProduct(alice, id, PIE, { quantity: 1 })).notificationId,
    );
    await h.settle();
    for (const notificationId of [asGuest, asAlice]) {
      expect(bodyOf(await h.app.api.getNotification(alice, notificationId)).basketId).toBe(id);
      for (const caller of [guest, bob]) {
        expectProblem(await h.app.api.getNotification(caller, notificationId), 403, 'forbidden');
        expectProblem(await h.app.api.getNotification(caller, notificationId, 1000), 403, 'forbidden');
      }
      expectProblem(
        await h.app.api.getNotification(otherStore, notificationId),
        404,
        'notification-not-found',
      );
    }
    // Deleting her basket: she still reads the outcome, others still may not.
    const deleted = await h.app.api.deleteBasket(alice, id);
    expect(deleted.status).toBe(200);
    expectProblem(await h.app.api.getNotification(bob, asAlice), 403, 'forbidden');
    expect((await h.app.api.getNotification(alice, asAlice)).status).toBe(200);
  });
});

describe('409 basket state (C-8.3, C-8.5) and 412 If-Match (C-6.1)', () => {
  it('a locked basket answers basket-locked to every modifying endpoint but the intent ones', async () => {
    const h = harness({ paymentSyncWaitMs: 5000 });
    const id = await fillBasket(h, alice);
    await completeCheckoutDetails(h, alice, id);
    expect((await h.app.api.createPaymentIntent(alice, id, {})).status).toBe(200);
    const basket = await basketOf(h, id, alice);
    const pb = providerBasketOf(basket, 'fnb:arena');
    const line = String(lineItems(basket).find((l) => l.productId === PIE)?.id);
    const locked = [
      h.app.api.deleteBasket(alice, id),
      h.app.api.assignContact(alice, id),
      h.app.api.addProduct(alice, id, PIE, { quantity: 1 }),
      h.app.api.selectSeats(alice, id, LIONS_YAKS, { rates: [{ rateId: ADULT_RATE, quantity: 1 }] }),
      h.app.api.selectTimeSlot(alice, id, TOUR, {
        timeSlotId: TOUR,
        rates: [{ rateId: TOUR_ADULT, quantity: 1 }],
      }),
      h.app.api.deleteLineItem(alice, id, pb, line),
      h.app.api.updateLineItemQuantity(alice, id, pb, line, { quantity: 2 }),
      h.app.api.setCustomerDetails(alice, id, { customerDetails: [{ type: 'Email' }] }),
      h.app.api.addVoucherToBasket(alice, id, { voucherCode: 'SCARFHALF' }),
      h.app.api.removeVoucherFromBasket(alice, id, { voucherCode: 'SHIRT10' }),
    ];
    for (const answer of await Promise.all(locked)) expectProblem(answer, 409, 'basket-locked');
  });

  it('a stale If-Match is a 412 and changes nothing; the current one is accepted', async () => {
    const h = harness();
    const id = await newBasket(h);
    const current = await h.app.api.getBasket(guest, id);
    expect(current).toMatchObject({ status: 200, version: 1 });
    expectProblem(
      await h.app.api.addProduct(guest, id, PIE, { quantity: 1 }, { ifMatch: 7 }),
      412,
      'precondition-failed',
    );
    expectProblem(await h.app.api.deleteBasket(guest, id, { ifMatch: 7 }), 412, 'precondition-failed');
    expectProblem(
      await h.app.api.createPaymentIntent(guest, id, {}, { ifMatch: 7 }),
      412,
      'precondition-failed',
    );
    await h.settle();
    expect(await h.app.api.getBasket(guest, id)).toMatchObject({ version: 1 });
    const accepted = await h.app.api.addProduct(guest, id, PIE, { quantity: 1 }, { ifMatch: 1 });
    expect(await outcomeOf(h, accepted)).toMatchObject({ status: 'Succeeded' });
  });
});
