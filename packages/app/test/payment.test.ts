import { describe, expect, it } from 'vitest';
import { gate } from './fakes/providers';
import {
  alice,
  basketOf,
  bob,
  bodyOf,
  expectProblem,
  guest,
  type Harness,
  harness,
  LAB_ITEM,
  newBasket,
  outcomeOf,
  PIE,
  stringField,
} from './harness';
import { completeCheckoutDetails, fillBasket, lineItems, providerBasketOf, succeeds } from './purchase-steps';

/** A filled basket of alice's, assigned to her, with an intent ready to pay (C-4.2's 200). */
const readyIntent = async (h: Harness): Promise<{ basketId: string; intentId: string }> => {
  const basketId = await fillBasket(h, alice);
  await completeCheckoutDetails(h, alice, basketId);
  await succeeds(h, alice, h.app.api.assignContact(alice, basketId));
  const intent = await h.app.api.createPaymentIntent(alice, basketId, {});
  expect(intent.status).toBe(200);
  return { basketId, intentId: stringField(bodyOf(intent), 'id') };
};

describe('createPaymentIntent (C-4.2, C-8.1, C-8.2)', () => {
  it('answers 202 while a provider has not confirmed, then the notification succeeds', async () => {
    const h = harness({ paymentSyncWaitMs: 0 });
    const basketId = await fillBasket(h, alice);
    await completeCheckoutDetails(h, alice, basketId);
    const confirmations = gate();
    h.fakes.confirmGate = confirmations;
    const accepted = await h.app.api.createPaymentIntent(alice, basketId, {});
    expect(accepted.status).toBe(202);
    const notificationId = stringField(bodyOf(accepted), 'notificationId');
    expect(bodyOf(await h.app.api.getNotification(alice, notificationId)).status).toBe('Pending');
    const waited = h.app.api.getNotification(alice, notificationId, 30_000);
    confirmations.open();
    const done = bodyOf(await waited);
    expect(done).toMatchObject({ status: 'Succeeded', operation: 'createPaymentIntent' });
    const intent = bodyOf(
      await h.app.api.getPaymentIntent(alice, basketId, stringField(done, 'paymentIntentId')),
    );
    expect(intent).toMatchObject({ status: 'AwaitingPayment', creationStateMachine: { ready: true } });
  });

  it('a provider that never answers counts as refusing: the intent is Cancelled and the basket unlocked (C-8.2)', async () => {
    const h = harness({ paymentSyncWaitMs: 0, providerAnswerTimeoutMs: 50 });
    const basketId = await fillBasket(h, alice);
    await completeCheckoutDetails(h, alice, basketId);
    h.fakes.confirmGate = gate(); // never opened
    const accepted = await h.app.api.createPaymentIntent(alice, basketId, {});
    const notificationId = stringField(bodyOf(accepted), 'notificationId');
    const done = bodyOf(await h.app.api.getNotification(alice, notificationId, 30_000));
    expect(done).toMatchObject({ status: 'Failed', problem: { code: 'provider-refused' } });
    const basket = bodyOf(await h.app.api.getBasket(alice, basketId));
    expect(basket.activePaymentIntentId).toBeUndefined();
    expect(bodyOf(await h.app.api.addProduct(alice, basketId, PIE, { quantity: 1 }))).toHaveProperty(
      'notificationId',
    );
  });

  it('answers the active intent again instead of making a second one (C-8.1)', async () => {
    const h = harness({ paymentSyncWaitMs: 5000 });
    const { basketId, intentId } = await readyIntent(h);
    const again = await h.app.api.createPaymentIntent(alice, basketId, {});
    expect(again.status).toBe(200);
    expect(bodyOf(again).id).toBe(intentId);
  });

  it('answers 422 for an empty basket, uncovered delivery and missing details (C-8.1)', async () => {
    const h = harness();
    const empty = await newBasket(h);
    expectProblem(await h.app.api.createPaymentIntent(guest, empty, undefined), 422, 'basket-empty');
    await succeeds(h, guest, h.app.api.addProduct(guest, empty, PIE, { quantity: 1 }));
    expectProblem(await h.app.api.createPaymentIntent(guest, empty, {}), 422, 'delivery-not-covered');
    const basket = await basketOf(h, empty);
    const collectionTime = new Date(Date.parse(h.clock.now()) + 3_600_000).toISOString();
    await succeeds(
      h,
      guest,
      h.app.api.setProviderBasketDeliveryMethod(guest, empty, providerBasketOf(basket, 'fnb:arena'), {
        deliveryMethod: {
          type: 'KioskCollection',
          id: 'fnb-kiosk',
          kioskId: 'kiosk-north',
          collectionTime,
          collectionId: 'c',
          seatId: 'x',
        },
      }),
    );
    expectProblem(await h.app.api.createPaymentIntent(guest, empty, {}), 422, 'customer-details-missing');
  });

  it('a refusing provider cancels the intent, unlocks the basket and keeps its lines (C-8.2)', async () => {
    const h = harness({ paymentSyncWaitMs: 5000 });
    const basketId = await newBasket(h, alice);
    await succeeds(h, alice, h.app.api.addProduct(alice, basketId, LAB_ITEM, { quantity: 1 }));
    await succeeds(h, alice, h.app.api.addProduct(alice, basketId, PIE, { quantity: 1 }));
    const basket = await basketOf(h, basketId, alice);
    const collectionTime = new Date(Date.parse(h.clock.now()) + 3_600_000).toISOString();
    const kiosk = (id: string, kioskId: string) => ({
      deliveryMethod: {
        type: 'KioskCollection',
        id,
        kioskId,
        collectionTime,
        collectionId: 'c',
        seatId: 's',
      },
    });
    await succeeds(
      h,
      alice,
      h.app.api.setProviderBasketDeliveryMethod(
        alice,
        basketId,
        providerBasketOf(basket, 'lab'),
        kiosk('lab-desk-collect', 'lab-desk'),
      ),
    );
    await succeeds(
      h,
      alice,
      h.app.api.setProviderBasketDeliveryMethod(
        alice,
        basketId,
        providerBasketOf(basket, 'fnb:arena'),
        kiosk('fnb-kiosk', 'kiosk-west'),
      ),
    );
    await succeeds(
      h,
      alice,
      h.app.api.setCustomerDetails(alice, basketId, {
        customerDetails: [{ type: 'Email', value: { email: 'a@example.com' } }],
      }),
    );

    const answer = await h.app.api.createPaymentIntent(alice, basketId, {});
    expect(answer.status).toBe(202);
    const outcome = await outcomeOf(h, answer, alice);
    expect(outcome).toMatchObject({ status: 'Failed', problem: { status: 422, code: 'provider-refused' } });
    const intent = bodyOf(
      await h.app.api.getPaymentIntent(alice, basketId, stringField(outcome, 'paymentIntentId')),
    );
    expect(intent.status).toBe('Cancelled');
    const after = await basketOf(h, basketId, alice);
    expect(after.activePaymentIntentId).toBeUndefined();
    expect(lineItems(after)).toHaveLength(2);
    // The confirmed provider takes its confirmation back; the refusing one is told too (a late answer).
    expect(h.fakes.calls.release.map((r) => r.providerId).sort()).toEqual(['fnb:arena', 'lab']);
    // Unlocked: the basket takes changes again.
    await succeeds(h, alice, h.app.api.addProduct(alice, basketId, PIE, { quantity: 1 }));
  });
});

