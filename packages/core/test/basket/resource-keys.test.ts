import { demoCatalogIndex } from '@basket/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capacityOf } from '../../src/basket/resources-to-check';
import type { CatalogIndex } from '../../src/catalog';
import { type Resource, resourceKey, resourceOfKey, TALLY_STRIPES } from '../../src/inventory/resources';
import { seatMapOf } from '../../src/inventory/seat-map';

/*
 * Resources are a discriminated union inside core; their storage keys keep the format stored holds
 * already use (C-7.3a), so existing holds still match.
 */

/** The key parsing of the earlier version, kept here as the oracle of the capacities it gave. */
const EARLIER = /^(seat|section|slot|stock):([a-z0-9]{1,5}(?::[a-z0-9]{1,12})?\|[a-z0-9]{24})(?::(.+))?$/;
const earlierCapacity = (key: string, catalog: CatalogIndex): number => {
  const match = EARLIER.exec(key);
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

const products = [...demoCatalogIndex.products.values()].map((entry) => entry.product);
const known = products.flatMap((product) => {
  switch (product.type) {
    case 'Ticketing': {
      const map = seatMapOf(product);
      return [...map.seats.keys()].slice(0, 20).concat(map.sections.map((s) => s.section.id));
    }
    case 'TimeSlot':
      return product.timeSlots.map((s) => s.id);
    case 'VariableProduct':
      return product.variants.map((v) => v.id);
    default:
      return [];
  }
});
const productIdArb = fc.oneof(
  fc.constantFrom(...products.map((p) => p.id)),
  fc.constant('tix:arena|000000000000000000000000'),
  fc.string(),
);
const partArb = fc.oneof(fc.constantFrom(...known), fc.string({ minLength: 1 }));

const resourceArb: fc.Arbitrary<Resource> = fc.oneof(
  fc.record({ kind: fc.constant('seat' as const), productId: productIdArb, seatId: partArb }),
  fc.record({
    kind: fc.constant('section' as const),
    productId: productIdArb,
    sectionId: partArb,
    stripe: fc.integer({ min: 0, max: TALLY_STRIPES + 1 }),
  }),
  fc.record({ kind: fc.constant('slot' as const), productId: productIdArb, timeSlotId: partArb }),
  fc.record(
    { kind: fc.constant('stock' as const), productId: productIdArb, variantId: partArb },
    { requiredKeys: ['kind', 'productId'] },
  ),
);

describe('resource keys', () => {
  it('C-7.3a: keys keep the stored format', () => {
    const pid = 'tix:arena|1fed8c284c51a8c8a88c6b61';
    expect(resourceKey({ kind: 'seat', productId: pid, seatId: 'A-1' })).toBe(`seat:${pid}:A-1`);
    expect(resourceKey({ kind: 'section', productId: pid, sectionId: 'north', stripe: 3 })).toBe(
      `section:${pid}:north#3`,
    );
    expect(resourceKey({ kind: 'slot', productId: pid, timeSlotId: 's' })).toBe(`slot:${pid}:s`);
    expect(resourceKey({ kind: 'stock', productId: pid })).toBe(`stock:${pid}`);
    expect(resourceKey({ kind: 'stock', productId: pid, variantId: 'm' })).toBe(`stock:${pid}:m`);
  });

  it('a key of a resource with a product id reads back as that resource', () => {
    fc.assert(
      fc.property(resourceArb, (resource) => {
        fc.pre(
          EARLIER.test(`seat:${resource.productId}:x`) && !/[\n\r\u2028\u2029]/.test(resourceKey(resource)),
        );
        expect(resourceOfKey(resourceKey(resource))).toEqual(resource);
      }),
    );
  });

  it('capacities are those the earlier string parsing gave, for real and made-up keys alike', () => {
    const keyArb = fc.oneof(
      resourceArb.map(resourceKey),
      fc.string(),
      fc.constantFrom('section:x', 'stock:'),
    );
    fc.assert(
      fc.property(keyArb, (key) => {
        expect(capacityOf(key, demoCatalogIndex)).toBe(earlierCapacity(key, demoCatalogIndex));
      }),
      { numRuns: 500 },
    );
  });
});
