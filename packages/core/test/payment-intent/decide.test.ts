import { given as givenFor } from '@basket/testing';
import { describe, expect, it } from 'vitest';
import {
  evolvePaymentIntent,
  type PaymentIntentCommand,
  type PaymentIntentEvent,
  paymentIntentDecider,
} from '../../src/payment-intent';
import {
  at,
  awaitingPayment,
  cancellationStarted,
  cancelled,
  cancelNotification,
  confirmed,
  fnb,
  intentId,
  otherCancelNotification,
  pspReference,
  ready,
  sessionOpened,
  start,
  started,
  stranger,
  tix,
} from './fixtures';

const given = (history: ReadonlyArray<PaymentIntentEvent>) => {
  const spec = givenFor(paymentIntentDecider, history);
  return { state: spec.state, when: (command: PaymentIntentCommand) => spec.when(command, undefined) };
};

const answer = (
  providerBasketId: typeof tix,
  verdict: 'confirmed' | 'refused',
  minute = 2,
): PaymentIntentCommand => ({
  type: 'RecordProviderAnswer',
  paymentIntentId: intentId,
  at: at(minute),
  providerBasketId,
  answer: verdict,
});
const session = (minute = 2): PaymentIntentCommand => ({
  type: 'RecordPaymentSession',
  paymentIntentId: intentId,
  at: at(minute),
  pspPaymentreference: pspReference,
  pspPayload: { sessionId: 'sess_1' },
});
const cancel = (notificationId = cancelNotification): PaymentIntentCommand => ({
  type: 'RequestCancellation',
  paymentIntentId: intentId,
  at: at(5),
  notificationId,
});
const released = (providerBasketId: typeof tix, minute = 6): PaymentIntentCommand => ({
  type: 'RecordConfirmationReleased',
  paymentIntentId: intentId,
  at: at(minute),
  providerBasketId,
});
const voided = (minute = 6): PaymentIntentCommand => ({
  type: 'RecordSessionVoided',
  paymentIntentId: intentId,
  at: at(minute),
});
const pay = (
  outcome: 'succeeded' | 'declined',
  tokenId = 'tok_alice_visa',
  minute = 7,
): PaymentIntentCommand => ({
  type: 'RecordPayment',
  paymentIntentId: intentId,
  at: at(minute),
  tokenId,
  outcome,
});

describe('StartPaymentIntent', () => {
  it('C-8.2: starts PreparingPayment with every provider basket and the payment provider pending', () => {
    const state = given([]).when(start).then([started]);
    expect(state).toMatchObject({
      status: 'PreparingPayment',
      creation: { pendingProviderBaskets: [tix, fnb], pendingPaymentProvider: true, ready: false },
    });
  });
  it('C-8.6: an intent that exists already cannot start again (payment-intent-state)', () => {
    given([started]).when(start).thenFails('payment-intent-state');
  });
});

describe('RecordProviderAnswer', () => {
  it('C-8.2: a confirmation with answers still pending leaves the intent PreparingPayment', () => {
    const state = given([started])
      .when(answer(tix, 'confirmed'))
      .then([confirmed(tix, 2)]);
    expect(state.status).toBe('PreparingPayment');
  });
  it('C-8.2: the last confirmation makes the intent ready and AwaitingPayment', () => {
    const state = given([started, confirmed(tix), sessionOpened()])
      .when(answer(fnb, 'confirmed'))
      .then([confirmed(fnb, 2), ready(2)]);
    expect(state).toMatchObject({ status: 'AwaitingPayment', creation: { ready: true } });
  });
  it('C-8.2: a refusal cancels the intent with reason provider-refused', () => {
    const state = given([started, confirmed(tix)])
      .when(answer(fnb, 'refused'))
      .then([
        { type: 'ProviderBasketRefused', at: at(2), providerBasketId: fnb },
        cancelled('provider-refused', 2),
      ]);
    expect(state).toMatchObject({
      status: 'Cancelled',
      cancellationReason: 'provider-refused',
      refusedBy: fnb,
    });
  });
  it('C-8.6: an answer for a provider basket that is not part of the intent is payment-intent-state', () => {
    given([started]).when(answer(stranger, 'confirmed')).thenFails('payment-intent-state');
  });
  it('C-8.6: a second answer for one provider basket is payment-intent-state', () => {
    given([started, confirmed(tix)])
      .when(answer(tix, 'refused'))
      .thenFails('payment-intent-state');
  });
  it('C-8.6: an answer after a refusal cancelled the intent is payment-intent-state', () => {
    given([
      started,
      { type: 'ProviderBasketRefused', at: at(1), providerBasketId: tix },
      cancelled('provider-refused', 1),
    ])
      .when(answer(fnb, 'confirmed'))
      .thenFails('payment-intent-state');
  });
  it('C-8.4: a confirmation arriving during a cancellation is recorded and joins what the cancellation releases', () => {
    const state = given([started, confirmed(tix), cancellationStarted([tix], false)])
      .when(answer(fnb, 'confirmed', 6))
      .then([confirmed(fnb, 6)]);
    expect(state).toMatchObject({
      status: 'PreparingPayment',
      creation: { ready: false },
      cancellation: { pendingProviderBaskets: [tix, fnb], ready: false },
    });
  });
  it('C-8.4: a refusal arriving during a cancellation is recorded; the cancellation ends the intent', () => {
    given([started, confirmed(tix), cancellationStarted([tix], false)])
      .when(answer(fnb, 'refused', 6))
      .then([{ type: 'ProviderBasketRefused', at: at(6), providerBasketId: fnb }]);
  });
  it('an answer for an intent that does not exist is payment-intent-not-found', () => {
    given([]).when(answer(tix, 'confirmed')).thenFails('payment-intent-not-found');
  });
  it('a command naming another intent than the stream holds is payment-intent-not-found', () => {
    given([started])
      .when({ ...answer(tix, 'confirmed'), paymentIntentId: otherCancelNotification })
      .thenFails('payment-intent-not-found');
  });
});

