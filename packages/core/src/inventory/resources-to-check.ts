import type { BasketCommand } from '../basket/commands';
import type { BasketState } from '../basket/state';
import { exists, findLine } from '../basket/state';
import type { CatalogIndex } from '../catalog';
import { lineResources } from './holds';
import type { ResourceKey } from './resources';
import { seatResource, slotResource, stockResource } from './resources';

/**
 * Every inventory resource whose availability deciding `command` on `state` may consult, so that
 * the app can gather it before deciding (the facts of `decideBasket`). Automatic seat selection may
 * look at any seat of the event.
 */
export const resourcesToCheck = (
  command: BasketCommand,
  state: BasketState,
  catalog: CatalogIndex,
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
      return product.sections.flatMap((section) =>
        section.rows.flatMap((row) => row.seats.map((seat) => seatResource(product.id, seat))),
      );
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

const RESOURCE = /^(seat|slot|stock):([a-z0-9]{1,5}(?::[a-z0-9]{1,12})?\|[a-z0-9]{24})(?::(.+))?$/;

/**
 * How many units of a resource exist in all (C-7.3a): a seat is 1, or 0 once sold; a slot its
 * capacity; stock the product's (or the variant's) stock. Unknown resources have none. The app
 * computes availability as this less what other baskets hold unexpired.
 */
export const capacityOf = (resource: ResourceKey, catalog: CatalogIndex): number => {
  const match = RESOURCE.exec(resource);
  if (!match) return 0;
  const [, kind, productId = '', part] = match;
  const product = catalog.products.get(productId)?.product;
  if (!product) return 0;
  if (kind === 'seat' && product.type === 'Ticketing' && part !== undefined) {
    const inMap = product.sections.some((s) => s.rows.some((r) => r.seats.includes(part)));
    return inMap && !product.soldSeats.includes(part) ? 1 : 0;
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
