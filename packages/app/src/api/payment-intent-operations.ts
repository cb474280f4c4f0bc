import {
  type ExistingPaymentIntent,
  holdsOf,
  isUuid,
  operations,
  paymentPreconditions,
  problem,
  syncRefusal,
} from '@basket/core';
import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import { startIntentCommand } from '../payment/support';
import { encodeWork } from '../processing/queued-command';
import { basketAggregate, decideAll, intentAggregate } from '../streams/aggregate';
import { loadIntent } from '../streams/payment-intent-stream';
import { holdRows } from '../transact/facts';
import type { Tx } from '../transact/transact';
import { basketForCaller, type CallerBasket, checkIfMatch, judgeCaller } from './access';
import { notificationAnswer, ok, problemAnswer, refusalAnswer } from './answers';
import type { BasketApi } from './basket-api';
import { type ApiEnv, answered, createsActiveIntent, decideRequest, type Judgement } from './command-path';
import { decodeBody, decodeOperationPath, decodePathAndBody } from './decode';
import { type Attempt, type Replay, withIdempotency } from './idempotency';
import { paymentIntentAnswer } from './payment-answers';
import type { Answer, Caller, Preconditions } from './types';
import { paymentIntentJson } from './views';

type PaymentIntentOperations = Pick<
  BasketApi,
  'createPaymentIntent' | 'deletePaymentIntent' | 'getPaymentIntent'
>;

const intentNotFound = (paymentIntentId: string): Answer =>
  problemAnswer('payment-intent-not-found', `no payment intent ${paymentIntentId} on this basket`);

/** The basket and one of its payment intents, in C-1.7's order (400, 404 basket, 403, 404 intent). */
const intentForCaller = async (
  env: ApiEnv,
  caller: Caller,
  basketId: string,
  paymentIntentId: string,
): Promise<Either<Answer, { basket: CallerBasket; intent: ExistingPaymentIntent }>> => {
  const path = decodeOperationPath('getPaymentIntent', { id: basketId, paymentIntentId });
  if (E.isLeft(path)) return path;
  const basket = await basketForCaller(env.ctx, caller, path.right.basketId);
  if (E.isLeft(basket)) return basket;
  const intent = (await loadIntent(env.ctx.storage.events, path.right.paymentIntentId)).state;
  if (intent.status === 'none' || intent.basketId !== basket.right.state.id) {
    return E.left(intentNotFound(paymentIntentId));
  }
  return E.right({ basket: basket.right, intent });
};

/** The active intent answered again (C-8.1): 200 with it once ready, else 202 with its creation's notification. */
const activeIntent = async (
  env: ApiEnv,
  tx: Tx,
  basketId: string,
  paymentIntentId: string,
): Promise<Judgement> => {
  const intent = (await tx.intent(paymentIntentId)).state;
  const notificationId = intent.status === 'none' ? undefined : intent.creation.notificationId;
  if (notificationId === undefined) {
    return answered(problemAnswer('basket-locked', `payment intent ${paymentIntentId} is being created`));
  }
  return {
    _tag: 'Answer',
    answer: notificationAnswer(202, notificationId),
    stored: { status: 202, replay: 'payment-intent', notificationId, basketId, paymentIntentId },
    after: () =>
      paymentIntentAnswer(env.ctx, paymentIntentId, notificationId, env.ctx.config.paymentSyncWaitMs),
  };
};

