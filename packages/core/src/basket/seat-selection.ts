/** The shape of an event's seat map that seat selection reads (the catalog's `sections`). */
export type SeatMapRow = { readonly row: string; readonly seats: ReadonlyArray<string> };
export type SeatMapSection = {
  readonly id: string;
  readonly name: string;
  readonly category: string;
  readonly rows: ReadonlyArray<SeatMapRow>;
};

/** A seat of the map with where it is. */
export type PlacedSeat = { readonly section: SeatMapSection; readonly row: string; readonly seatId: string };

/** Every seat of the map in catalog order (sections, rows, seats). */
export const seatsOf = (sections: ReadonlyArray<SeatMapSection>): ReadonlyArray<PlacedSeat> =>
  sections.flatMap((section) =>
    section.rows.flatMap((row) => row.seats.map((seatId) => ({ section, row: row.row, seatId }))),
  );

export const findSeat = (sections: ReadonlyArray<SeatMapSection>, seatId: string): PlacedSeat | undefined =>
  seatsOf(sections).find((seat) => seat.seatId === seatId);

/** The first `count` seats of `row` that are free and next to each other, if the row has such a run. */
const adjacentRun = (row: SeatMapRow, count: number, isFree: (seatId: string) => boolean) => {
  let run: string[] = [];
  for (const seatId of row.seats) {
    run = isFree(seatId) ? [...run, seatId] : [];
    if (run.length === count) return run;
  }
  return undefined;
};

/**
 * Automatic seat selection (C-7.5): the first section, in catalog order, with `count` free seats;
 * there, the first run of `count` adjacent free seats in the first row (in order) that has one,
 * else the section's first `count` free seats in order. Undefined when no single section can hold
 * them all. Pure: what is free is the caller's answer.
 */
export const selectSeatsAutomatically = (
  sections: ReadonlyArray<SeatMapSection>,
  count: number,
  isFree: (seatId: string) => boolean,
): ReadonlyArray<PlacedSeat> | undefined => {
  if (count <= 0) return [];
  for (const section of sections) {
    const free = seatsOf([section]).filter((seat) => isFree(seat.seatId));
    if (free.length < count) continue;
    for (const row of section.rows) {
      const run = adjacentRun(row, count, isFree);
      if (run) return run.map((seatId) => ({ section, row: row.row, seatId }));
    }
    return free.slice(0, count);
  }
  return undefined;
};
