import {
  type BasketState,
  type ExistingBasket,
  exists,
  type Instant,
  isUuid,
  type PaymentIntentCommand,
  paymentComponents,
  type Uuid,
} from '@basket/core';
import { type Handled, unfinished } from '../processing/handled';
import type { IntentRun } from './intent-decision';

/** Whether `state` is a basket locked for this payment intent (C-8.3). */
export const lockedBy = (state: BasketState, paymentIntentId: string): boolean =>
  exists(state) && state.status === 'locked' && state.activePaymentIntentId === paymentIntentId;

/** Ids the app issues are UUIDs (C-1.5); anything else reaching here is a bug. */
export const asUuid = (id: string): Uuid => {
  if (!isUuid(id)) throw new Error('expected a UUID');
  return id;
};

/** Longest run of steps a saga takes in one go before it leaves the rest to a later attempt. */
export const MAX_SAGA_STEPS = 50;

/** After a step of a saga on the intent: done when it completed the notification, else the next step. */
export const nextStep = (run: IntentRun): Handled | 'continue' => {
  if (run._tag === 'AlreadyCompleted') return run;
  if (run._tag === 'GaveUp') return unfinished;
  return run.completion === undefined ? 'continue' : { _tag: 'Completed', completion: run.completion };
};

type StartPaymentIntent = Extract<PaymentIntentCommand, { type: 'StartPaymentIntent' }>;

/**
 * The command that starts an intent for a basket locked for it (C-8.2): what is to be paid, per
 * provider basket, as of `at`. The intent's contact is the basket's, else the requester's.
 */
export const startIntentCommand = (
  basket: ExistingBasket,
  intent: {
    readonly paymentIntentId: Uuid;
    readonly notificationId: Uuid;
    readonly at: Instant;
    readonly payload: StartPaymentIntent['payload'];
    readonly contactId: string | undefined;
  },
): StartPaymentIntent => {
  const { totalPaid, components } = paymentComponents(basket, intent.at);
  const contactId = basket.contactId ?? intent.contactId;
  return {
    type: 'StartPaymentIntent',
    paymentIntentId: intent.paymentIntentId,
    at: intent.at,
    basketId: basket.id,
    storeId: basket.storeId,
    notificationId: intent.notificationId,
    totalPaid,
    components,
    providerBasketIds: components.map((c) => c.providerBasketId),
    ...(intent.payload === undefined ? {} : { payload: intent.payload }),
    ...(contactId === undefined ? {} : { contactId }),
  };
};
