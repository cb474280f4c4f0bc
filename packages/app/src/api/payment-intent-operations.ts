import {
  CreatePaymentIntentRequest,
  type ExistingPaymentIntent,
  paymentPreconditions,
  problem,
  syncRefusal,
} from '@basket/core';
import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import { loadIntent } from '../streams/payment-intent-stream';
import { nowOf } from '../time';
import { type ApiEnv, acceptWork } from './accept';
import { basketForCaller, type CallerBasket, checkIfMatch } from './access';
import { ok, problemAnswer, refusalAnswer } from './answers';
import type { BasketApi } from './basket-api';
import { decodeBody, decodePath, decodePathAndBody, plainId } from './decode';
import { type Attempt, isKeyTaken, type Replay, withIdempotency } from './idempotency';
import { paymentIntentAnswer } from './payment-answers';
import type { Answer, Caller, Preconditions } from './types';
import { paymentIntentJson } from './views';

type PaymentIntentOperations = Pick<
  BasketApi,
  'createPaymentIntent' | 'deletePaymentIntent' | 'getPaymentIntent'
>;

/** The basket and one of its payment intents, in C-1.7's order (400, 404 basket, 403, 404 intent). */
const intentForCaller = async (
  env: ApiEnv,
  caller: Caller,
  basketId: string,
  paymentIntentId: string,
): Promise<Either<Answer, { basket: CallerBasket; intent: ExistingPaymentIntent }>> => {
  const path = decodePath({ basketId: plainId, paymentIntentId: plainId }, { basketId, paymentIntentId });
  if (E.isLeft(path)) return path;
  const basket = await basketForCaller(env.ctx, caller, path.right.basketId);
  if (E.isLeft(basket)) return basket;
  const intent = (await loadIntent(env.ctx.storage.events, path.right.paymentIntentId)).state;
  if (intent.status === 'none' || intent.basketId !== basket.right.state.id) {
    return E.left(
      problemAnswer('payment-intent-not-found', `no payment intent ${paymentIntentId} on this basket`),
    );
  }
  return E.right({ basket: basket.right, intent });
};

/**
 * createPaymentIntent (C-8.1, C-4.2): an active intent is answered again; otherwise the basket's
 * state, If-Match and C-8.1's preconditions (422) are checked before the saga is accepted.
 */
const createPaymentIntent = async (
  env: ApiEnv,
  caller: Caller,
  basketId: string,
  body: unknown,
  pre?: Preconditions,
): Promise<Attempt> => {
  const { ctx } = env;
  const request = decodePathAndBody(
    decodePath({ basketId: plainId }, { basketId }),
    decodeBody(CreatePaymentIntentRequest, body ?? {}),
  );
  if (E.isLeft(request)) return request.left;
  const basket = await basketForCaller(ctx, caller, request.right.path.basketId);
  if (E.isLeft(basket)) return basket.left;
  const { state } = basket.right;
  const active = state.activePaymentIntentId;
  if (active !== undefined && state.status === 'locked') {
    const intent = (await loadIntent(ctx.storage.events, active)).state;
    return intent.status === 'none' || intent.creation.notificationId === undefined
      ? problemAnswer('basket-locked', `payment intent ${active} is being created`)
      : paymentIntentAnswer(ctx, active, intent.creation.notificationId, ctx.config.paymentSyncWaitMs);
  }
  const at = nowOf(ctx.clock);
  const paymentIntentId = ctx.ids.uuid();
  const stateRefusal = syncRefusal(
    { type: 'LockForPayment', basketId: state.id, at, paymentIntentId },
    state,
  );
  if (stateRefusal) return refusalAnswer(stateRefusal);
  const ifMatch = checkIfMatch(basket.right, pre);
  if (E.isLeft(ifMatch)) return ifMatch.left;
  const unmet = paymentPreconditions(state, at);
  if (unmet) return refusalAnswer(unmet);
  const accepted = await acceptWork(env, caller, 202, {
    basketId: state.id,
    operation: 'createPaymentIntent',
    paymentIntentId,
    replay: 'payment-intent',
    work: {
      kind: 'createPaymentIntent',
      paymentIntentId,
      at,
      payload: request.right.body,
      ...(caller.contactId === undefined ? {} : { contactId: caller.contactId }),
    },
  });
  if (isKeyTaken(accepted)) return accepted;
  return paymentIntentAnswer(ctx, paymentIntentId, accepted.notificationId, ctx.config.paymentSyncWaitMs);
};

/** deletePaymentIntent (C-8.4, C-8.5): cancels through the basket's queue. */
const deletePaymentIntent = async (
  env: ApiEnv,
  caller: Caller,
  basketId: string,
  paymentIntentId: string,
  pre?: Preconditions,
): Promise<Attempt> => {
  const found = await intentForCaller(env, caller, basketId, paymentIntentId);
  if (E.isLeft(found)) return found.left;
  const { basket, intent } = found.right;
  if (intent.status === 'PaymentComplete') {
    return refusalAnswer(problem('payment-intent-state', 'a paid payment intent cannot be cancelled'));
  }
  if (basket.state.status === 'checkedOut') {
    return refusalAnswer(problem('basket-checked-out', 'the basket has been paid for'));
  }
  const ifMatch = checkIfMatch(basket, pre);
  if (E.isLeft(ifMatch)) return ifMatch.left;
  const accepted = await acceptWork(env, caller, 200, {
    basketId: basket.state.id,
    operation: 'deletePaymentIntent',
    paymentIntentId: intent.id,
    work: { kind: 'deletePaymentIntent', paymentIntentId: intent.id, at: nowOf(env.ctx.clock) },
  });
  return isKeyTaken(accepted) ? accepted : accepted.answer;
};

/** Endpoints 5 and 6, and the intent's read (C-4.4). */
export const paymentIntentOperations = (env: ApiEnv, replay: Replay): PaymentIntentOperations => ({
  createPaymentIntent: (caller, basketId, body, pre) =>
    withIdempotency(env.ctx, caller, replay, () => createPaymentIntent(env, caller, basketId, body, pre)),
  deletePaymentIntent: (caller, basketId, paymentIntentId, pre) =>
    withIdempotency(env.ctx, caller, replay, () =>
      deletePaymentIntent(env, caller, basketId, paymentIntentId, pre),
    ),
  getPaymentIntent: async (caller, basketId, paymentIntentId) => {
    const found = await intentForCaller(env, caller, basketId, paymentIntentId);
    return E.isLeft(found) ? found.left : ok(paymentIntentJson(found.right.intent));
  },
});
