import type { Availability, ResourceKey } from './resources';
import { availableOf } from './resources';
import type { IndexedSeat, IndexedSection, SeatMapIndex } from './seat-map';

/**
 * Where automatic selection (C-7.5) stands with the availability known so far: the seats it takes,
 * no section able to hold them, or the resources it must learn about first.
 */
export type SeatSearch =
  | { readonly _tag: 'Found'; readonly seats: ReadonlyArray<IndexedSeat> }
  | { readonly _tag: 'NoSection' }
  | { readonly _tag: 'Needs'; readonly resources: ReadonlyArray<ResourceKey> };

const isFree = (map: SeatMapIndex, availability: Availability) => (seat: IndexedSeat) =>
  !map.sold.has(seat.seatId) && availableOf(availability, seat.resource) >= 1;

const knows = (availability: Availability, resources: ReadonlyArray<ResourceKey>): boolean =>
  resources.every((resource) => availability.has(resource));

/**
 * Free seats of a section by its tallies: each stripe's availability is its capacity (the
 * section's unsold seats) less what others hold in that stripe.
 */
export const tallyFree = (section: IndexedSection, availability: Availability): number =>
  section.tallies.reduce(
    (free, tally) => free - (section.unsold - Math.min(section.unsold, availableOf(availability, tally))),
    section.unsold,
  );

/** The first run of `count` adjacent free seats in a row, in row order, else the first `count` free seats. */
const chooseIn = (
  section: IndexedSection,
  count: number,
  free: (seat: IndexedSeat) => boolean,
): ReadonlyArray<IndexedSeat> => {
  for (const row of section.rows) {
    let start = 0;
    for (let i = 0; i < row.length; i += 1) {
      const seat = row[i];
      if (seat === undefined || !free(seat)) start = i + 1;
      else if (i - start + 1 === count) return row.slice(start, i + 1);
    }
  }
  return section.seats.filter(free).slice(0, count);
};

/**
 * Automatic seat selection (C-7.5) over an indexed seat map: the first section, in catalog order,
 * with `count` free seats; there the first run of `count` adjacent free seats in the first row that
 * has one, else the section's first `count` free seats. A section is judged by its seats when their
 * availability is known, else by its tallies (which only decide whether its seats are worth
 * reading): so the search first needs every section's tallies, then the seats of the first section
 * whose tallies show room, and so on until a section's seats hold the request or none is left. With
 * every seat known (and no tally), it is the plain C-7.5 walk over the whole map.
 */
export const searchSeats = (map: SeatMapIndex, count: number, availability: Availability): SeatSearch => {
  if (count <= 0) return { _tag: 'Found', seats: [] };
  const free = isFree(map, availability);
  for (const section of map.sections) {
    if (section.seats.length > 0 && knows(availability, section.resources)) {
      const seats = chooseIn(section, count, free);
      if (seats.length === count) return { _tag: 'Found', seats };
      continue;
    }
    if (section.unsold < count) continue;
    if (!knows(availability, section.tallies)) {
      return {
        _tag: 'Needs',
        resources: map.sections.flatMap((s) => s.tallies.filter((tally) => !availability.has(tally))),
      };
    }
    if (tallyFree(section, availability) < count) continue;
    return { _tag: 'Needs', resources: section.resources };
  }
  return { _tag: 'NoSection' };
};

/**
 * The seats automatic selection takes with the availability given, a resource missing from it
 * having none free (`Availability`): the answer of `searchSeats` whenever it needs nothing more
 * (then it is the same as this walk's), else the plain C-7.5 walk over every section.
 */
export const chooseSeats = (
  map: SeatMapIndex,
  count: number,
  availability: Availability,
): ReadonlyArray<IndexedSeat> | undefined => {
  const search = searchSeats(map, count, availability);
  if (search._tag === 'Found') return search.seats;
  if (search._tag === 'NoSection') return undefined;
  const free = isFree(map, availability);
  for (const section of map.sections) {
    const seats = chooseIn(section, count, free);
    if (seats.length === count) return seats;
  }
  return undefined;
};
