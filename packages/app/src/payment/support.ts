import {
  type BasketState,
  type ExistingBasket,
  exists,
  type Instant,
  isUuid,
  type PaymentIntentCommand,
  type PaymentIntentState,
  paymentComponents,
  type Uuid,
} from '@basket/core';
import * as E from 'fp-ts/Either';
import type { AppContext } from '../context';
import { type Handled, unfinished } from '../processing/handled';
import { loadIntent } from '../streams/payment-intent-stream';
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
const MAX_SAGA_STEPS = 50;

/**
 * A step of a payment saga: done (what processing came to), or go on to the next, with the intent
 * as the step's own commit left it when it has it (else the next step reads the intent's stream).
 */
export type SagaStep = Handled | { readonly _tag: 'Continue'; readonly intent?: PaymentIntentState };

export const continueWith = (intent: PaymentIntentState | undefined): SagaStep =>
  intent === undefined ? { _tag: 'Continue' } : { _tag: 'Continue', intent };

/**
 * Runs a saga's steps on an intent until one is done. Each step is given the intent its predecessor
 * committed (the first, or one after a step that did not say, the intent as its stream is now): the
 * step chooses what to do from it, and its commit decides again on the intent as of its own
 * transaction, so the stream is read once per step, inside the transaction.
 */
export const runSaga = async (
  ctx: AppContext,
  paymentIntentId: string,
  step: (intent: PaymentIntentState) => Promise<SagaStep>,
): Promise<Handled> => {
  let known: PaymentIntentState | undefined;
  for (let i = 0; i < MAX_SAGA_STEPS; i++) {
    const next = await step(known ?? (await loadIntent(ctx.storage.events, paymentIntentId)).state);
    if (next._tag !== 'Continue') return next;
    known = next.intent;
  }
  return unfinished;
};

/** After a step of a saga on the intent: done when it completed the notification, else the next step. */
export const nextStep = (run: IntentRun): SagaStep => {
  if (run._tag === 'AlreadyCompleted') return run;
  if (run._tag === 'GaveUp') return unfinished;
  if (run.completion !== undefined) return { _tag: 'Completed', completion: run.completion };
  return continueWith(E.isRight(run.outcome) ? run.outcome.right.state : undefined);
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
