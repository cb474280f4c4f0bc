import type { CatalogIndex } from '../catalog';
import type { Availability, ResourceKey } from '../inventory/resources';
import { seatResource, slotResource, stockResource, TALLY_STRIPES } from '../inventory/resources';
import { seatMapOf } from '../inventory/seat-map';
import { searchSeats } from '../inventory/seat-search';
import type { BasketCommand } from './commands';
import { lineResources } from './holds';
import type { BasketState } from './state';
import { exists, findLine } from './state';

/** Seats asked for by automatic selection: the sum of the rates' quantities. */
const seatCount = (rates: ReadonlyArray<{ readonly quantity: number }>): number =>
  rates.reduce((n, r) => n + (Number.isInteger(r.quantity) && r.quantity > 0 ? r.quantity : 0), 0);

/**
 * Every inventory resource whose availability deciding `command` on `state` may consult, so that
 * the app can gather it before deciding (the facts of `decideBasket`).
 *
 * `known` is the availability gathered so far. A caller that passes it asks again with what it
 * learnt until the answer names nothing it does not know: automatic seat selection then needs only
 * the tallies of the event's sections and the seats of the first section with room (usually two
 * reads whose size depends on the section, not the venue; see `searchSeats`). Without `known`, the
 * answer is everything the decision could consult at all, every seat of the event included.
 */
export const resourcesToCheck = (
  command: BasketCommand,
  state: BasketState,
  catalog: CatalogIndex,
  known?: Availability,
): ReadonlyArray<ResourceKey> => {
  switch (command.type) {
    case 'AddProduct': {
      const product = catalog.products.get(command.productId)?.product;
      if (product?.type === 'Consumable') return [stockResource(product.id)];
      if (product?.type === 'VariableProduct' && command.productVariantId !== undefined) {
        return [stockResource(product.id, command.productVariantId)];
      }
      return [];
    }
    case 'SelectSeats': {
      if (command.seats) return command.seats.map((s) => seatResource(command.productId, s.seatId));
      const product = catalog.products.get(command.productId)?.product;
      if (product?.type !== 'Ticketing') return [];
      const map = seatMapOf(product);
      if (known === undefined) return map.everyResource;
      const search = searchSeats(map, seatCount(command.rates ?? []), known);
      return search._tag === 'Needs' ? search.resources : [];
    }
    case 'SelectTimeSlot':
      return [slotResource(command.productId, command.timeSlotId)];
    case 'UpdateTimeSlotLine':
    case 'UpdateLineItemQuantity': {
      const line = exists(state) ? findLine(state, command.lineItemId)?.line : undefined;
      return line ? [...new Set(lineResources(line).map((r) => r.resource))] : [];
    }
    default:
      return [];
  }
};

const RESOURCE = /^(seat|section|slot|stock):([a-z0-9]{1,5}(?::[a-z0-9]{1,12})?\|[a-z0-9]{24})(?::(.+))?$/;

/**
 * How many units of a resource exist in all (C-7.3a): a seat is 1, or 0 once sold; a section tally
 * the section's unsold seats; a slot its capacity; stock the product's (or the variant's) stock. Unknown resources have none. The app
 * computes availability as this less what other baskets hold unexpired.
 */
export const capacityOf = (resource: ResourceKey, catalog: CatalogIndex): number => {
  let known = capacities.get(catalog);
  if (known === undefined) {
    known = new Map();
    capacities.set(catalog, known);
  }
  const capacity = known.get(resource);
  if (capacity !== undefined) return capacity;
  const computed = computeCapacity(resource, catalog);
  // Only resources the catalog has are kept, so that made-up keys of requests cannot grow the cache.
  if (computed > 0) known.set(resource, computed);
  return computed;
};

// A catalog index is an immutable value: the capacities computed for one stay right.
const capacities = new WeakMap<CatalogIndex, Map<ResourceKey, number>>();

const computeCapacity = (resource: ResourceKey, catalog: CatalogIndex): number => {
  const match = RESOURCE.exec(resource);
  if (!match) return 0;
  const [, kind, productId = '', part] = match;
  const product = catalog.products.get(productId)?.product;
  if (!product) return 0;
  if (kind === 'seat' && product.type === 'Ticketing' && part !== undefined) {
    const map = seatMapOf(product);
    return map.seats.has(part) && !map.sold.has(part) ? 1 : 0;
  }
  if (kind === 'section' && product.type === 'Ticketing' && part !== undefined) {
    const hash = part.lastIndexOf('#');
    const stripe = Number(part.slice(hash + 1));
    const section = seatMapOf(product).sectionsById.get(part.slice(0, hash));
    const validStripe = hash > 0 && Number.isInteger(stripe) && stripe >= 0 && stripe < TALLY_STRIPES;
    return validStripe && section !== undefined ? section.unsold : 0;
  }
  if (kind === 'slot' && product.type === 'TimeSlot') {
    return product.timeSlots.find((s) => s.id === part)?.capacity ?? 0;
  }
  if (kind === 'stock' && product.type === 'Consumable' && part === undefined) return product.stock;
  if (kind === 'stock' && product.type === 'VariableProduct') {
    return product.variants.find((v) => v.id === part)?.stock ?? 0;
  }
  return 0;
};
