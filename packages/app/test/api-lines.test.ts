import { describe, expect, it } from 'vitest';
import {
  ADULT_RATE,
  alice,
  basketOf,
  bodyOf,
  expectProblem,
  guest,
  harness,
  LIONS_YAKS,
  newBasket,
  outcomeOf,
  PIE,
  stringField,
  TOUR,
  TOUR_ADULT,
} from './harness';
import {
  completeCheckoutDetails,
  fillBasket,
  lineItems,
  providerBasketOf,
  succeeds,
  TOUR_SLOT,
} from './purchase-steps';

describe('selectSeats through the app (C-7.3a, C-7.8)', () => {
  it('a selection of 2^31 - 1 seats is quantity-limit, answered without a ticket id made for each', async () => {
    const h = harness();
    const id = await newBasket(h);
    const answer = await h.app.api.selectSeats(guest, id, LIONS_YAKS, {
      rates: [{ rateId: ADULT_RATE, quantity: 2 ** 31 - 1 }],
    });
    expect(await outcomeOf(h, answer)).toMatchObject({
      status: 'Failed',
      problem: { code: 'quantity-limit' },
    });
  });

  it('the same seats sent again change nothing: the basket keeps its version and its hold its expiry', async () => {
    const h = harness();
    const id = await newBasket(h);
    const seats = { seats: [{ rateId: ADULT_RATE, seatId: 'N-C-7' }] };
    await succeeds(h, guest, h.app.api.selectSeats(guest, id, LIONS_YAKS, seats));
    const before = await h.app.api.getBasket(guest, id);
    h.clock.advance(10 * 60_000);
    await succeeds(h, guest, h.app.api.selectSeats(guest, id, LIONS_YAKS, seats));
    // The same answer: the same version (ETag) and the same hold expiry.
    expect(await h.app.api.getBasket(guest, id)).toEqual(before);
  });
});

describe('line endpoints (C-7.4, C-7.6, C-7.7)', () => {
  it('deleteLineItem removes the line and the lines cross-sold from it', async () => {
    const h = harness();
    const id = await newBasket(h);
    await succeeds(
      h,
      guest,
      h.app.api.selectSeats(guest, id, LIONS_YAKS, { rates: [{ rateId: ADULT_RATE, quantity: 1 }] }),
    );
    const tickets = lineItems(await basketOf(h, id)).find((l) => l.type === 'Ticketing');
    await succeeds(
      h,
      guest,
      h.app.api.addProduct(guest, id, PIE, { quantity: 1, crossSoldFromLineItemId: tickets?.id }),
    );
    const basket = await basketOf(h, id);
    const answer = await h.app.api.deleteLineItem(
      guest,
      id,
      providerBasketOf(basket, 'tix:arena'),
      String(tickets?.id),
    );
    expect(answer.status).toBe(200);
    expect(await outcomeOf(h, answer)).toMatchObject({ status: 'Succeeded', operation: 'deleteLineItem' });
    expect(lineItems(await basketOf(h, id))).toEqual([]);
  });

  it('updateLineItem and updateLineItemQuantity change a time-slot line; other kinds are wrong-product-type', async () => {
    const h = harness();
    const id = await newBasket(h);
    await succeeds(
      h,
      guest,
      h.app.api.selectTimeSlot(guest, id, TOUR, {
        timeSlotId: TOUR_SLOT,
        rates: [{ rateId: TOUR_ADULT, quantity: 1 }],
      }),
    );
    await succeeds(h, guest, h.app.api.addProduct(guest, id, PIE, { quantity: 1 }));
    const basket = await basketOf(h, id);
    const slotLine = String(lineItems(basket).find((l) => l.type === 'TimeSlot')?.id);
    const pieLine = String(lineItems(basket).find((l) => l.type === 'Consumable')?.id);
    const tours = providerBasketOf(basket, 'tsl:tours');
    const food = providerBasketOf(basket, 'fnb:arena');

    const updated = await h.app.api.updateLineItem(guest, id, tours, slotLine, {
      type: 'TimeSlot',
      quantity: 3,
    });
    expect(updated.status).toBe(200);
    expect(await outcomeOf(h, updated)).toMatchObject({ status: 'Succeeded', operation: 'updateLineItem' });
    const quantity = await h.app.api.updateLineItemQuantity(guest, id, tours, slotLine, { quantity: 4 });
    expect(await outcomeOf(h, quantity)).toMatchObject({
      status: 'Succeeded',
      operation: 'updateLineItemQuantity',
    });
    expect(lineItems(await basketOf(h, id)).find((l) => l.id === slotLine)?.timeSlot).toMatchObject({
      quantity: 4,
    });

    const wrong = await h.app.api.updateLineItem(guest, id, food, pieLine, { type: 'TimeSlot', quantity: 2 });
    expect(await outcomeOf(h, wrong)).toMatchObject({
      status: 'Failed',
      problem: { status: 422, code: 'wrong-product-type' },
    });
  });
});

describe('payment intent endpoints on a checked-out basket (C-8.5) and their 400 and 412', () => {
  it('answers basket-checked-out to a new intent and to cancelling an old cancelled one', async () => {
    const h = harness({ paymentSyncWaitMs: 5000 });
    const id = await fillBasket(h, alice);
    await completeCheckoutDetails(h, alice, id);
    const first = stringField(bodyOf(await h.app.api.createPaymentIntent(alice, id, {})), 'id');
    expectProblem(
      await h.app.api.deletePaymentIntent(alice, id, first, { ifMatch: 1 }),
      412,
      'precondition-failed',
    );
    expectProblem(await h.app.api.deletePaymentIntent(alice, id, ''), 400, 'validation-failed');
    await succeeds(h, alice, h.app.api.deletePaymentIntent(alice, id, first));
    const second = stringField(bodyOf(await h.app.api.createPaymentIntent(alice, id, {})), 'id');
    expect(second).not.toBe(first);
    expect(
      (await h.app.api.useSavedPaymentToken(alice, { paymentIntentId: second, tokenId: 'tok_alice_visa' }))
        .status,
    ).toBe(204);
    expectProblem(await h.app.api.createPaymentIntent(alice, id, {}), 409, 'basket-checked-out');
    expectProblem(await h.app.api.deletePaymentIntent(alice, id, first), 409, 'basket-checked-out');
    expectProblem(await h.app.api.deleteBasket(alice, ''), 400, 'validation-failed');
  });
});
