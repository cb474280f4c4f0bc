import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capacityOf } from '../../src/basket/resources-to-check';
import { selectSeatsAutomatically } from '../../src/basket/seat-selection';
import type { CatalogTicketingProduct } from '../../src/catalog';
import { seatResource, sectionTallyResource, TALLY_STRIPES } from '../../src/inventory/resources';
import { seatMapOf } from '../../src/inventory/seat-map';
import { chooseSeats, searchSeats } from '../../src/inventory/seat-search';
import { catalog, MATCH } from './fixtures';

const demoMatch = catalog.products.get(MATCH)?.product as CatalogTicketingProduct;

/** A venue of `shape[s][r]` seats in row r of section s, ids `S<s>-<r>-<k>`. */
const venue = (shape: ReadonlyArray<ReadonlyArray<number>>, sold: ReadonlyArray<string>) =>
  ({
    ...demoMatch,
    id: 'tix:arena|000000000000000000000001',
    sections: shape.map((rows, s) => ({
      id: `tix:arena|${String(s).padStart(24, '0')}`,
      name: `Section ${s}`,
      category: 'Standard',
      rows: rows.map((seats, r) => ({
        row: String(r),
        seats: Array.from({ length: seats }, (_, k) => `S${s}-${r}-${k}`),
      })),
    })),
    soldSeats: sold,
  }) as CatalogTicketingProduct;

/** A world: a venue, seats sold in the catalog, seats others hold (each in some tally stripe), a request. */
const world = fc
  .array(fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 3 }), {
    minLength: 1,
    maxLength: 4,
  })
  .chain((shape) => {
    const ids = shape.flatMap((rows, s) =>
      rows.flatMap((n, r) => Array.from({ length: n }, (_, k) => `S${s}-${r}-${k}`)),
    );
    return fc.record({
      shape: fc.constant(shape),
      fate: fc.array(fc.integer({ min: -2, max: TALLY_STRIPES - 1 }), {
        minLength: ids.length,
        maxLength: ids.length,
      }),
      ids: fc.constant(ids),
      count: fc.integer({ min: 1, max: 8 }),
    });
  });

describe('searchSeats: automatic selection over section tallies, then one section (C-7.5)', () => {
  it('reading only what it asks for, it takes the seats the plain C-7.5 walk over every seat takes', () => {
    fc.assert(
      fc.property(world, ({ shape, fate, ids, count }) => {
        // fate: -2 sold in the catalog, -1 free, 0… held by another basket in that tally stripe.
        const sold = ids.filter((_, i) => fate[i] === -2);
        const product = venue(shape, sold);
        const map = seatMapOf(product);
        const heldIn = new Map(ids.map((id, i) => [id, fate[i] ?? -1]));
        const truth = (resource: string): number => {
          const capacity = capacityOf(resource, catalogWith(product));
          const seat = map.sections.flatMap((s) => s.seats).find((x) => x.resource === resource);
          if (seat) return (heldIn.get(seat.seatId) ?? -1) >= 0 ? 0 : capacity;
          const section = map.sections.find((s) => s.tallies.includes(resource));
          const stripe = section?.tallies.indexOf(resource) ?? -1;
          const held = section?.seats.filter((x) => heldIn.get(x.seatId) === stripe).length ?? 0;
          return capacity - held;
        };
        const known = new Map<string, number>();
        let reads = 0;
        for (
          let search = searchSeats(map, count, known);
          search._tag === 'Needs';
          search = searchSeats(map, count, known)
        ) {
          reads += 1;
          expect(search.resources.every((r) => !known.has(r))).toBe(true);
          for (const r of search.resources) known.set(r, truth(r));
        }
        const reference = selectSeatsAutomatically(
          product.sections,
          count,
          (id) => (heldIn.get(id) ?? -1) === -1,
        );
        expect(chooseSeats(map, count, known)?.map((s) => s.seatId)).toEqual(reference?.map((s) => s.seatId));
        // Tallies once, then at most one section's seats per section that the tallies show room in.
        expect(reads).toBeLessThanOrEqual(1 + shape.length);
      }),
    );
  });

  it('knowing nothing about a section counts its seats as taken, as for any resource not gathered', () => {
    const product = venue([[3], [3]], []);
    const map = seatMapOf(product);
    const second = map.sections[1]?.resources ?? [];
    const onlySecond = new Map(second.map((r) => [r, 1]));
    expect(searchSeats(map, 2, onlySecond)._tag).toBe('Needs');
    expect(chooseSeats(map, 2, onlySecond)?.map((s) => s.seatId)).toEqual(['S1-0-0', 'S1-0-1']);
    expect(chooseSeats(map, 2, new Map())).toBeUndefined();
  });

  it('capacityOf: a section tally holds up to the section unsold seats, in every stripe', () => {
    const product = venue([[4, 2]], ['S0-0-1']);
    const index = catalogWith(product);
    const section = product.sections[0]?.id ?? '';
    expect(capacityOf(sectionTallyResource(product.id, section, 0), index)).toBe(5);
    expect(capacityOf(sectionTallyResource(product.id, section, TALLY_STRIPES - 1), index)).toBe(5);
    expect(capacityOf(sectionTallyResource(product.id, section, TALLY_STRIPES), index)).toBe(0);
    expect(capacityOf(sectionTallyResource(product.id, 'tix:arena|999999999999999999999999', 0), index)).toBe(
      0,
    );
    expect(capacityOf(seatResource(product.id, 'S0-0-1'), index)).toBe(0);
    expect(capacityOf(seatResource(product.id, 'S0-1-1'), index)).toBe(1);
  });
});

/** The demo catalog's index with `product` in place of the demo match. */
const catalogWith = (product: CatalogTicketingProduct) => {
  const entry = catalog.products.get(MATCH);
  if (!entry) throw new Error('the demo match is missing');
  return { ...catalog, products: new Map([...catalog.products, [product.id, { ...entry, product }]]) };
};
