import { type BasketState, exists, isUuid, type Uuid } from '@basket/core';
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
