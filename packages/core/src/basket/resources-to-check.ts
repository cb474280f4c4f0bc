import type { CatalogIndex } from '../catalog';
import type { Availability, ResourceKey } from '../inventory/resources';
import {
  resourceOfKey,
  seatResource,
  slotResource,
  stockResource,
  TALLY_STRIPES,
} from '../inventory/resources';
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

const computeCapacity = (key: ResourceKey, catalog: CatalogIndex): number => {
  const resource = resourceOfKey(key);
  if (resource === undefined) return 0;
  const product = catalog.products.get(resource.productId)?.product;
  if (!product) return 0;
  switch (resource.kind) {
    case 'seat': {
      if (product.type !== 'Ticketing') return 0;
      const map = seatMapOf(product);
      return map.seats.has(resource.seatId) && !map.sold.has(resource.seatId) ? 1 : 0;
    }
    case 'section': {
      if (product.type !== 'Ticketing' || resource.stripe >= TALLY_STRIPES) return 0;
      return seatMapOf(product).sectionsById.get(resource.sectionId)?.unsold ?? 0;
    }
    case 'slot':
      return product.type === 'TimeSlot'
        ? (product.timeSlots.find((s) => s.id === resource.timeSlotId)?.capacity ?? 0)
        : 0;
    case 'stock':
      if (product.type === 'Consumable') return resource.variantId === undefined ? product.stock : 0;
      if (product.type === 'VariableProduct') {
        return product.variants.find((v) => v.id === resource.variantId)?.stock ?? 0;
      }
      return 0;
  }
};
