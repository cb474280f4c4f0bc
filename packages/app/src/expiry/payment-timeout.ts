import { exists } from '@basket/core';
import type { BasketApi } from '../api/basket-api';
import type { AppContext } from '../context';
import type { UnpaidPaymentIntent } from '../ports/notifications';
import { loadBasket } from '../streams/basket-stream';
import { nowOf, shift } from '../time';

/**
 * How far back past the timeout a sweep looks for intents left unpaid. An intent that passed its
 * deadline while no process swept for longer than this is left to its buyer (deletePaymentIntent).
 */
const LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;
/** Batches one sweep goes through at most. */
const MAX_ROUNDS = 10;

/**
 * Cancels the payment intents left unpaid `paymentTimeoutMs` after their creation (a buyer who
 * closed the payment page, or an intent whose createPaymentIntent saga was given up and left it
 * locking the basket): each through deletePaymentIntent on behalf of the basket's owner, so the
 * cancellation is the one of C-8.4 (the providers take back their confirmations, the payment session
 * is voided), with a notification of its own, judged after any payment under way (C-6.4) and only on the
 * basket's version it was found at (C-6.1): a payment or a cancellation that got there first wins,
 * and this one is then refused and changes nothing. The basket is unlocked with
 * its lines, whose holds run out `holdMinutes` later unless the buyer comes back (C-7.8). Answers the
 * intents cancelled.
 */
export const cancelUnpaidPaymentIntents = async (
  ctx: AppContext,
  api: Pick<BasketApi, 'deletePaymentIntent'>,
  limit = 100,
): Promise<ReadonlyArray<string>> => {
  // Bound to its port: an adapter's method may use `this`.
  const find = ctx.storage.commands.unpaidPaymentIntents?.bind(ctx.storage.commands);
  const timeout = ctx.config.paymentTimeoutMs;
  if (find === undefined || timeout <= 0) return [];
  const deadline = shift(nowOf(ctx.clock), -timeout);
  const cancelled: string[] = [];
  // A full batch means more are waiting (a crowd left its payment pages): they are cancelled now
  // rather than at the next sweep, up to a bound, and while each batch cancels some.
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const unpaid = await find(shift(deadline, -LOOKBACK_MS), deadline, limit);
    const before = cancelled.length;
    cancelled.push(...(await cancelEach(ctx, api, unpaid)));
    if (unpaid.length < limit || cancelled.length === before) break;
  }
  return cancelled;
};

const cancelEach = async (
  ctx: AppContext,
  api: Pick<BasketApi, 'deletePaymentIntent'>,
  unpaid: ReadonlyArray<UnpaidPaymentIntent>,
): Promise<ReadonlyArray<string>> => {
  const cancelled: string[] = [];
  for (const { basketId, paymentIntentId } of unpaid) {
    const { state, version } = await loadBasket(ctx.storage, basketId, ctx.basketStates);
    // The basket of an intent still to be paid is locked by it (C-8.3); any other was settled since.
    if (!exists(state) || state.status !== 'locked' || state.activePaymentIntentId !== paymentIntentId)
      continue;
    const owner = {
      storeId: state.storeId,
      ...(state.contactId === undefined ? {} : { contactId: state.contactId }),
    };
    // If-Match of the version seen: of several processes sweeping at once, the first cancels, and the
    // others, judged after it, find the basket changed (412) instead of cancelling again.
    const answer = await api.deletePaymentIntent(owner, basketId, paymentIntentId, { ifMatch: version });
    if (answer.status === 200) cancelled.push(paymentIntentId);
  }
  return cancelled;
};