describe('RecordPaymentSession', () => {
  it('C-8.2: the session is recorded with its reference and payload', () => {
    const state = given([started])
      .when(session())
      .then([sessionOpened(2)]);
    expect(state).toMatchObject({ pspPaymentreference: pspReference, pspPayload: { sessionId: 'sess_1' } });
  });
  it('C-8.2: the session as last answer makes the intent AwaitingPayment', () => {
    const state = given([started, confirmed(tix), confirmed(fnb)])
      .when(session())
      .then([sessionOpened(2), ready(2)]);
    expect(state.status).toBe('AwaitingPayment');
  });
  it('C-8.6: a second session is payment-intent-state', () => {
    given([started, sessionOpened()]).when(session()).thenFails('payment-intent-state');
  });
  it('C-8.6: a session for a cancelled intent is payment-intent-state', () => {
    given([started, cancellationStarted([], false), cancelled('requested')])
      .when(session(6))
      .thenFails('payment-intent-state');
  });
});

describe('RequestCancellation', () => {
  it('C-8.4: on PreparingPayment the providers that confirmed are to release their confirmations', () => {
    const state = given([started, confirmed(tix)])
      .when(cancel())
      .then([cancellationStarted([tix], false)]);
    expect(state).toMatchObject({
      status: 'PreparingPayment',
      cancellation: { pendingProviderBaskets: [tix], pendingPaymentProvider: false, ready: false },
    });
  });
  it('C-8.4: on AwaitingPayment every confirmation and the session are to be taken back', () => {
    given(awaitingPayment)
      .when(cancel())
      .then([cancellationStarted([tix, fnb], true)]);
  });
  it('C-8.4: with nothing to take back the intent is Cancelled at once', () => {
    const state = given([started])
      .when(cancel())
      .then([cancellationStarted([], false), cancelled('requested')]);
    expect(state).toMatchObject({
      status: 'Cancelled',
      cancellation: { ready: true },
      cancellationReason: 'requested',
    });
  });
  it('C-8.4: on Cancelled it is a success that changes nothing', () => {
    given([started, cancellationStarted([], false), cancelled('requested')])
      .when(cancel(otherCancelNotification))
      .then([]);
  });
  it('C-8.4: while a cancellation runs, another one changes nothing', () => {
    given([...awaitingPayment, cancellationStarted([tix, fnb], true)])
      .when(cancel(otherCancelNotification))
      .then([]);
  });
  it('C-8.4: on PaymentComplete it is payment-intent-state', () => {
    given([...awaitingPayment, { type: 'PaymentCompleted', at: at(7), tokenId: 'tok_alice_visa' }])
      .when(cancel())
      .thenFails('payment-intent-state');
  });
});

describe('RecordConfirmationReleased', () => {
  const cancelling = [...awaitingPayment, cancellationStarted([tix, fnb], true)];
  it('C-8.4: a release with answers still pending keeps the cancellation running', () => {
    const state = given(cancelling)
      .when(released(tix))
      .then([{ type: 'ConfirmationReleased', at: at(6), providerBasketId: tix }]);
    expect(state).toMatchObject({
      status: 'AwaitingPayment',
      cancellation: { pendingProviderBaskets: [fnb] },
    });
  });
  it('C-8.4: the last release ends the intent Cancelled', () => {
    const state = given([
      ...cancelling,
      { type: 'ConfirmationReleased', at: at(6), providerBasketId: tix },
      { type: 'SessionVoided', at: at(6) },
    ])
      .when(released(fnb, 7))
      .then([{ type: 'ConfirmationReleased', at: at(7), providerBasketId: fnb }, cancelled('requested', 7)]);
    expect(state).toMatchObject({
      status: 'Cancelled',
      cancellation: { ready: true },
      confirmedProviderBaskets: [],
    });
  });
  it('C-8.6: a release that is not pending is payment-intent-state', () => {
    given([started, confirmed(tix), cancellationStarted([tix], false)])
      .when(released(fnb))
      .thenFails('payment-intent-state');
  });
  it('C-8.6: a release without a running cancellation is payment-intent-state', () => {
    given(awaitingPayment).when(released(tix)).thenFails('payment-intent-state');
  });
});

