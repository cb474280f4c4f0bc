import { exists, problem } from '@basket/core';
import * as E from 'fp-ts/Either';
import type { AppContext } from '../context';
import { basketStream } from '../ports/event-store';
import { runBasketPlan } from '../processing/basket-decision';
import { nowOf } from '../time';
import type { ApiEnv } from './accept';
import { admit, basketForCaller, type CallerBasket } from './access';
import { ok, problemAnswer, refusalAnswer } from './answers';
import type { BasketApi } from './basket-api';
import { decodePath, plainId } from './decode';
import { listEvents } from './event-listing';
import { type Attempt, idempotencyRecord, type Replay, storedAnswerOf, withIdempotency } from './idempotency';
import type { Answer, Caller, Preconditions } from './types';
import { basketJson, cachedBasketJson, viewAsCommitted } from './views';

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

  getBasket: async (caller, basketId, pre) => {
    const path = basketPath(basketId);
    if (E.isLeft(path)) return path.left;
    const basket = await basketForCaller(env.ctx, caller, path.right.basketId);
    if (E.isLeft(basket)) return basket.left;
    const { state, version } = basket.right;
    const now = nowOf(env.ctx.clock);
    // The caller's copy is current: no view is built. After the 404 and 403 checks, so a 304 tells
    // nothing that a 200 would not; never once a hold has run out since the version was committed
    // (the view changed without a new version, C-7.8).
    const known = pre?.ifNoneMatch;
    if ((known === '*' || known?.includes(version)) && viewAsCommitted(state, now))
      return { status: 304, version };
    return ok(cachedBasketJson(state, now), version);
  },

  deleteBasket: (caller, basketId, pre) =>
    withIdempotency(env.ctx, caller, replay, async () => {
      const path = basketPath(basketId);
      if (E.isLeft(path)) return path.left;
      const basket = await basketForCaller(env.ctx, caller, path.right.basketId);
      if (E.isLeft(basket)) return basket.left;
      return deleteBasket(env.ctx, caller, basket.right, pre);
    }),

  getBasketEvents: async (caller, basketId) => {
    const path = basketPath(basketId);
    if (E.isLeft(path)) return path.left;
    const basket = await basketForCaller(env.ctx, caller, path.right.basketId);
    if (E.isLeft(basket)) return basket.left;
    const recorded = await env.ctx.storage.events.readStream(basketStream(path.right.basketId), 0);
    return ok(listEvents(recorded), recorded.at(-1)?.version ?? basket.right.version);
  },
});
