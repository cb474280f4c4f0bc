import { providerBasketExpires } from '../basket/decide-expiry';
import type { Line } from '../basket/line';
import type { BasketState, ProviderBasketState } from '../basket/state';
import type { Hold, ResourceKey } from './resources';
import { seatResource, sectionTallyResource, slotResource, stockResource, tallyStripeOf } from './resources';

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

const holdsOfProviderBasket = (
  pb: ProviderBasketState,
  expiresAt: string | undefined,
  stripe: number,
): ReadonlyArray<Hold> => {
  const totals = new Map<ResourceKey, number>();
  const units = pb.lines.flatMap((line) => [...lineResources(line), ...lineTallies(line, stripe)]);
  for (const { resource, quantity } of units) {
    totals.set(resource, (totals.get(resource) ?? 0) + quantity);
  }
  return [...totals].map(([resource, quantity]) =>
    expiresAt === undefined ? { resource, quantity } : { resource, quantity, expiresAt },
  );
};

/**
 * Every inventory unit the basket holds, summed per resource, each with the `expiresAt` of its
 * provider basket (C-7.8), and the section tallies of its seats (`lineTallies`): none once confirmed for a payment intent, and none after checkout (the
 * hold is then a sale). A deleted basket, or none, holds nothing (C-7.14). Holds are a projection of
 * the basket's state: the app stores them with the basket's events.
 */
export const holdsOf = (state: BasketState): ReadonlyArray<Hold> => {
  if (state.status === 'none' || state.status === 'deleted') return [];
  const checkedOut = state.status === 'checkedOut';
  const stripe = tallyStripeOf(state.id);
  return state.providerBaskets.flatMap((pb) =>
    holdsOfProviderBasket(pb, checkedOut ? undefined : providerBasketExpires(pb), stripe),
  );
};
