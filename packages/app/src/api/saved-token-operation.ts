import { cancellationRunning, exists, operations } from '@basket/core';
import * as E from 'fp-ts/Either';
import { encodeWork } from '../processing/queued-command';
import { loadIntent } from '../streams/payment-intent-stream';
import { notificationAnswer, problemAnswer } from './answers';
import type { BasketApi } from './basket-api';
import { type ApiEnv, answered, decideRequest, type Judgement, mustWaitFor } from './command-path';
import { decodeBody } from './decode';
import { type Attempt, type Replay, withIdempotency } from './idempotency';
import { paymentAnswer } from './payment-answers';
import type { Answer, Caller } from './types';

const notFound = (paymentIntentId: string): Answer =>
  problemAnswer('payment-intent-not-found', `no payment intent ${paymentIntentId} in this store`);

/**
 * Endpoint 17 (C-2.7, C-4.3): the token must be the signed-in contact's (403), the intent of a basket
 * of the key's store (404) whose contact is that contact or none (403), and AwaitingPayment with no
 * cancellation under way (409),
 * judged in one transaction on the basket after every command accepted before (a payment under way
 * is waited for: C-6.4). The charge runs as the accepted command (once, C-8.6), and the answer
 * waits for its outcome.
 */
const useSavedPaymentToken = async (env: ApiEnv, caller: Caller, body: unknown): Promise<Attempt> => {
  const { ctx } = env;
  const request = decodeBody(operations.useSavedPaymentToken.request.codec, body);
  if (E.isLeft(request)) return request.left;
  const { paymentIntentId, tokenId } = request.right;
  const contactId = caller.contactId;
  // The intent names its basket, whose lock serialises the payment with the basket's commands.
  const found = (await loadIntent(ctx.storage.events, paymentIntentId)).state;
  const basketId = found.status === 'none' ? `unknown-${paymentIntentId}` : found.basketId;
  const owns = contactId !== undefined && (await ctx.paymentProvider.ownsToken(contactId, tokenId));
  return decideRequest(env, caller, basketId, async (tx, pending): Promise<Judgement> => {
    const intent = (await tx.intent(paymentIntentId)).state;
    const basket = intent.status === 'none' ? undefined : (await tx.basket()).state;
    if (
      intent.status === 'none' ||
      basket === undefined ||
      !exists(basket) ||
      basket.status === 'deleted' ||
      basket.storeId !== caller.storeId
    ) {
      return answered(notFound(paymentIntentId));
    }
    if (contactId === undefined || !owns) {
      return answered(
        problemAnswer('forbidden', 'the token is not one of the signed-in contact’s saved tokens'),
      );
    }
    if (basket.contactId !== undefined && basket.contactId !== contactId) {
      return answered(problemAnswer('forbidden', 'the basket belongs to another contact'));
    }
    if (pending !== undefined && (await mustWaitFor(tx, pending))) return { _tag: 'Wait', pending };
    if (intent.status !== 'AwaitingPayment') {
      return answered(
        problemAnswer('payment-intent-state', `a payment intent that is ${intent.status} cannot be paid`),
      );
    }
    // A cancellation under way (one given up midway, C-8.4) would refuse the payment once taken.
    if (cancellationRunning(intent))
      return answered(problemAnswer('payment-intent-state', 'the payment intent is being cancelled'));
    const notificationId = ctx.ids.uuid();
    return {
      _tag: 'Answer',
      answer: notificationAnswer(202, notificationId),
      stored: {
        status: 202,
        replay: 'payment',
        notificationId,
        basketId: basket.id,
        paymentIntentId: intent.id,
      },
      plan: {
        accepts: [
          {
            command: {
              notificationId,
              storeId: caller.storeId,
              basketId: basket.id,
              operation: 'useSavedPaymentToken',
              paymentIntentId: intent.id,
              command: encodeWork({
                kind: 'payWithToken',
                paymentIntentId: intent.id,
                at: tx.now,
                tokenId,
                contactId,
              }),
              accepted: tx.now,
            },
          },
        ],
      },
      after: () => {
        env.processor.kick(basket.id);
        // A client that goes away ends the wait (`Caller.signal`): the payment goes on all the same.
        return paymentAnswer(ctx, notificationId, ctx.config.paymentWaitMs, caller.signal);
      },
    };
  });
};

export const savedTokenOperation = (
  env: ApiEnv,
  replay: Replay,
): Pick<BasketApi, 'useSavedPaymentToken'> => ({
  useSavedPaymentToken: (caller, body) =>
    withIdempotency(env.ctx, caller, replay, () => useSavedPaymentToken(env, caller, body)),
});
