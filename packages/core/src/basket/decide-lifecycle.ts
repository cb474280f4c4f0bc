import * as E from 'fp-ts/Either';
import { isUuid } from '../primitives/scalars';
import type { BasketCommandOf } from './commands';
import type { Decision } from './decide-support';
import { accept, refuse, unchanged } from './decide-support';
import { paymentPreconditions } from './guards';
import type { BasketState, ExistingBasket } from './state';
import { exists } from './state';

/**
 * createBasket (C-7.1): only on an empty stream, and with a UUID for id, which the Basket's `id` is
 * (C-1.5): the view of a basket made with another id would not be a Basket.
 */
export const decideCreateBasket = (command: BasketCommandOf<'CreateBasket'>, state: BasketState): Decision =>
  exists(state)
    ? refuse('validation-failed', `basket ${state.id} already exists`)
    : !isUuid(command.basketId)
      ? refuse('validation-failed', 'a basket id must be a lowercase UUID (C-1.5)')
      : accept([
          {
            type: 'BasketCreated',
            at: command.at,
            basketId: command.basketId,
            storeId: command.storeId,
            currency: command.currency,
          },
        ]);

/** deleteBasket (C-7.14): its holds go with it (`holdsOf` a deleted basket is empty). */
export const decideDeleteBasket = (command: BasketCommandOf<'DeleteBasket'>): Decision =>
  accept([{ type: 'BasketDeleted', at: command.at }]);

/** assignContact (C-2.6): the same contact again changes nothing; another one was refused by the guards. */
export const decideAssignContact = (
  command: BasketCommandOf<'AssignContact'>,
  state: ExistingBasket,
): Decision =>
  state.contactId === command.contactId
    ? unchanged
    : accept([{ type: 'ContactAssigned', at: command.at, contactId: command.contactId }]);

const lockedBy = (state: ExistingBasket, paymentIntentId: string): boolean =>
  state.status === 'locked' && state.activePaymentIntentId === paymentIntentId;

const wrongIntent = (state: ExistingBasket, paymentIntentId: string): Decision =>
  refuse(
    'payment-intent-state',
    `basket is ${state.status}, not locked by payment intent ${paymentIntentId}`,
  );

/** The payment saga locks an open basket that meets C-8.1's preconditions (C-8.3); the same intent again changes nothing. */
export const decideLockForPayment = (
  command: BasketCommandOf<'LockForPayment'>,
  state: ExistingBasket,
): Decision => {
  if (lockedBy(state, command.paymentIntentId)) return unchanged;
  const refusal = paymentPreconditions(state, command.at);
  return refusal
    ? E.left(refusal)
    : accept([{ type: 'BasketLocked', at: command.at, paymentIntentId: command.paymentIntentId }]);
};

/** A provider confirmed its basket for the locking intent: its holds stop expiring (C-8.2). */
export const decideConfirmProviderBasket = (
  command: BasketCommandOf<'ConfirmProviderBasket'>,
  state: ExistingBasket,
): Decision => {
  if (!lockedBy(state, command.paymentIntentId)) return wrongIntent(state, command.paymentIntentId);
  const pb = state.providerBaskets.find((p) => p.id === command.providerBasketId);
  if (!pb) return refuse('provider-basket-not-found', `no provider basket ${command.providerBasketId}`);
  if (pb.confirmed) return unchanged;
  return accept([
    {
      type: 'ProviderBasketConfirmed',
      at: command.at,
      paymentIntentId: command.paymentIntentId,
      providerBasketId: pb.id,
    },
  ]);
};

/** The intent was cancelled or a provider refused (C-8.2, C-8.4): the basket opens again, lines kept. */
export const decideUnlockAfterPayment = (
  command: BasketCommandOf<'UnlockAfterPayment'>,
  state: ExistingBasket,
): Decision => {
  if (!lockedBy(state, command.paymentIntentId)) return wrongIntent(state, command.paymentIntentId);
  const notRestarted = state.providerBaskets
    .map((pb) => pb.id)
    .filter((id) => command.notRestarted?.includes(id) === true);
  return accept([
    {
      type: 'BasketUnlocked',
      at: command.at,
      paymentIntentId: command.paymentIntentId,
      reason: command.reason,
      ...(notRestarted.length === 0 ? {} : { notRestarted }),
    },
  ]);
};

/** The intent was paid (C-8.5); the same intent again changes nothing. */
export const decideCheckOut = (command: BasketCommandOf<'CheckOut'>, state: ExistingBasket): Decision => {
  if (state.status === 'checkedOut' && state.activePaymentIntentId === command.paymentIntentId)
    return unchanged;
  return lockedBy(state, command.paymentIntentId)
    ? accept([{ type: 'BasketCheckedOut', at: command.at, paymentIntentId: command.paymentIntentId }])
    : wrongIntent(state, command.paymentIntentId);
};
