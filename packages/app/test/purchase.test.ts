import { describe, expect, it } from 'vitest';
import { alice, basketOf, bodyOf, expectProblem, harness, PIE, stringField } from './harness';
import { completeCheckoutDetails, fillBasket, lineItems } from './purchase-steps';

describe('a whole purchase through the app API', () => {
  it('creates, fills, pays with a saved token and checks the basket out (C-4.2 200, C-4.3 204, C-8.5)', async () => {
    const h = harness({ paymentSyncWaitMs: 5000 });
    const { api } = h.app;
    const id = await fillBasket(h, alice);
    await completeCheckoutDetails(h, alice, id);
    const basket = await basketOf(h, id, alice);
    expect(basket.missingCustomerDetailFields).toBe(false);
    const pie = lineItems(basket).find((l) => l.productId === PIE);
    expect(pie?.crossSoldFromProductId).toBeDefined();

    const intent = await api.createPaymentIntent(alice, id, { returnUrl: 'https://shop.example/done' });
    expect(intent.status).toBe(200);
    const view = bodyOf(intent);
    expect(view).toMatchObject({
      status: 'AwaitingPayment',
      creationStateMachine: { ready: true, pendingProviderBasjets: [] },
    });
    expect(String(view.pspPaymentreference)).toMatch(/^psp:simpay\|/);
    expect(view.paymentDetails).toMatchObject({ totalPaid: basket.totalPrice });

    const locked = await basketOf(h, id, alice);
    expect(locked.activePaymentIntentId).toBe(view.id);
    expectProblem(await api.addProduct(alice, id, PIE, { quantity: 1 }), 409, 'basket-locked');

    const paid = await api.useSavedPaymentToken(alice, {
      paymentIntentId: stringField(view, 'id'),
      tokenId: 'tok_alice_visa',
    });
    expect(paid.status).toBe(204);
    const intentAfter = bodyOf(await api.getPaymentIntent(alice, id, stringField(view, 'id')));
    expect(intentAfter.status).toBe('PaymentComplete');
    expectProblem(await api.addProduct(alice, id, PIE, { quantity: 1 }), 409, 'basket-checked-out');
    expectProblem(await api.deleteBasket(alice, id), 409, 'basket-checked-out');
    expect((await api.getBasket(alice, id)).status).toBe(200);
  });
});
