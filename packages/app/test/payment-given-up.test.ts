import { describe, expect, it } from 'vitest';
import { alice, bodyOf, expectProblem, type Harness, harness, outcomeOf, PIE, stringField } from './harness';
import { completeCheckoutDetails, fillBasket } from './purchase-steps';

// A payment or a cancellation that kept failing is given up midway (internal-error after a few
// attempts). What it leaves must never let money be taken twice or kept for goods released (C-8.4,
// C-8.6).

const TOKEN = 'tok_alice_visa';

const readyIntent = async (h: Harness): Promise<{ basketId: string; intentId: string }> => {
  const basketId = await fillBasket(h, alice);
  await completeCheckoutDetails(h, alice, basketId);
  const intent = await h.app.api.createPaymentIntent(alice, basketId, {});
  if (intent.status === 200) return { basketId, intentId: stringField(bodyOf(intent), 'id') };
  const created = await outcomeOf(h, intent, alice);
  expect(created.status).toBe('Succeeded');
  return { basketId, intentId: stringField(created, 'paymentIntentId') };
};

/** Processes the basket until its oldest command is given up (or done). */
const processUntilSettled = async (h: Harness, basketId: string): Promise<void> => {
  for (let attempt = 0; attempt < 5; attempt++) await h.app.processor.process(basketId);
};

describe('a payment taken but not recorded (C-8.6)', () => {
  it('a cancellation that finds the session paid records the payment and checks the basket out', async () => {
    const h = harness({ paymentSyncWaitMs: 5000 });
    const { basketId, intentId } = await readyIntent(h);
    // The charge went through, and its recording was given up (a commit that kept failing).
    const intent = bodyOf(await h.app.api.getPaymentIntent(alice, basketId, intentId));
    expect(
      await h.fakes.paymentProvider.charge({
        paymentIntentId: intentId,
        reference: stringField(intent, 'pspPaymentreference'),
        contactId: 'contact-alice',
        tokenId: TOKEN,
      }),
    ).toBe('succeeded');

    const cancel = await h.app.api.deletePaymentIntent(alice, basketId, intentId);
    expect(await outcomeOf(h, cancel, alice)).toMatchObject({
      status: 'Failed',
      problem: {
        code: 'payment-intent-state',
        detail: 'the payment intent was paid before it could be cancelled',
      },
    });
    const after = bodyOf(await h.app.api.getPaymentIntent(alice, basketId, intentId));
    expect(after.status).toBe('PaymentComplete');
    expect(after.cancellationStateMachine).toBeUndefined();
    expect(h.fakes.calls.release).toEqual([]);
    expectProblem(
      await h.app.api.addProduct(alice, basketId, PIE, { quantity: 1 }),
      409,
      'basket-checked-out',
    );
    // Paying again takes nothing more: the intent is paid.
    expectProblem(
      await h.app.api.useSavedPaymentToken(alice, { paymentIntentId: intentId, tokenId: TOKEN }),
      409,
      'payment-intent-state',
    );
    expect(h.fakes.calls.charges).toHaveLength(1);
  });
});

describe('a cancellation given up midway (C-8.4)', () => {
  it('refuses a payment before charging while the cancellation is under way, and cancels when asked again', async () => {
    const h = harness({ paymentSyncWaitMs: 0 });
    const { basketId, intentId } = await readyIntent(h);
    const voidSession = h.fakes.paymentProvider.voidSession;
    Object.assign(h.fakes.paymentProvider, {
      voidSession: async () => {
        throw new Error('the payment provider is down');
      },
    });
    const cancel = await h.app.api.deletePaymentIntent(alice, basketId, intentId);
    await processUntilSettled(h, basketId);
    expect(await outcomeOf(h, cancel, alice)).toMatchObject({
      status: 'Failed',
      problem: { code: 'internal-error' },
    });
    expect(bodyOf(await h.app.api.getPaymentIntent(alice, basketId, intentId))).toMatchObject({
      status: 'AwaitingPayment',
      cancellationStateMachine: { ready: false, pendingPaymentProvider: true },
    });

    expectProblem(
      await h.app.api.useSavedPaymentToken(alice, { paymentIntentId: intentId, tokenId: TOKEN }),
      409,
      'payment-intent-state',
    );
    expect(h.fakes.calls.charges).toEqual([]);

    Object.assign(h.fakes.paymentProvider, { voidSession });
    const again = await h.app.api.deletePaymentIntent(alice, basketId, intentId);
    expect(await outcomeOf(h, again, alice)).toMatchObject({ status: 'Succeeded' });
    expect(bodyOf(await h.app.api.getPaymentIntent(alice, basketId, intentId)).status).toBe('Cancelled');
    expect(h.fakes.calls.charges).toEqual([]);
  });
});