describe('deletePaymentIntent (C-8.4)', () => {
  it('runs the cancellation machine, unlocks and keeps the lines; again changes nothing', async () => {
    const h = harness({ paymentSyncWaitMs: 5000 });
    const { basketId, intentId } = await readyIntent(h);
    const lines = lineItems(await basketOf(h, basketId, alice)).length;
    const cancel = await h.app.api.deletePaymentIntent(alice, basketId, intentId);
    expect(cancel.status).toBe(200);
    expect(await outcomeOf(h, cancel, alice)).toMatchObject({
      status: 'Succeeded',
      paymentIntentId: intentId,
    });
    const intent = bodyOf(await h.app.api.getPaymentIntent(alice, basketId, intentId));
    expect(intent).toMatchObject({
      status: 'Cancelled',
      cancellationStateMachine: { ready: true, pendingProviderBasjets: [] },
    });
    expect(h.fakes.calls.voided).toEqual([intentId]);
    expect(h.fakes.calls.release).toHaveLength(4);
    const basket = await basketOf(h, basketId, alice);
    expect(basket.activePaymentIntentId).toBeUndefined();
    expect(lineItems(basket)).toHaveLength(lines);
    for (const pb of basket.providerBaskets as ReadonlyArray<{ expires?: string }>)
      expect(pb.expires).toBeDefined();
    await succeeds(h, alice, h.app.api.deletePaymentIntent(alice, basketId, intentId));
    expectProblem(
      await h.app.api.useSavedPaymentToken(alice, { paymentIntentId: intentId, tokenId: 'tok_alice_visa' }),
      409,
      'payment-intent-state',
    );
  });

  it('answers 404 for an unknown intent and 409 payment-intent-state for a paid one (C-8.5)', async () => {
    const h = harness({ paymentSyncWaitMs: 5000 });
    const { basketId, intentId } = await readyIntent(h);
    expectProblem(
      await h.app.api.deletePaymentIntent(alice, basketId, '00000000-0000-4000-8000-999999999999'),
      404,
      'payment-intent-not-found',
    );
    expect(
      (await h.app.api.useSavedPaymentToken(alice, { paymentIntentId: intentId, tokenId: 'tok_alice_visa' }))
        .status,
    ).toBe(204);
    expectProblem(
      await h.app.api.deletePaymentIntent(alice, basketId, intentId),
      409,
      'payment-intent-state',
    );
  });
});

