/**
 * Inventory that baskets hold, shared by all baskets of all stores: one seat of an event, places of
 * a time slot, stock units of a product or of one variant (C-7.3a). A key names one such pool.
 */
export type ResourceKey = string;

export const seatResource = (productId: string, seatId: string): ResourceKey => `seat:${productId}:${seatId}`;
export const slotResource = (productId: string, timeSlotId: string): ResourceKey =>
  `slot:${productId}:${timeSlotId}`;
export const stockResource = (productId: string, variantId?: string): ResourceKey =>
  variantId === undefined ? `stock:${productId}` : `stock:${productId}:${variantId}`;

/** Units of a resource that a basket holds; `expiresAt` absent means the hold does not run out. */
export type Hold = { readonly resource: ResourceKey; readonly quantity: number; readonly expiresAt?: string };

/**
 * Units of each resource the deciding basket may hold in all: the resource's capacity less what
 * other baskets hold (holds past their `expiresAt` do not count). A resource missing from the map
 * has none free.
 */
export type Availability = ReadonlyMap<ResourceKey, number>;

export const availableOf = (availability: Availability, resource: ResourceKey): number =>
  availability.get(resource) ?? 0;
