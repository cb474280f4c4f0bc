import { fold } from '../decider';
import { addMinutes } from '../time';
import type { Instant } from '../wire';
import type { BasketEvent } from './events';
import { evolveBasket } from './evolve';
import { variantIdOf } from './line';
import type { BasketState, ExistingBasket, ProviderBasketState } from './state';
import { allLines } from './state';

const expiresByProviderBasket = new WeakMap<ProviderBasketState, Instant>();

/**
 * When a provider basket's holds run out (C-7.8): the latest change to its lines plus its
 * provider's `holdMinutes`; none while a payment intent's provider has confirmed it.
 */
export const providerBasketExpires = (pb: ProviderBasketState): Instant | undefined => {
  if (pb.confirmed) return undefined;
  // States are never mutated (see evolve), so the answer is kept per provider basket object.
  let expires = expiresByProviderBasket.get(pb);
  if (expires === undefined) {
    expires = addMinutes(pb.holdsRestartedAt, pb.terms.holdMinutes);
    expiresByProviderBasket.set(pb, expires);
  }
  return expires;
};

/** Whether holds can still run out in this status: paid, deleted or absent baskets hold nothing that expires. */
const holdsCanExpire = (state: BasketState): state is ExistingBasket =>
  state.status === 'open' || state.status === 'locked';

const none: ReadonlyArray<ProviderBasketState> = [];

/** The provider baskets whose holds have run out at `at`. */
export const expiredProviderBaskets = (
  state: BasketState,
  at: string,
): ReadonlyArray<ProviderBasketState> => {
  if (!holdsCanExpire(state)) return [];
  // In milliseconds rather than through `providerBasketExpires`: this runs before every decision.
  const now = Date.parse(at);
  let expired: ProviderBasketState[] | undefined;
  for (const pb of state.providerBaskets) {
    if (!pb.confirmed && !(now < Date.parse(pb.holdsRestartedAt) + pb.terms.holdMinutes * 60_000)) {
      expired ??= [];
      expired.push(pb);
    }
  }
  return expired ?? none;
};

/** Vouchers of the basket that no line matches any more (C-7.11: they are dropped). */
export const orphanedVoucherEvents = (state: BasketState, at: Instant): ReadonlyArray<BasketEvent> => {
  if (!holdsCanExpire(state) || state.vouchers.length === 0) return [];
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
  const ran = expiredProviderBaskets(state, at);
  if (ran.length === 0) return [];
  const expired: ReadonlyArray<BasketEvent> = ran.map((pb) => ({
    type: 'ProviderBasketExpired',
    at,
    providerBasketId: pb.id,
  }));
  return [...expired, ...orphanedVoucherEvents(fold(evolveBasket, state, expired), at)];
};

/** The state once expiry at `at` has been applied. */
export const afterExpiry = (state: BasketState, at: Instant): BasketState =>
  fold(evolveBasket, state, expiryEvents(state, at));
