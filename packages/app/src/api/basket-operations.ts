import { exists, problem } from '@basket/core';
import * as E from 'fp-ts/Either';
import type { AppContext } from '../context';
import { runBasketPlan } from '../processing/basket-decision';
import { nowOf } from '../time';
import type { ApiEnv } from './accept';
import { admit, basketForCaller, type CallerBasket } from './access';
import { ok, problemAnswer, refusalAnswer } from './answers';
import type { BasketApi } from './basket-api';
import { decodePath, plainId } from './decode';
import { eventPageErrors, readEventPage } from './event-listing';
import { type Attempt, idempotencyRecord, type Replay, storedAnswerOf, withIdempotency } from './idempotency';
import type { Answer, Caller, Preconditions } from './types';
import { basketJson } from './views';

type BasketOperations = Pick<BasketApi, 'createBasket' | 'getBasket' | 'deleteBasket' | 'getBasketEvents'>;

const basketPath = (basketId: string) => decodePath({ basketId: plainId }, { basketId });

/** createBasket (C-7.1): synchronous, an empty basket in the catalog's currency, which every store uses. */
const createBasket = async (ctx: AppContext, caller: Caller): Promise<Attempt> => {
  const basketId = ctx.ids.uuid();
  const { catalog } = await ctx.providers.catalog();
  let answer: Answer | undefined;
  const run = await runBasketPlan(ctx, {
    basketId,
    commands: (_loaded, at) => [
      { type: 'CreateBasket', basketId, at, storeId: caller.storeId, currency: catalog.currency },
    ],
    idempotency: (applied) => {
      answer = exists(applied.state)
        ? ok(basketJson(applied.state, nowOf(ctx.clock)), applied.version)
        : undefined;
      return answer === undefined ? undefined : idempotencyRecord(ctx, caller, storedAnswerOf(answer));
    },
  });
  if (run._tag === 'IdempotencyKeyTaken') return run;
  if (run._tag === 'Decided' && E.isLeft(run.outcome)) return refusalAnswer(run.outcome.left);
  return run._tag === 'Decided' && answer !== undefined
    ? answer
    : problemAnswer('internal-error', 'the basket could not be created');
};

/**
 * deleteBasket (C-7.14): synchronous; answers the basket as it was and releases its holds (the
 * holds of a deleted basket are none). The checks run again on the state the deletion commits on.
 */
const deleteBasket = async (
  ctx: AppContext,
  caller: Caller,
  checked: CallerBasket,
  pre?: Preconditions,
): Promise<Attempt> => {
  const basketId = checked.state.id;
  let refusal: Answer | undefined;
  let answer: Answer | undefined;
  const run = await runBasketPlan(ctx, {
    basketId,
    commands: (loaded, at) => {
      const command = { type: 'DeleteBasket' as const, basketId, at };
      const admitted = exists(loaded.state)
        ? admit(command, { state: loaded.state, version: loaded.version }, pre)
        : E.left(refusalAnswer(problem('basket-not-found', `no basket ${basketId}`)));
      refusal = E.isLeft(admitted) ? admitted.left : undefined;
      if (exists(loaded.state)) answer = ok(basketJson(loaded.state, at), loaded.version + 1);
      return refusal === undefined ? [command] : [];
    },
    idempotency: () =>
      answer === undefined ? undefined : idempotencyRecord(ctx, caller, storedAnswerOf(answer)),
  });
  if (refusal !== undefined) return refusal;
  if (run._tag === 'IdempotencyKeyTaken') return run;
  if (run._tag !== 'Decided') return problemAnswer('internal-error', 'the basket could not be deleted');
  if (E.isLeft(run.outcome)) return refusalAnswer(run.outcome.left);
  return answer ?? problemAnswer('internal-error', 'the basket could not be deleted');
};

/** Endpoints 1 to 3 and the basket's history (C-4.4). */
export const basketOperations = (env: ApiEnv, replay: Replay): BasketOperations => ({
  createBasket: (caller) => withIdempotency(env.ctx, caller, replay, () => createBasket(env.ctx, caller)),

  getBasket: async (caller, basketId) => {
    const path = basketPath(basketId);
    if (E.isLeft(path)) return path.left;
    const basket = await basketForCaller(env.ctx, caller, path.right.basketId);
    return E.isLeft(basket)
      ? basket.left
      : ok(basketJson(basket.right.state, nowOf(env.ctx.clock)), basket.right.version);
  },

  deleteBasket: (caller, basketId, pre) =>
    withIdempotency(env.ctx, caller, replay, async () => {
      const path = basketPath(basketId);
      if (E.isLeft(path)) return path.left;
      const basket = await basketForCaller(env.ctx, caller, path.right.basketId);
      if (E.isLeft(basket)) return basket.left;
      return deleteBasket(env.ctx, caller, basket.right, pre);
    }),

  getBasketEvents: async (caller, basketId, page = {}) => {
    const path = basketPath(basketId);
    const pageErrors = eventPageErrors(page);
    if (E.isLeft(path) || pageErrors.length > 0) {
      const pathErrors = E.isLeft(path) && 'problem' in path.left ? (path.left.problem.errors ?? []) : [];
      return problemAnswer('validation-failed', 'the request is not valid', [...pathErrors, ...pageErrors]);
    }
    const basket = await basketForCaller(env.ctx, caller, path.right.basketId);
    if (E.isLeft(basket)) return basket.left;
    const listed = await readEventPage(env.ctx.storage.events, path.right.basketId, page);
    // The ETag is the basket's version (C-6.1), whichever page this is.
    return ok(listed.body, Math.max(listed.lastVersion ?? 0, basket.right.version));
  },
});
