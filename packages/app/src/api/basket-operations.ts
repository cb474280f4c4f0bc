import { exists, holdsOf } from '@basket/core';
import * as E from 'fp-ts/Either';
import { basketStream } from '../ports/event-store';
import { holdRows } from '../processing/facts';
import { nowOf } from '../time';
import { basketAggregate, decideAll } from '../transact/aggregate';
import { admit, basketForCaller, judgeCaller } from './access';
import { ok, problemAnswer, refusalAnswer } from './answers';
import type { BasketApi } from './basket-api';
import { type ApiEnv, answered, decideRequest, type Judgement } from './command-path';
import { decodePath, plainId } from './decode';
import { listEvents } from './event-listing';
import { type Attempt, type Replay, withIdempotency } from './idempotency';
import type { Caller, Preconditions } from './types';
import { basketJson } from './views';

type BasketOperations = Pick<BasketApi, 'createBasket' | 'getBasket' | 'deleteBasket' | 'getBasketEvents'>;

const basketPath = (basketId: string) => decodePath({ basketId: plainId }, { basketId });

/** createBasket (C-7.1): synchronous, an empty basket in the catalog's currency, which every store uses. */
const createBasket = (env: ApiEnv, caller: Caller): Promise<Attempt> => {
  const basketId = env.ctx.ids.uuid();
  return decideRequest(env, caller, basketId, async (tx): Promise<Judgement> => {
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
  });
};

/**
 * deleteBasket (C-7.14): synchronous; answers the basket as it was (with the version its deletion
 * leaves, C-6.1) and releases its holds (the holds of a deleted basket are none).
 */
const deleteBasket = (env: ApiEnv, caller: Caller, basketId: string, pre?: Preconditions): Promise<Attempt> =>
  decideRequest(env, caller, basketId, async (tx, pending): Promise<Judgement> => {
    if (pending !== undefined) return { _tag: 'Wait', pending };
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
      return deleteBasket(env, caller, path.right.basketId, pre);
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
