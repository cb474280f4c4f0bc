import { fold } from '../decider';
import { addMinutes, isAtOrAfter } from '../time';
import type { Instant } from '../wire';
import type { BasketEvent } from './events';
import { evolveBasket } from './evolve';
import { variantIdOf } from './line';
import type { BasketState, ExistingBasket, ProviderBasketState } from './state';
import { allLines } from './state';

/**
 * When a provider basket's holds run out (C-7.8): the latest change to its lines plus its
 * provider's `holdMinutes`; none while a payment intent's provider has confirmed it.
 */
export const providerBasketExpires = (pb: ProviderBasketState): Instant | undefined =>
  pb.confirmed ? undefined : addMinutes(pb.holdsRestartedAt, pb.terms.holdMinutes);

/** Whether holds can still run out in this status: paid, deleted or absent baskets hold nothing that expires. */
const holdsCanExpire = (state: BasketState): state is ExistingBasket =>
  state.status === 'open' || state.status === 'locked';

/** The provider baskets whose holds have run out at `at`. */
export const expiredProviderBaskets = (
  state: BasketState,
  at: string,
): ReadonlyArray<ProviderBasketState> => {
  if (!holdsCanExpire(state)) return [];
  return state.providerBaskets.filter((pb) => {
    const expires = providerBasketExpires(pb);
    return expires !== undefined && isAtOrAfter(at, expires);
  });
};

/** Vouchers of the basket that no line matches any more (C-7.11: they are dropped). */
export const orphanedVoucherEvents = (state: BasketState, at: Instant): ReadonlyArray<BasketEvent> => {
  if (!holdsCanExpire(state)) return [];
  const lines = allLines(state);
  return state.vouchers
    .filter((v) => !lines.some((l) => l.productId === v.productId && variantIdOf(l) === v.variantId))
    .map((v) => ({ type: 'VoucherRemoved', at, code: v.code, reason: 'no-matching-line' }));
};

/**
 * What expiry decides at `at` before any command (C-7.8): every provider basket whose holds ran out
 * goes, with the vouchers left without a matching line.
 */
export const expiryEvents = (state: BasketState, at: Instant): ReadonlyArray<BasketEvent> => {
  const expired: ReadonlyArray<BasketEvent> = expiredProviderBaskets(state, at).map((pb) => ({
    type: 'ProviderBasketExpired',
    at,
    providerBasketId: pb.id,
  }));
  if (expired.length === 0) return [];
  return [...expired, ...orphanedVoucherEvents(fold(evolveBasket, state, expired), at)];
};

/** The state once expiry at `at` has been applied. */
export const afterExpiry = (state: BasketState, at: Instant): BasketState =>
  fold(evolveBasket, state, expiryEvents(state, at));