/**
 * createPaymentIntent (C-8.1, C-4.2) in one transaction on the basket: an active intent is answered
 * again; otherwise the basket's state (409), If-Match (412) and C-8.1's preconditions (422) are
 * judged, and the basket is locked and the intent started with the accepted command (its saga then
 * asks the providers, C-8.2), so that every later request sees the lock and the intent.
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
    decodeOperationPath('createPaymentIntent', { id: basketId }),
    decodeBody(operations.createPaymentIntent.request.codec, body === undefined ? {} : body),
  );
  if (E.isLeft(request)) return request.left;
  const id = request.right.path.basketId;
  return decideRequest(env, caller, id, async (tx, pending): Promise<Judgement> => {
    const loaded = await tx.basket();
    const basket = judgeCaller(loaded, caller, id);
    if (E.isLeft(basket)) return answered(basket.left);
    const { state } = basket.right;
    if (pending !== undefined && !createsActiveIntent(pending, state)) return { _tag: 'Wait', pending };
    const active = state.status === 'locked' ? state.activePaymentIntentId : undefined;
    if (active !== undefined) return activeIntent(env, tx, id, active);
    const paymentIntentId = ctx.ids.uuid();
    const notificationId = ctx.ids.uuid();
    if (!isUuid(paymentIntentId) || !isUuid(notificationId)) throw new Error('ids must be UUIDs');
    const lock = { type: 'LockForPayment' as const, basketId: id, at: tx.now, paymentIntentId };
    const stateRefusal = syncRefusal(lock, state);
    if (stateRefusal) return answered(refusalAnswer(stateRefusal));
    const ifMatch = checkIfMatch(basket.right, pre);
    if (E.isLeft(ifMatch)) return answered(ifMatch.left);
    const unmet = paymentPreconditions(state, tx.now);
    if (unmet) return answered(refusalAnswer(unmet));
    const locked = await decideAll(basketAggregate, loaded, [lock], tx.basketFacts);
    if (E.isLeft(locked)) return answered(refusalAnswer(locked.left));
    const lockedState = locked.right.state;
    if (lockedState.status === 'none') throw new Error('a locked basket exists');
    const intentLoaded = await tx.intent(paymentIntentId);
    const started = await decideAll(
      intentAggregate,
      intentLoaded,
      [
        startIntentCommand(lockedState, {
          paymentIntentId,
          notificationId,
          at: tx.now,
          payload: request.right.body,
          contactId: caller.contactId,
        }),
      ],
      async () => undefined,
    );
    if (E.isLeft(started)) return answered(refusalAnswer(started.left));
    return {
      _tag: 'Answer',
      answer: notificationAnswer(202, notificationId),
      stored: { status: 202, replay: 'payment-intent', notificationId, basketId: id, paymentIntentId },
      plan: {
        writes: [
          tx.basketWrite(loaded, locked.right),
          tx.intentWrite(paymentIntentId, intentLoaded, started.right),
        ],
        holds: holdRows(holdsOf(lockedState), tx.catalog),
        accepts: [
          {
            command: {
              notificationId,
              storeId: caller.storeId,
              basketId: id,
              operation: 'createPaymentIntent',
              paymentIntentId,
              command: encodeWork({
                kind: 'createPaymentIntent',
                paymentIntentId,
                at: tx.now,
                payload: request.right.body,
                ...(caller.contactId === undefined ? {} : { contactId: caller.contactId }),
              }),
              accepted: tx.now,
            },
          },
        ],
      },
      after: () => {
        env.processor.kick(id);
        return paymentIntentAnswer(ctx, paymentIntentId, notificationId, ctx.config.paymentSyncWaitMs);
      },
    };
  });
};

/** deletePaymentIntent (C-8.4, C-8.5): judged on the basket's latest state, then cancelled by its saga. */
const deletePaymentIntent = async (
  env: ApiEnv,
  caller: Caller,
  basketId: string,
  paymentIntentId: string,
  pre?: Preconditions,
): Promise<Attempt> => {
  const path = decodeOperationPath('deletePaymentIntent', { id: basketId, paymentIntentId });
  if (E.isLeft(path)) return path.left;
  const ids = path.right;
  return decideRequest(env, caller, ids.basketId, async (tx, pending): Promise<Judgement> => {
    if (pending !== undefined) return { _tag: 'Wait', pending };
    const loaded = await tx.basket();
    const basket = judgeCaller(loaded, caller, ids.basketId);
    if (E.isLeft(basket)) return answered(basket.left);
    const intent = (await tx.intent(ids.paymentIntentId)).state;
    if (intent.status === 'none' || intent.basketId !== basket.right.state.id) {
      return answered(intentNotFound(ids.paymentIntentId));
    }
    if (intent.status === 'PaymentComplete') {
      return answered(
        refusalAnswer(problem('payment-intent-state', 'a paid payment intent cannot be cancelled')),
      );
    }
    if (basket.right.state.status === 'checkedOut') {
      return answered(refusalAnswer(problem('basket-checked-out', 'the basket has been paid for')));
    }
    const ifMatch = checkIfMatch(basket.right, pre);
    if (E.isLeft(ifMatch)) return answered(ifMatch.left);
    const notificationId = env.ctx.ids.uuid();
    return {
      _tag: 'Answer',
      answer: notificationAnswer(200, notificationId),
      plan: {
        accepts: [
          {
            command: {
              notificationId,
              storeId: caller.storeId,
              basketId: ids.basketId,
              operation: 'deletePaymentIntent',
              paymentIntentId: intent.id,
              command: encodeWork({ kind: 'deletePaymentIntent', paymentIntentId: intent.id, at: tx.now }),
              accepted: tx.now,
            },
          },
        ],
      },
      after: async () => {
        env.processor.kick(ids.basketId);
        return notificationAnswer(200, notificationId);
      },
    };
  });
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
