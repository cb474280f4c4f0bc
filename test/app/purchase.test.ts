import { describe, expect, it } from 'vitest';
import { readyBasket } from './steps';
import { alice, basket, bodyOf, expectProblem, ids, lineItems, outcome, text, world } from './support';

describe('a whole purchase through the app over store-memory and the simulated providers', () => {
  it('latency 0: the payment intent is ready at once (200, C-4.2) and tok_alice_visa pays (204, C-4.3)', async () => {
    const w = await world({ config: { paymentSyncWaitMs: 10_000 } });
    const id = await readyBasket(w, alice);
    const before = await basket(w, alice, id);
    expect(before.missingCustomerDetailFields).toBe(false);
    expect(
      lineItems(before)
        .map((l) => l.type)
        .sort(),
    ).toEqual(['Consumable', 'Ticketing', 'TimeSlot', 'VariableProduct']);
    expect(before.vouchers).toEqual([
      expect.objectContaining({
        code: 'SHIRT10',
        discountAmount: expect.objectContaining({ minorUnits: 1000 }),
      }),
    ]);

    const created = await w.app.api.createPaymentIntent(alice, id, {
      returnUrl: 'https://shop.example/thanks',
    });
    expect(created.status).toBe(200);
    const intent = bodyOf(created);
    expect(intent).toMatchObject({
      status: 'AwaitingPayment',
      creationStateMachine: { ready: true, pendingPaymentProvider: false, pendingProviderBasjets: [] },
      paymentDetails: { totalPaid: before.totalPrice },
    });
    expect(text(intent, 'pspPaymentreference')).toMatch(/^psp:simpay\|[a-z0-9]{24}$/);

    const paid = await w.app.api.useSavedPaymentToken(alice, {
      paymentIntentId: text(intent, 'id'),
      tokenId: 'tok_alice_visa',
    });
    expect(paid.status).toBe(204);
    expect(await w.payments.chargesTaken(text(intent, 'id'))).toBe(1);
    expect(bodyOf(await w.app.api.getPaymentIntent(alice, id, text(intent, 'id'))).status).toBe(
      'PaymentComplete',
    );
    expectProblem(await w.app.api.addProduct(alice, id, ids.pie, { quantity: 1 }), 409, 'basket-checked-out');
    await w.app.drain();
  });

  it('latency > 0: the intent is pending (202), then its notification succeeds and it can be paid', async () => {
    const w = await world({ latencyMs: 5, config: { paymentSyncWaitMs: 0 } });
    const id = await readyBasket(w, alice);
    const accepted = await w.app.api.createPaymentIntent(alice, id, {});
    expect(accepted.status).toBe(202);
    const done = await outcome(w, alice, accepted);
    expect(done).toMatchObject({ status: 'Succeeded', operation: 'createPaymentIntent', basketId: id });
    const intentId = text(done, 'paymentIntentId');
    expect(bodyOf(await w.app.api.getPaymentIntent(alice, id, intentId))).toMatchObject({
      status: 'AwaitingPayment',
    });
    expect(
      (await w.app.api.useSavedPaymentToken(alice, { paymentIntentId: intentId, tokenId: 'tok_alice_visa' }))
        .status,
    ).toBe(204);
    await w.app.drain();
  });
});
