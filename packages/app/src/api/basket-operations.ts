import { exists, holdsOf } from '@basket/core';
import * as E from 'fp-ts/Either';
import { basketAggregate, decideAll } from '../streams/aggregate';
import { nowOf } from '../time';
import { holdRows } from '../transact/facts';
import { admit, basketForCaller, judgeCaller } from './access';
import { ok, problemAnswer, refusalAnswer } from './answers';
import type { BasketApi } from './basket-api';
import { type ApiEnv, answered, decideRequest, type Judgement, mustWaitFor } from './command-path';
import { decodeOperationPath } from './decode';
import { eventPageErrors, readEventPage } from './event-listing';
import { type Attempt, type Replay, withIdempotency } from './idempotency';
import type { Caller, Preconditions } from './types';
import { basketJson, cachedBasketJson, viewAsCommitted } from './views';

type BasketOperations = Pick<BasketApi, 'createBasket' | 'getBasket' | 'deleteBasket' | 'getBasketEvents'>;

/** createBasket (C-7.1): synchronous, an empty basket in the catalog's currency, which every store uses. */
const createBasket = (env: ApiEnv, caller: Caller): Promise<Attempt> => {
  const basketId = env.ctx.ids.uuid();
  return decideRequest(
    env,
    caller,
    basketId,
    async (tx): Promise<Judgement> => {
      const loaded = await tx.basket();
      const command = {
        type: 'CreateBasket' as const,
        basketId,
        at: tx.now,
        storeId: caller.storeId,
        currency: tx.catalog.catalog.currency,
      };
      const outcome = await decideAll(basketAggregate, loaded, [command], tx.basketFacts);
      if (E.isLeft(outcome)) return answered(refusalAnswer(outcome.left));
      const { state, version } = outcome.right;
      if (!exists(state)) return answered(problemAnswer('internal-error', 'the basket could not be created'));
      return {
        _tag: 'Answer',
        answer: ok(basketJson(state, tx.now), version),
        plan: { writes: [tx.basketWrite(loaded, outcome.right)] },
      };
    },
    { fresh: true },
  );
};

/**
 * deleteBasket (C-7.14): synchronous; answers the basket as it was (with the version its deletion
 * leaves, C-6.1) and releases its holds (the holds of a deleted basket are none).
 */
const deleteBasket = (env: ApiEnv, caller: Caller, basketId: string, pre?: Preconditions): Promise<Attempt> =>
  decideRequest(env, caller, basketId, async (tx, pending): Promise<Judgement> => {
    if (pending !== undefined && (await mustWaitFor(tx, pending))) return { _tag: 'Wait', pending };
    const loaded = await tx.basket();
    const basket = judgeCaller(loaded, caller, basketId);
    if (E.isLeft(basket)) return answered(basket.left);
    const command = { type: 'DeleteBasket' as const, basketId, at: tx.now };
    const admitted = admit(command, basket.right, pre);
    if (E.isLeft(admitted)) return answered(admitted.left);
    const outcome = await decideAll(basketAggregate, loaded, [command], tx.basketFacts);
    if (E.isLeft(outcome)) return answered(refusalAnswer(outcome.left));
    return {
      _tag: 'Answer',
      answer: ok(basketJson(basket.right.state, tx.now), outcome.right.version),
      plan: {
        writes: [tx.basketWrite(loaded, outcome.right)],
        holds: holdRows(holdsOf(outcome.right.state), tx.catalog),
      },
    };
  });

/** Endpoints 1 to 3 and the basket's history (C-4.4). */
export const basketOperations = (env: ApiEnv, replay: Replay): BasketOperations => ({
  createBasket: (caller) => withIdempotency(env.ctx, caller, replay, () => createBasket(env, caller)),

  getBasket: async (caller, basketId, pre) => {
    const path = decodeOperationPath('getBasket', { id: basketId });
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
      const path = decodeOperationPath('deleteBasket', { id: basketId });
      if (E.isLeft(path)) return path.left;
      return deleteBasket(env, caller, path.right.basketId, pre);
    }),

  getBasketEvents: async (caller, basketId, page = {}) => {
    const path = decodeOperationPath('getBasketEvents', { id: basketId });
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
