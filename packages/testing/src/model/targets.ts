import type { CatalogIndex, CatalogProduct } from '@basket/core';

/** A stocked product (or one variant of it) that the model adds to baskets. */
export type StockedTarget = { readonly productId: string; readonly variantId?: string };

/** The scarce inventory the model fights over, taken from a catalog. */
export type ModelTargets = {
  /** A ticketed event with few free seats. */
  readonly event: {
    readonly productId: string;
    readonly rateIds: ReadonlyArray<string>;
    /** Every seat of its map, sold ones included (selecting those must fail). */
    readonly seatIds: ReadonlyArray<string>;
    readonly soldSeats: ReadonlyArray<string>;
  };
  /** A time slot with few places. */
  readonly tour: {
    readonly productId: string;
    readonly timeSlotId: string;
    readonly capacity: number;
    readonly rateIds: ReadonlyArray<string>;
  };
  readonly stocked: ReadonlyArray<StockedTarget>;
};

const titleOf = (product: CatalogProduct): string => {
  switch (product.type) {
    case 'Ticketing':
      return product.name;
    case 'TimeSlot':
      return product.productName;
    default:
      return product.title;
  }
};

const productNamed = (catalog: CatalogIndex, name: string): CatalogProduct => {
  for (const { product } of catalog.products.values()) {
    if (titleOf(product) === name) return product;
  }
  throw new Error(`the catalog has no product named ${name}`);
};

/**
 * The demo catalog's scarcest things: the Hull Hornets match (10 seats, 4 sold), the stadium tour's
 * 3-place slot, the last XL home shirt (stock 1) and the matchday programme (at most 5 a basket).
 */
export const demoTargets = (catalog: CatalogIndex): ModelTargets => {
  const match = productNamed(catalog, 'Leeds Lions v Hull Hornets');
  const tour = productNamed(catalog, 'Stadium tour');
  const shirt = productNamed(catalog, 'Home shirt 2026/27');
  const programme = productNamed(catalog, 'Matchday programme');
  if (match.type !== 'Ticketing' || tour.type !== 'TimeSlot' || shirt.type !== 'VariableProduct') {
    throw new Error('the demo catalog changed: the model targets need updating');
  }
  const slot = [...tour.timeSlots].sort((a, b) => a.capacity - b.capacity)[0];
  const variant = [...shirt.variants].sort((a, b) => a.stock - b.stock)[0];
  if (slot === undefined || variant === undefined) throw new Error('the demo catalog has no slot or variant');
  return {
    event: {
      productId: match.id,
      rateIds: match.rates.map((rate) => rate.id),
      seatIds: match.sections.flatMap((section) => section.rows.flatMap((row) => row.seats)),
      soldSeats: match.soldSeats,
    },
    tour: {
      productId: tour.id,
      timeSlotId: slot.id,
      capacity: slot.capacity,
      rateIds: tour.rates.map((rate) => rate.id),
    },
    stocked: [{ productId: shirt.id, variantId: variant.id }, { productId: programme.id }],
  };
};
