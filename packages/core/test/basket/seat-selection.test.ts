import { describe, expect, it } from 'vitest';
import type { SeatMapSection } from '../../src/basket/seat-selection';
import { findSeat, seatsOf, selectSeatsAutomatically } from '../../src/basket/seat-selection';

const section = (id: string, rows: Record<string, ReadonlyArray<string>>): SeatMapSection => ({
  id,
  name: `${id} stand`,
  category: 'Standard',
  rows: Object.entries(rows).map(([row, seats]) => ({ row, seats })),
});

const north = section('north', { A: ['A1', 'A2', 'A3', 'A4'], B: ['B1', 'B2', 'B3', 'B4'] });
const west = section('west', { A: ['W1', 'W2', 'W3'] });
const map = [north, west];
const freeExcept =
  (...taken: ReadonlyArray<string>) =>
  (seat: string) =>
    !taken.includes(seat);
const ids = (seats: ReturnType<typeof selectSeatsAutomatically>) => seats?.map((s) => s.seatId);

describe('automatic seat selection (C-7.5)', () => {
  it('takes the first run of adjacent free seats in the first row that holds them all', () => {
    expect(ids(selectSeatsAutomatically(map, 2, freeExcept('A1')))).toEqual(['A2', 'A3']);
  });

  it('skips rows without a long enough run, in row order', () => {
    expect(ids(selectSeatsAutomatically(map, 3, freeExcept('A2')))).toEqual(['B1', 'B2', 'B3']);
  });

  it('falls back to the first free seats of the section in order when no row has a run', () => {
    expect(ids(selectSeatsAutomatically(map, 3, freeExcept('A2', 'A4', 'B2', 'B4')))).toEqual([
      'A1',
      'A3',
      'B1',
    ]);
  });

  it('moves to the next section when the first has too few free seats', () => {
    const seats = selectSeatsAutomatically(map, 3, freeExcept('A1', 'A2', 'A3', 'B1', 'B2', 'B3'));
    expect(ids(seats)).toEqual(['W1', 'W2', 'W3']);
    expect(seats?.[0]?.section.id).toBe('west');
    expect(seats?.[0]?.row).toBe('A');
  });

  it('never splits a selection over two sections: none can hold them all', () => {
    expect(selectSeatsAutomatically(map, 5, freeExcept('A1', 'A2', 'A3', 'A4'))).toBeUndefined();
    expect(selectSeatsAutomatically(map, 9, () => true)).toBeUndefined();
  });

  it('selects nothing for no seats', () => {
    expect(selectSeatsAutomatically(map, 0, () => true)).toEqual([]);
  });
});

describe('seat map lookups', () => {
  it('lists every seat in catalog order and finds one by id', () => {
    expect(seatsOf(map).map((s) => s.seatId)).toEqual([
      'A1',
      'A2',
      'A3',
      'A4',
      'B1',
      'B2',
      'B3',
      'B4',
      'W1',
      'W2',
      'W3',
    ]);
    expect(findSeat(map, 'B3')).toEqual({ section: north, row: 'B', seatId: 'B3' });
    expect(findSeat(map, 'Z9')).toBeUndefined();
  });
});
