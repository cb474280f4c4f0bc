import { describe, expect, it } from 'vitest';
import { fold as foldWith } from '../../src/decider';
import {
  type ExistingPaymentIntent,
  type PaymentIntentEvent,
  paymentIntentDecider,
} from '../../src/payment-intent';
import { paymentIntentView } from '../../src/wire';
import {
  awaitingPayment,
  cancellationStarted,
  cancelNotification,
  createNotification,
  fnb,
  intentId,
  pspReference,
  started,
  tix,
} from './fixtures';

const stateOf = (events: ReadonlyArray<PaymentIntentEvent>): ExistingPaymentIntent => {
  const state = foldWith(paymentIntentDecider.evolve, paymentIntentDecider.initialState, events);
  if (state.status === 'none') throw new Error('no intent');
  return state;
};

describe('paymentIntentView', () => {
  it('C-1.1, C-8.2: a new intent shows every provider basket pending under pendingProviderBasjets', () => {
    expect(paymentIntentView(stateOf([started]))).toEqual({
      id: intentId,
      status: 'PreparingPayment',
      created: '2026-11-21T18:00:00.000Z',
      updated: '2026-11-21T18:00:00.000Z',
      paymentDetails: { totalPaid: started.totalPaid, components: started.components },
      creationStateMachine: {
        pendingProviderBasjets: [tix, fnb],
        pendingPaymentProvider: true,
        notificationId: createNotification,
        ready: false,
      },
    });
  });
  it('C-1.1, C-4.2: a ready intent shows its pspPaymentreference and pspPayload', () => {
    const view = paymentIntentView(stateOf(awaitingPayment));
    expect(view).toMatchObject({
      status: 'AwaitingPayment',
      updated: '2026-11-21T18:01:00.000Z',
      creationStateMachine: { pendingProviderBasjets: [], pendingPaymentProvider: false, ready: true },
      pspPaymentreference: pspReference,
      pspPayload: { sessionId: 'sess_1' },
    });
    expect(view).not.toHaveProperty('cancellationStateMachine');
  });
  it('C-8.4: a running cancellation shows its own state machine', () => {
    const view = paymentIntentView(stateOf([...awaitingPayment, cancellationStarted([tix, fnb], true)]));
    expect(view.cancellationStateMachine).toEqual({
      pendingProviderBasjets: [tix, fnb],
      pendingPaymentProvider: true,
      notificationId: cancelNotification,
      ready: false,
    });
  });
  it('C-1.2: absent optionals are omitted', () => {
    const view = paymentIntentView(stateOf([started]));
    expect(Object.keys(view).sort()).toEqual([
      'created',
      'creationStateMachine',
      'id',
      'paymentDetails',
      'status',
      'updated',
    ]);
    expect(paymentIntentDecider.initialState.status).toBe('none');
  });
});
