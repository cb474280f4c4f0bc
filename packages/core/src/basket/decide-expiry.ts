import { fold } from '../decider';
import type { Instant } from '../primitives/instant';
import type { ProviderIdentity } from '../primitives/scalars';
import { addMinutes, minutesMs } from '../primitives/time';
import type { BasketEvent } from './events';
import { evolveBasket } from './evolve';
import { orphanEvents } from './orphans';
import type { BasketState, ExistingBasket, ProviderBasketState } from './state';
import { exists } from './state';

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
    // The same whole milliseconds as `providerBasketExpires`: a hold is gone at its `expires`.
    if (!pb.confirmed && !(now < Date.parse(pb.holdsRestartedAt) + minutesMs(pb.terms.holdMinutes))) {
      expired ??= [];
      expired.push(pb);
    }
  }
  return expired ?? none;
};

export type LineRef = { readonly providerBasketId: ProviderIdentity; readonly lineItemId: ProviderIdentity };

/**
 * The lines that lose their cross-sell parent once the `gone` provider baskets are gone: lines of
 * the other provider baskets cross-sold, directly or through other such lines, from a line no longer
 * in the basket. Expiry cascades like deletion (C-7.4, docs/decisions.md); an open basket only,
 * since a locked one keeps its lines (C-8.3) until it is unlocked.
 */
export const crossSoldOrphans = (state: BasketState, gone: ReadonlySet<string>): ReadonlyArray<LineRef> => {
  if (state.status !== 'open') return [];
  const kept = state.providerBaskets.filter((pb) => !gone.has(pb.id));
  const present = new Set(kept.flatMap((pb) => pb.lines.map((line) => line.id)));
  const orphans: LineRef[] = [];
  for (let changed = true; changed; ) {
    changed = false;
    for (const pb of kept) {
      for (const line of pb.lines) {
        const parent = line.crossSoldFromLineItemId;
        if (parent === undefined || !present.has(line.id) || present.has(parent)) continue;
        present.delete(line.id);
        orphans.push({ providerBasketId: pb.id, lineItemId: line.id });
        changed = true;
      }
    }
  }
  return orphans;
};

/** The lines cross-sold from lines that went, and the provider baskets they leave empty (C-7.2). */
const cascadeEvents = (
  state: BasketState,
  gone: ReadonlySet<string>,
  expired: ReadonlyArray<BasketEvent>,
  at: Instant,
): ReadonlyArray<BasketEvent> => {
  const removed: ReadonlyArray<BasketEvent> = crossSoldOrphans(state, gone).map((orphan) => ({
    type: 'LineItemRemoved',
    at,
    ...orphan,
    reason: 'cross-sell-parent-expired',
  }));
  if (removed.length === 0) return [];
  const after = fold(evolveBasket, state, [...expired, ...removed]);
  const closed: ReadonlyArray<BasketEvent> = (exists(after) ? after.providerBaskets : [])
    .filter((pb) => pb.lines.length === 0)
    .map((pb) => ({ type: 'ProviderBasketClosed', at, providerBasketId: pb.id }));
  return [...removed, ...closed];
};

/**
 * What expiry decides at `at` before any command (C-7.8): every provider basket whose holds ran out
 * goes, then (in an open basket) the lines cross-sold from its lines with the provider baskets they
 * leave empty, then the vouchers left without a matching line and the in-seat selections left
 * without their seat.
 */
export const expiryEvents = (state: BasketState, at: Instant): ReadonlyArray<BasketEvent> => {
  const gone = expiredProviderBaskets(state, at);
  const expired: ReadonlyArray<BasketEvent> = gone.map((pb) => ({
    type: 'ProviderBasketExpired',
    at,
    providerBasketId: pb.id,
  }));
  const cascade = cascadeEvents(state, new Set(gone.map((pb) => pb.id)), expired, at);
  if (expired.length === 0 && cascade.length === 0) return [];
  const after = fold(evolveBasket, state, [...expired, ...cascade]);
  return [...expired, ...cascade, ...orphanEvents(after, at)];
};

/** The state once expiry at `at` has been applied. */
export const afterExpiry = (state: BasketState, at: Instant): BasketState =>
  fold(evolveBasket, state, expiryEvents(state, at));
