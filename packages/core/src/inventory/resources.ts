import { isProviderIdentity } from '../primitives/scalars';

/**
 * Inventory that baskets hold, shared by all baskets of all stores: one seat of an event, places of
 * a time slot, stock units of a product or of one variant (C-7.3a), and the tallies of a section's
 * held seats (see `sectionTallyResource`).
 */
export type Resource =
  | { readonly kind: 'seat'; readonly productId: string; readonly seatId: string }
  | {
      readonly kind: 'section';
      readonly productId: string;
      readonly sectionId: string;
      readonly stripe: number;
    }
  | { readonly kind: 'slot'; readonly productId: string; readonly timeSlotId: string }
  | { readonly kind: 'stock'; readonly productId: string; readonly variantId?: string };

/**
 * A resource as the storage keys it (holds, counts, availability maps): `seat:<product>:<seat>`,
 * `section:<product>:<section>#<stripe>`, `slot:<product>:<slot>`, `stock:<product>[:<variant>]`.
 * Built only by `resourceKey` and read back only by `resourceOfKey`; the format is what stored holds
 * already use.
 */
export type ResourceKey = string;

/** The storage key of a resource. */
export const resourceKey = (resource: Resource): ResourceKey => {
  switch (resource.kind) {
    case 'seat':
      return `seat:${resource.productId}:${resource.seatId}`;
    case 'section':
      return `section:${resource.productId}:${resource.sectionId}#${resource.stripe}`;
    case 'slot':
      return `slot:${resource.productId}:${resource.timeSlotId}`;
    case 'stock':
      return resource.variantId === undefined
        ? `stock:${resource.productId}`
        : `stock:${resource.productId}:${resource.variantId}`;
  }
};

const LINE_BREAK = /[\n\r\u2028\u2029]/;

/** A product id inside a key is a ProviderIdentity: `<provider>|` and 24 characters. */
const PRODUCT_SUFFIX = 25;

/** The resource a storage key names; undefined for a key that names none (a made-up key of a request). */
export const resourceOfKey = (key: ResourceKey): Resource | undefined => {
  const colon = key.indexOf(':');
  const kind = key.slice(0, colon);
  const rest = key.slice(colon + 1);
  const productId = rest.slice(0, rest.indexOf('|') + PRODUCT_SUFFIX);
  const tail = rest.slice(productId.length);
  if (colon < 0 || rest.indexOf('|') < 0 || !isProviderIdentity(productId) || LINE_BREAK.test(key)) {
    return undefined;
  }
  if (tail !== '' && (tail[0] !== ':' || tail.length === 1)) return undefined;
  const part = tail === '' ? undefined : tail.slice(1);
  switch (kind) {
    case 'seat':
      return part === undefined ? undefined : { kind, productId, seatId: part };
    case 'slot':
      return part === undefined ? undefined : { kind, productId, timeSlotId: part };
    case 'stock':
      return part === undefined ? { kind, productId } : { kind, productId, variantId: part };
    case 'section': {
      const hash = part?.lastIndexOf('#') ?? -1;
      const stripe = Number(part?.slice(hash + 1));
      if (part === undefined || hash <= 0 || !Number.isInteger(stripe) || stripe < 0) return undefined;
      return { kind, productId, sectionId: part.slice(0, hash), stripe };
    }
    default:
      return undefined;
  }
};

export const seatResource = (productId: string, seatId: string): ResourceKey =>
  resourceKey({ kind: 'seat', productId, seatId });
export const slotResource = (productId: string, timeSlotId: string): ResourceKey =>
  resourceKey({ kind: 'slot', productId, timeSlotId });
export const stockResource = (productId: string, variantId?: string): ResourceKey =>
  resourceKey(
    variantId === undefined ? { kind: 'stock', productId } : { kind: 'stock', productId, variantId },
  );

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
  resourceKey({ kind: 'section', productId, sectionId, stripe });

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
