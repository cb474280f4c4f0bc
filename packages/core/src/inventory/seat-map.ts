import type { CatalogSection, CatalogTicketingProduct } from '../catalog';
import type { ResourceKey } from './resources';
import { seatResource, sectionTallyResource, TALLY_STRIPES } from './resources';

/** A seat of an event's map with where it is, and its inventory resource. */
export type IndexedSeat = {
  readonly section: CatalogSection;
  readonly sectionIndex: number;
  readonly row: string;
  readonly seatId: string;
  readonly resource: ResourceKey;
};

/** One section of the index: its seats in catalog order (rows, then seats), grouped by row too. */
export type IndexedSection = {
  readonly section: CatalogSection;
  readonly seats: ReadonlyArray<IndexedSeat>;
  readonly rows: ReadonlyArray<ReadonlyArray<IndexedSeat>>;
  /** The seat resources of `seats`, in the same order. */
  readonly resources: ReadonlyArray<ResourceKey>;
  /** Seats of the section that the catalog has not sold: the capacity of each of its tallies. */
  readonly unsold: number;
  /** The section's tally resources, one per stripe (see `sectionTallyResource`). */
  readonly tallies: ReadonlyArray<ResourceKey>;
};

/**
 * An event's seat map indexed once: seats by id, the catalog's sold seats as a set, sections with
 * their seats and tallies. Everything seat selection and capacities read is O(1) per seat, so a
 * 20,000-seat venue costs no more per seat than a 20-seat one.
 */
export type SeatMapIndex = {
  readonly productId: string;
  readonly sections: ReadonlyArray<IndexedSection>;
  readonly seats: ReadonlyMap<string, IndexedSeat>;
  readonly sold: ReadonlySet<string>;
  /** Sections by their id (`providerSectionId`). */
  readonly sectionsById: ReadonlyMap<string, IndexedSection>;
  /** Every tally, then every seat resource: what a caller that gathers availability once must read. */
  readonly everyResource: ReadonlyArray<ResourceKey>;
};

const build = (product: CatalogTicketingProduct): SeatMapIndex => {
  const sold = new Set(product.soldSeats);
  const seats = new Map<string, IndexedSeat>();
  const sections = product.sections.map((section, sectionIndex): IndexedSection => {
    const rows = section.rows.map((row) =>
      row.seats.map((seatId): IndexedSeat => {
        const seat = {
          section,
          sectionIndex,
          row: row.row,
          seatId,
          resource: seatResource(product.id, seatId),
        };
        if (!seats.has(seatId)) seats.set(seatId, seat);
        return seat;
      }),
    );
    const all = rows.flat();
    return {
      section,
      seats: all,
      rows,
      resources: all.map((seat) => seat.resource),
      unsold: all.filter((seat) => !sold.has(seat.seatId)).length,
      tallies: Array.from({ length: TALLY_STRIPES }, (_, stripe) =>
        sectionTallyResource(product.id, section.id, stripe),
      ),
    };
  });
  return {
    productId: product.id,
    sections,
    seats,
    sold,
    sectionsById: new Map(sections.map((s) => [s.section.id, s])),
    everyResource: [...sections.flatMap((s) => s.tallies), ...sections.flatMap((s) => s.resources)],
  };
};

// Catalog products are immutable values: an index built once per product object stays right.
const indexes = new WeakMap<CatalogTicketingProduct, SeatMapIndex>();

/** The index of an event's seat map, built on first use and kept as long as the product object. */
export const seatMapOf = (product: CatalogTicketingProduct): SeatMapIndex => {
  const known = indexes.get(product);
  if (known) return known;
  const index = build(product);
  indexes.set(product, index);
  return index;
};
