import { exists, UseSavedTokenRequest } from '@basket/core';
import * as E from 'fp-ts/Either';
import { loadBasket } from '../streams/basket-stream';
import { loadIntent } from '../streams/payment-intent-stream';
import { nowOf } from '../time';
import { type ApiEnv, acceptWork } from './accept';
import { problemAnswer } from './answers';
import type { BasketApi } from './basket-api';
import { decodeBody } from './decode';
import { type Attempt, isKeyTaken, type Replay, withIdempotency } from './idempotency';
import { paymentAnswer } from './payment-answers';
import type { Caller } from './types';

/**
 * Endpoint 17 (C-2.7, C-4.3, C-1.7's order): the intent of a basket of the key's store (404), the
 * token the signed-in contact's (403), the basket's contact that contact or none (403), and the
 * intent AwaitingPayment (409).
 * The charge runs through the basket's queue, so it is ordered with the basket's other commands and
 * survives a crash; the answer waits for its outcome.
 */
const useSavedPaymentToken = async (env: ApiEnv, caller: Caller, body: unknown): Promise<Attempt> => {
  const { ctx } = env;
  const request = decodeBody(UseSavedTokenRequest, body);
  if (E.isLeft(request)) return request.left;
  const { paymentIntentId, tokenId } = request.right;
  const contactId = caller.contactId;
  const intent = (await loadIntent(ctx.storage.events, paymentIntentId)).state;
  const basket =
    intent.status === 'none'
      ? undefined
      : (await loadBasket(ctx.storage, intent.basketId, ctx.basketStates)).state;
  if (
    intent.status === 'none' ||
    basket === undefined ||
    !exists(basket) ||
    basket.status === 'deleted' ||
    basket.storeId !== caller.storeId
  ) {
    return problemAnswer('payment-intent-not-found', `no payment intent ${paymentIntentId} in this store`);
  }
  // C-1.7: the intent's existence and store (404) come before the token's ownership (403).
  if (contactId === undefined || !(await ctx.paymentProvider.ownsToken(contactId, tokenId))) {
    return problemAnswer('forbidden', 'the token is not one of the signed-in contact’s saved tokens');
  }
  if (basket.contactId !== undefined && basket.contactId !== contactId) {
    return problemAnswer('forbidden', 'the basket belongs to another contact');
  }
  if (intent.status !== 'AwaitingPayment') {
    return problemAnswer('payment-intent-state', `a payment intent that is ${intent.status} cannot be paid`);
  }
  const accepted = await acceptWork(env, caller, 202, {
    basketId: basket.id,
    operation: 'useSavedPaymentToken',
    paymentIntentId: intent.id,
    replay: 'payment',
    work: { kind: 'payWithToken', paymentIntentId: intent.id, at: nowOf(ctx.clock), tokenId, contactId },
  });
  if (isKeyTaken(accepted)) return accepted;
  return paymentAnswer(ctx, accepted.notificationId, ctx.config.paymentWaitMs);
};

export const savedTokenOperation = (
  env: ApiEnv,
  replay: Replay,
): Pick<BasketApi, 'useSavedPaymentToken'> => ({
  useSavedPaymentToken: (caller, body) =>
    withIdempotency(env.ctx, caller, replay, () => useSavedPaymentToken(env, caller, body)),
});
