import { exists, type FieldError } from '@basket/core';
import * as E from 'fp-ts/Either';
import type { AppContext } from '../context';
import { notificationView } from '../notifications/view';
import { basketStream } from '../ports/event-store';
import { loadBasket } from '../streams/basket-stream';
import { ok, problemAnswer } from './answers';
import type { BasketApi } from './basket-api';
import type { ApiEnv } from './command-path';
import { decodeOperationPath } from './decode';
import { awaitNotification } from './payment-answers';

/** C-5.2's longest wait. */
export const MAX_WAIT_MS = 30_000;

/**
 * What is wrong with a `waitMs` (a 400 field): an integer from 0 to 30000, as over HTTP, so that every
 * transport refuses the same values rather than some waiting a moment and some not at all.
 */
const waitMsErrors = (waitMs: unknown): FieldError[] =>
  waitMs === undefined ||
  (Number.isInteger(waitMs) && (waitMs as number) >= 0 && (waitMs as number) <= MAX_WAIT_MS)
    ? []
    : [{ path: 'waitMs', message: `expected an integer from 0 to ${MAX_WAIT_MS}` }];

/**
 * C-5.2 with C-2.5: the notification of a basket that has a contact is that contact's alone. Whose it
 * is follows the basket as it is now (a guest's notifications become the contact's once assigned),
 * deleted baskets included, so a contact can still read the outcome of deleting her basket.
 */
const readableBy = async (
  ctx: AppContext,
  basketId: string,
  contactId: string | undefined,
  basketVersion: number | undefined,
) => {
  // The state this process has, when the storage said (with the notification) that it is current.
  const cached = ctx.basketStates.get(basketStream(basketId));
  const { state } =
    cached !== undefined && cached.version === basketVersion
      ? cached
      : await loadBasket(ctx.storage, basketId, ctx.basketStates);
  return !exists(state) || state.contactId === undefined || state.contactId === contactId;
};

/**
 * Whether the caller is the contact of the basket as this process knows it. A contact once assigned
 * is the basket's for good (C-2.6), and its contact may read its notifications whatever became of it
 * since, so a cached state that names the caller answers as the storage would (C-6.5).
 */
const knownOwner = (ctx: AppContext, basketId: string, contactId: string | undefined): boolean => {
  if (contactId === undefined) return false;
  const state = ctx.basketStates.get(basketStream(basketId))?.state;
  return state !== undefined && exists(state) && state.contactId === contactId;
};

/**
 * GET /notifications/{id} (C-4.4, C-5.2): store-scoped (404), then owned like its basket (403, as
 * the basket itself answers another contact, C-2.5); `waitMs` holds the answer until it completes.
 * A notification this process completed lately, read by its basket's contact, is answered without
 * reading the storage: the read that usually follows an answer (docs/architecture.md, "Round trips").
 */
export const notificationOperation = (env: ApiEnv): Pick<BasketApi, 'getNotification'> => ({
  getNotification: async (caller, notificationId, waitMs) => {
    const path = decodeOperationPath('getNotification', { notificationId });
    const waitErrors = waitMsErrors(waitMs);
    if (E.isLeft(path) || waitErrors.length > 0) {
      const pathErrors = E.isLeft(path) && 'problem' in path.left ? (path.left.problem.errors ?? []) : [];
      return problemAnswer('validation-failed', 'the request is not valid', [...pathErrors, ...waitErrors]);
    }
    const id = path.right.notificationId;
    const settled = env.ctx.hub.settled(id);
    if (
      settled !== undefined &&
      settled.storeId === caller.storeId &&
      knownOwner(env.ctx, settled.basketId, caller.contactId)
    ) {
      return ok(notificationView(settled));
    }
    const notFound = problemAnswer('notification-not-found', `no notification ${id} in this store`);
    const { commands } = env.ctx.storage;
    const read = commands.notificationWithBasketVersion
      ? await commands.notificationWithBasketVersion(id)
      : await commands.notification(id).then((record) => record && { record, basketVersion: undefined });
    const first = read?.record;
    if (read === undefined || first === undefined || first.storeId !== caller.storeId) return notFound;
    if (!(await readableBy(env.ctx, first.basketId, caller.contactId, read.basketVersion))) {
      return problemAnswer('forbidden', 'the notification belongs to another contact');
    }
    const wait = waitMs ?? 0;
    const record =
      first.status === 'Pending' && wait > 0
        ? await awaitNotification(env.ctx, id, wait, caller.signal)
        : first;
    return ok(notificationView(record ?? first));
  },
});
