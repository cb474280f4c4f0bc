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

/**
 * How many tally stripes each section of an event has. A tally counts the seats that baskets hold
 * in one section (docs/architecture.md, "Seat selection at scale"); every basket writes its count
 * to one stripe, so that concurrent buyers of one section seldom wait on the same tally's lock.
 */
export const TALLY_STRIPES = 8;

/**
 * A section tally: units are seats of section `sectionId` held by baskets whose stripe is `stripe`.
 * Its capacity is the section's unsold seats, so that capacity less what others hold in one stripe
 * tells what they hold there; summed over the stripes, what is free in the section.
 */
export const sectionTallyResource = (productId: string, sectionId: string, stripe: number): ResourceKey =>
  `section:${productId}:${sectionId}#${stripe}`;

/** The tally stripe of a basket: a hash of its id (stable in every process). */
export const tallyStripeOf = (basketId: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < basketId.length; i += 1) {
    hash ^= basketId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % TALLY_STRIPES;
};

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