describe('use saved payment token (C-2.7, C-4.3, C-8.6)', () => {
  it('a declined token answers 402 and leaves the intent payable; a good one then pays (204)', async () => {
    const h = harness({ paymentSyncWaitMs: 5000 });
    const { basketId, intentId } = await readyIntent(h);
    expectProblem(
      await h.app.api.useSavedPaymentToken(alice, {
        paymentIntentId: intentId,
        tokenId: 'tok_alice_declined',
      }),
      402,
      'payment-declined',
    );
    expect(bodyOf(await h.app.api.getPaymentIntent(alice, basketId, intentId)).status).toBe(
      'AwaitingPayment',
    );
    expect(
      (await h.app.api.useSavedPaymentToken(alice, { paymentIntentId: intentId, tokenId: 'tok_alice_visa' }))
        .status,
    ).toBe(204);
    expectProblem(
      await h.app.api.useSavedPaymentToken(alice, { paymentIntentId: intentId, tokenId: 'tok_alice_visa' }),
      409,
      'payment-intent-state',
    );
    expect(h.fakes.calls.charges.filter((c) => c.tokenId === 'tok_alice_visa')).toHaveLength(1);
  });

  it('has no 202 (C-4.3): a payment provider slower than paymentWaitMs is a 500, and the same key then answers the outcome', async () => {
    const h = harness({ paymentSyncWaitMs: 5000, paymentWaitMs: 20 });
    const { basketId, intentId } = await readyIntent(h);
    const slow = gate();
    const charge = h.fakes.paymentProvider.charge;
    Object.assign(h.fakes.paymentProvider, {
      charge: async (request: Parameters<typeof charge>[0]) => {
        await slow.wait();
        return charge(request);
      },
    });
    const keyed = { ...alice, idempotency: { key: 'pay-1', fingerprint: 'POST /psp/tokens/use-existing' } };
    const body = { paymentIntentId: intentId, tokenId: 'tok_alice_visa' };
    const first = await h.app.api.useSavedPaymentToken(keyed, body);
    expectProblem(first, 500, 'internal-error');
    expect('problem' in first ? first.problem.detail : '').toContain('the same Idempotency-Key');
    slow.open();
    await h.settle();
    expect((await h.app.api.useSavedPaymentToken(keyed, body)).status).toBe(204);
    expect(bodyOf(await h.app.api.getPaymentIntent(alice, basketId, intentId)).status).toBe(
      'PaymentComplete',
    );
    expect(h.fakes.calls.charges).toHaveLength(1);
  });

  it('refuses tokens of others (403), intents of other stores (404), baskets of other contacts (403), bad bodies (400)', async () => {
    const h = harness({ paymentSyncWaitMs: 5000 });
    const { intentId } = await readyIntent(h);
    expectProblem(
      await h.app.api.useSavedPaymentToken(alice, {
        paymentIntentId: intentId,
        tokenId: 'tok_bob_mastercard',
      }),
      403,
      'forbidden',
    );
    expectProblem(
      await h.app.api.useSavedPaymentToken(guest, { paymentIntentId: intentId, tokenId: 'tok_alice_visa' }),
      403,
      'forbidden',
    );
    expectProblem(
      await h.app.api.useSavedPaymentToken(
        { ...alice, storeId: 'arena-app' },
        { paymentIntentId: intentId, tokenId: 'tok_alice_visa' },
      ),
      404,
      'payment-intent-not-found',
    );
    expectProblem(
      await h.app.api.useSavedPaymentToken(bob, { paymentIntentId: intentId, tokenId: 'tok_bob_mastercard' }),
      403,
      'forbidden',
    );
    expectProblem(
      await h.app.api.useSavedPaymentToken(alice, { paymentIntentId: intentId }),
      400,
      'validation-failed',
    );
  });
});
