import type { Hold, ResourceKey } from '../inventory/resources';
import {
  seatResource,
  sectionTallyResource,
  slotResource,
  stockResource,
  tallyStripeOf,
} from '../inventory/resources';
import type { Instant } from '../primitives/instant';
import type { ProviderIdentity } from '../primitives/scalars';
import { providerBasketExpires } from './decide-expiry';
import type { Line } from './line';
import type { BasketState, ExistingBasket, ProviderBasketState } from './state';

/** What one line holds: a seat per ticket, places of its slot, or stock units (per variant). */
export const lineResources = (
  line: Line,
): ReadonlyArray<{ readonly resource: ResourceKey; readonly quantity: number }> => {
  switch (line.type) {
    case 'Ticketing':
      return line.tickets.map((t) => ({
        resource: seatResource(line.productId, t.providerSeatId),
        quantity: 1,
      }));
    case 'TimeSlot':
      return [{ resource: slotResource(line.productId, line.timeSlotId), quantity: line.quantity }];
    case 'Consumable':
      return [{ resource: stockResource(line.productId), quantity: line.quantity }];
    case 'VariableProduct':
      return [{ resource: stockResource(line.productId, line.variant.id), quantity: line.quantity }];
  }
};

/** Units of `resource` held by `lines`. */
export const unitsHeld = (lines: ReadonlyArray<Line>, resource: ResourceKey): number =>
  lines.flatMap(lineResources).reduce((n, r) => (r.resource === resource ? n + r.quantity : n), 0);

/**
 * The section tallies a line counts in (a seat per ticket, in the tally stripe of the basket): they
 * let automatic selection find the first section with enough free seats without reading every seat.
 */
export const lineTallies = (
  line: Line,
  stripe: number,
): ReadonlyArray<{ readonly resource: ResourceKey; readonly quantity: number }> =>
  line.type === 'Ticketing'
    ? line.tickets.map((t) => ({
        resource: sectionTallyResource(line.productId, t.providerSectionId, stripe),
        quantity: 1,
      }))
    : [];

/** `null`: the hold does not run out. */
type Expiry = Instant | null;

const earlier = (a: Expiry, b: Expiry): Expiry => (a === null ? b : b === null || a <= b ? a : b);
const later = (a: Expiry, b: Expiry): Expiry => (a === null || b === null ? null : a >= b ? a : b);

/**
 * When each line's hold runs out: its provider basket's expiry (C-7.8), or, in an open basket, its
 * cross-sell parent's when that comes first, since a cross-sold line goes with its parent (C-7.4).
 * None once checked out.
 */
const lineExpiries = (state: ExistingBasket): ReadonlyMap<string, Expiry> => {
  const checkedOut = state.status === 'checkedOut';
  const own = new Map<string, { readonly expiry: Expiry; readonly parent?: string }>();
  for (const pb of state.providerBaskets) {
    const expiry = checkedOut ? null : (providerBasketExpires(pb) ?? null);
    for (const line of pb.lines) {
      const parent = state.status === 'open' ? line.crossSoldFromLineItemId : undefined;
      own.set(line.id, parent === undefined ? { expiry } : { expiry, parent });
    }
  }
  const effective = new Map<string, Expiry>();
  const expiryOf = (id: string, seen: ReadonlySet<string>): Expiry => {
    const known = effective.get(id);
    if (known !== undefined) return known;
    const line = own.get(id);
    if (line === undefined) return null;
    const parent = line.parent;
    const expiry =
      parent === undefined || seen.has(parent) || !own.has(parent)
        ? line.expiry
        : earlier(line.expiry, expiryOf(parent, new Set([...seen, id])));
    effective.set(id, expiry);
    return expiry;
  };
  for (const id of own.keys()) expiryOf(id, new Set([id]));
  return effective;
};

/** A provider basket's units per resource; a resource held by several lines runs out with the last. */
const holdsOfProviderBasket = (
  pb: ProviderBasketState,
  expiries: ReadonlyMap<string, Expiry>,
  stripe: number,
): ReadonlyArray<Hold> => {
  const totals = new Map<ResourceKey, { quantity: number; expiresAt: Expiry }>();
  for (const line of pb.lines) {
    const expiresAt = expiries.get(line.id) ?? null;
    for (const { resource, quantity } of [...lineResources(line), ...lineTallies(line, stripe)]) {
      const total = totals.get(resource);
      totals.set(
        resource,
        total === undefined
          ? { quantity, expiresAt }
          : { quantity: total.quantity + quantity, expiresAt: later(total.expiresAt, expiresAt) },
      );
    }
  }
  return [...totals].map(([resource, { quantity, expiresAt }]) =>
    expiresAt === null ? { resource, quantity } : { resource, quantity, expiresAt },
  );
};

/**
 * Every inventory unit the basket holds, summed per resource, each with the `expiresAt` of its
 * provider basket (C-7.8), or of its cross-sell parent when that comes first (C-7.4), and the
 * section tallies of its seats (`lineTallies`): none once
 * confirmed for a payment intent, and none after checkout (the hold is then a sale). A deleted
 * basket, or none, holds nothing (C-7.14). Holds are a projection of the basket's state: the app
 * stores them with the basket's events.
 */
export const holdsOf = (state: BasketState): ReadonlyArray<Hold> => {
  if (state.status === 'none' || state.status === 'deleted') return [];
  const expiries = lineExpiries(state);
  const stripe = tallyStripeOf(state.id);
  return state.providerBaskets.flatMap((pb) => holdsOfProviderBasket(pb, expiries, stripe));
};

/** The provider baskets of `state` whose holds include `resource` (a seat's section tally included). */
export const providerBasketsHolding = (
  state: BasketState,
  resource: ResourceKey,
): ReadonlyArray<ProviderIdentity> => {
  if (state.status === 'none' || state.status === 'deleted') return [];
  const stripe = tallyStripeOf(state.id);
  return state.providerBaskets
    .filter((pb) =>
      pb.lines.some((line) =>
        [...lineResources(line), ...lineTallies(line, stripe)].some((held) => held.resource === resource),
      ),
    )
    .map((pb) => pb.id);
};
