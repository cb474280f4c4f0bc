import {
  type BasketCommand,
  type BasketState,
  type ExistingBasket,
  exists,
  nothingToChange,
  syncRefusal,
} from '@basket/core';
import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import type { AppContext } from '../context';
import { loadBasket } from '../streams/basket-stream';
import { basketNotFound, noContent, problemAnswer, refusalAnswer } from './answers';
import type { Answer, Caller, Preconditions } from './types';

export type CallerBasket = { readonly state: ExistingBasket; readonly version: number };

/**
 * Who may use a basket: `owner` (C-2.5: once a contact is assigned, only that contact) or `assign`
 * (C-2.6: assign-contact needs a signed-in contact; another contact's basket is a 409 later).
 */
export type Ownership = 'owner' | 'assign';

/** The basket if it exists in the caller's store (C-2.4, C-7.14: 404) and the caller may use it (403). */
export const judgeCaller = (
  loaded: { readonly state: BasketState; readonly version: number },
  caller: Caller,
  basketId: string,
  ownership: Ownership = 'owner',
): Either<Answer, CallerBasket> => {
  const { state, version } = loaded;
  if (!exists(state) || state.status === 'deleted' || state.storeId !== caller.storeId) {
    return E.left(basketNotFound(basketId));
  }
  if (ownership === 'assign' && caller.contactId === undefined) {
    return E.left(problemAnswer('forbidden', 'assigning a contact needs a signed-in contact'));
  }
  if (ownership === 'owner' && state.contactId !== undefined && state.contactId !== caller.contactId) {
    return E.left(problemAnswer('forbidden', 'the basket belongs to another contact'));
  }
  return E.right({ state, version });
};

/** `judgeCaller` on the committed state, for reads. */
export const basketForCaller = async (
  ctx: AppContext,
  caller: Caller,
  basketId: string,
  ownership: Ownership = 'owner',
): Promise<Either<Answer, CallerBasket>> =>
  judgeCaller(await loadBasket(ctx.storage, basketId, ctx.basketStates), caller, basketId, ownership);

/** C-6.1: a stale If-Match is a 412 and nothing changes. */
export const checkIfMatch = (basket: CallerBasket, pre?: Preconditions): Either<Answer, CallerBasket> =>
  pre?.ifMatch !== undefined && pre.ifMatch !== basket.version
    ? E.left(problemAnswer('precondition-failed', `the basket is at version ${basket.version}`))
    : E.right(basket);

/**
 * The synchronous checks of a basket command after ownership, in C-1.7's order: the path's provider
 * basket and line (404), the basket's state (409), If-Match (412), nothing to change (204).
 */
export const admit = (
  command: BasketCommand,
  basket: CallerBasket,
  pre?: Preconditions,
): Either<Answer, CallerBasket> => {
  const refusal = syncRefusal(command, basket.state);
  if (refusal) return E.left(refusalAnswer(refusal));
  return E.flatMap(checkIfMatch(basket, pre), (current) =>
    nothingToChange(command, current.state) ? E.left(noContent(current.version)) : E.right(current),
  );
};