describe('RecordSessionVoided', () => {
  it('C-8.4: the void as last answer ends the intent Cancelled', () => {
    given([...awaitingPayment, cancellationStarted([], true)])
      .when(voided())
      .then([{ type: 'SessionVoided', at: at(6) }, cancelled('requested', 6)]);
  });
  it('C-8.4: a void with releases still pending keeps the cancellation running', () => {
    given([...awaitingPayment, cancellationStarted([tix], true)])
      .when(voided())
      .then([{ type: 'SessionVoided', at: at(6) }]);
  });
  it('C-8.6: a void when no session is pending in the cancellation is payment-intent-state', () => {
    given([started, confirmed(tix), cancellationStarted([tix], false)])
      .when(voided())
      .thenFails('payment-intent-state');
  });
  it('C-8.6: a void without a cancellation is payment-intent-state', () => {
    given(awaitingPayment).when(voided()).thenFails('payment-intent-state');
  });
});

describe('RecordPayment', () => {
  it('C-8.5: a successful payment moves AwaitingPayment to PaymentComplete', () => {
    const state = given(awaitingPayment)
      .when(pay('succeeded'))
      .then([{ type: 'PaymentCompleted', at: at(7), tokenId: 'tok_alice_visa' }]);
    expect(state).toMatchObject({ status: 'PaymentComplete', paidWithTokenId: 'tok_alice_visa' });
  });
  it('C-4.3: a declined payment leaves the intent AwaitingPayment, and it can be paid again', () => {
    const spec = given(awaitingPayment);
    const afterDecline = spec
      .when(pay('declined', 'tok_alice_declined'))
      .then([{ type: 'PaymentDeclined', at: at(7), tokenId: 'tok_alice_declined' }]);
    expect(afterDecline).toMatchObject({
      status: 'AwaitingPayment',
      declinedTokenIds: ['tok_alice_declined'],
    });
    given([...awaitingPayment, { type: 'PaymentDeclined', at: at(7), tokenId: 'tok_alice_declined' }])
      .when(pay('succeeded', 'tok_alice_visa', 8))
      .then([{ type: 'PaymentCompleted', at: at(8), tokenId: 'tok_alice_visa' }]);
  });
  it('C-4.3: paying an intent that is still PreparingPayment is payment-intent-state', () => {
    given([started, confirmed(tix)])
      .when(pay('succeeded'))
      .thenFails('payment-intent-state');
  });
  it('C-8.4: a decline while a cancellation runs is payment-intent-state', () => {
    given([...awaitingPayment, cancellationStarted([tix, fnb], true)])
      .when(pay('declined'))
      .thenFails('payment-intent-state');
  });
  it('C-8.6: a payment taken before the cancellation voided the session stands, and the cancellation ends', () => {
    const state = given([...awaitingPayment, cancellationStarted([tix, fnb], true)])
      .when(pay('succeeded'))
      .then([{ type: 'PaymentCompleted', at: at(7), tokenId: 'tok_alice_visa' }]);
    expect(state).toMatchObject({ status: 'PaymentComplete', paidWithTokenId: 'tok_alice_visa' });
    expect(state).not.toHaveProperty('cancellation');
  });
  it('C-8.4: once the cancellation voided the session, a payment is payment-intent-state', () => {
    given([...awaitingPayment, cancellationStarted([tix, fnb], true), { type: 'SessionVoided', at: at(6) }])
      .when(pay('succeeded'))
      .thenFails('payment-intent-state');
  });
  it('C-8.6: a payment can never be taken twice (payment-intent-state)', () => {
    given([...awaitingPayment, { type: 'PaymentCompleted', at: at(7), tokenId: 'tok_alice_visa' }])
      .when(pay('succeeded', 'tok_bob_mastercard', 8))
      .thenFails('payment-intent-state');
  });
  it('C-8.6: a cancelled intent cannot be paid (payment-intent-state)', () => {
    given([started, cancellationStarted([], false), cancelled('requested')])
      .when(pay('succeeded'))
      .thenFails('payment-intent-state');
  });
});

describe('evolve', () => {
  it('C-8.6: a stored event that the transition table refuses is a bug, thrown', () => {
    const paid = awaitingPayment.reduce(evolvePaymentIntent, paymentIntentDecider.initialState);
    expect(() => evolvePaymentIntent(paid, { ...started, at: at(9) })).toThrow(/cannot take/);
    const complete = evolvePaymentIntent(paid, { type: 'PaymentCompleted', at: at(7), tokenId: 't' });
    expect(() =>
      evolvePaymentIntent(complete, { type: 'PaymentCompleted', at: at(8), tokenId: 't' }),
    ).toThrow(/cannot take/);
    expect(() => evolvePaymentIntent(paymentIntentDecider.initialState, ready())).toThrow(/cannot take/);
  });
});
