import { describe, expect, it } from 'vitest';
import { freshIdsNeeded } from '../../src/basket/decide-support';
import type { BasketEvent } from '../../src/basket/events';
import { holdsOf } from '../../src/basket/holds';
import { capacityOf, resourcesToCheck } from '../../src/basket/resources-to-check';
import {
  seatResource,
  sectionTallyResource,
  slotResource,
  stockResource,
  TALLY_STRIPES,
  tallyStripeOf,
} from '../../src/inventory/resources';
import {
  addPie,
  addShirt,
  catalog,
  cmd,
  created,
  FNB_PB,
  freshIds,
  historyOf,
  MATCH,
  MATCH_ADULT,
  minutesLater,
  PIE,
  PIE_LINE,
  pickSeats,
  pickTour,
  SHIRT,
  SHIRT_LINE,
  SHOP_PB,
  SLOT_10,
  SLOT_14,
  SMALL_MATCH,
  stateOf,
  T0,
  TOUR,
  TSL_PB,
  UNKNOWN_PRODUCT,
} from './fixtures';

/** Section ids (providerSectionId) of the demo catalog's two matches. */
const NORTH = 'tix:arena|d47f078166936792a9ef1c40';
const SMALL_NORTH = 'tix:arena|4cfe6e9f092abd636d0fb82b';
const SMALL_WEST = 'tix:arena|2870e1709503ae67077544c1';

const basket = () =>
  historyOf(
    pickSeats('N-C-1', 'N-C-2'),
    pickTour(2, 1),
    addPie(2),
    addPie(1, { kioskId: 'kiosk-west', freshIds: freshIds('w') }),
    addShirt('home-shirt-m', 2),
  );

describe('holdsOf: inventory holds are a projection of basket state (C-7.3a, C-7.8)', () => {
  it('lists a seat per ticket, slot places and stock units, summed per resource, with their expiry', () => {
    const state = stateOf(basket());
    const stripe = tallyStripeOf(state.status === 'none' ? '' : state.id);
    expect(holdsOf(state)).toEqual([
      { resource: seatResource(MATCH, 'N-C-1'), quantity: 1, expiresAt: minutesLater(15) },
      { resource: seatResource(MATCH, 'N-C-2'), quantity: 1, expiresAt: minutesLater(15) },
      { resource: sectionTallyResource(MATCH, NORTH, stripe), quantity: 2, expiresAt: minutesLater(15) },
      { resource: slotResource(TOUR, SLOT_10), quantity: 3, expiresAt: minutesLater(10) },
      { resource: stockResource(PIE), quantity: 3, expiresAt: minutesLater(15) },
      { resource: stockResource(SHIRT, 'home-shirt-m'), quantity: 2, expiresAt: minutesLater(30) },
    ]);
  });

  it('C-8.2: holds of a confirmed provider basket do not expire; C-8.5: after checkout none do', () => {
    const locked: ReadonlyArray<BasketEvent> = [
      ...historyOf(pickTour(2), addPie(1)),
      { type: 'BasketLocked', at: T0, paymentIntentId: 'pi' },
      { type: 'ProviderBasketConfirmed', at: T0, paymentIntentId: 'pi', providerBasketId: TSL_PB },
    ];
    expect(holdsOf(stateOf(locked))).toEqual([
      { resource: slotResource(TOUR, SLOT_10), quantity: 2 },
      { resource: stockResource(PIE), quantity: 1, expiresAt: minutesLater(15) },
    ]);
    const paid = stateOf([...locked, { type: 'BasketCheckedOut', at: T0, paymentIntentId: 'pi' }]);
    expect(holdsOf(paid).every((h) => h.expiresAt === undefined)).toBe(true);
  });

  it('C-7.14: a deleted basket, or none, holds nothing', () => {
    expect(holdsOf(stateOf([]))).toEqual([]);
    expect(holdsOf(stateOf([...basket(), { type: 'BasketDeleted', at: T0 }]))).toEqual([]);
  });
});

describe('resourcesToCheck: the availability a decision consults', () => {
  const state = stateOf(basket());

  it('names the stock of a consumable, of a variant, and nothing for an unknown product', () => {
    expect(resourcesToCheck(addPie(), state, catalog)).toEqual([stockResource(PIE)]);
    expect(resourcesToCheck(addShirt('home-shirt-l'), state, catalog)).toEqual([
      stockResource(SHIRT, 'home-shirt-l'),
    ]);
    expect(
      resourcesToCheck(cmd('AddProduct', { productId: SHIRT, quantity: 1, freshIds: [] }), state, catalog),
    ).toEqual([]);
    expect(resourcesToCheck({ ...addPie(), productId: UNKNOWN_PRODUCT }, state, catalog)).toEqual([]);
  });

  const automatic = cmd('SelectSeats', {
    productId: SMALL_MATCH,
    rates: [{ rateId: MATCH_ADULT, quantity: 3 }],
    freshIds: [],
  });
  const smallSeats = [
    'N-A-1',
    'N-A-2',
    'N-A-3',
    'N-A-4',
    'N-A-5',
    'N-A-6',
    'W-A-1',
    'W-A-2',
    'W-A-3',
    'W-A-4',
  ];
  const tallies = (section: string) =>
    Array.from({ length: TALLY_STRIPES }, (_, stripe) => sectionTallyResource(SMALL_MATCH, section, stripe));

  it('names the seats asked for; asked once, every tally and seat of the event for automatic selection', () => {
    expect(resourcesToCheck(pickSeats('N-C-9'), state, catalog)).toEqual([seatResource(MATCH, 'N-C-9')]);
    expect(resourcesToCheck(automatic, state, catalog)).toEqual([
      ...tallies(SMALL_NORTH),
      ...tallies(SMALL_WEST),
      ...smallSeats.map((s) => seatResource(SMALL_MATCH, s)),
    ]);
    expect(resourcesToCheck({ ...automatic, productId: PIE }, state, catalog)).toEqual([]);
  });

  it('asked with what is known: the tallies, then the seats of the first section with room, then nothing', () => {
    const known = new Map<string, number>();
    const learn = (resources: ReadonlyArray<string>, free: (r: string) => number) => {
      for (const r of resources) known.set(r, free(r));
    };
    const first = resourcesToCheck(automatic, state, catalog, known);
    expect(first).toEqual([...tallies(SMALL_NORTH), ...tallies(SMALL_WEST)]);
    // North (3 unsold seats) has 2 held by others in stripe 0: 1 free, too few for 3. West has room.
    learn(first, (r) => capacityOf(r, catalog) - (r === tallies(SMALL_NORTH)[0] ? 2 : 0));
    const second = resourcesToCheck(automatic, state, catalog, known);
    expect(second).toEqual(['W-A-1', 'W-A-2', 'W-A-3', 'W-A-4'].map((s) => seatResource(SMALL_MATCH, s)));
    learn(second, (r) => capacityOf(r, catalog));
    expect(resourcesToCheck(automatic, state, catalog, known)).toEqual([]);
  });

  it('names the slot selected, and the resource of a line whose quantity changes', () => {
    expect(resourcesToCheck(pickTour(1, 0, SLOT_14), state, catalog)).toEqual([slotResource(TOUR, SLOT_14)]);
    const update = cmd('UpdateLineItemQuantity', {
      providerBasketId: FNB_PB,
      lineItemId: PIE_LINE,
      quantity: 3,
    });
    expect(resourcesToCheck(update, state, catalog)).toEqual([stockResource(PIE)]);
    expect(
      resourcesToCheck(
        cmd('UpdateTimeSlotLine', { providerBasketId: SHOP_PB, lineItemId: SHIRT_LINE }),
        state,
        catalog,
      ),
    ).toEqual([stockResource(SHIRT, 'home-shirt-m')]);
    expect(resourcesToCheck(update, stateOf([]), catalog)).toEqual([]);
    expect(resourcesToCheck(cmd('DeleteBasket', {}), state, catalog)).toEqual([]);
  });
});

describe('capacityOf: units of a resource in all (C-7.3a)', () => {
  it('a seat is 1, or 0 when sold or not in the map', () => {
    expect(capacityOf(seatResource(MATCH, 'N-C-1'), catalog)).toBe(1);
    expect(capacityOf(seatResource(MATCH, 'N-A-1'), catalog)).toBe(0);
    expect(capacityOf(seatResource(MATCH, 'Z-9'), catalog)).toBe(0);
  });

  it('a slot its capacity, stock its stock (per variant)', () => {
    expect(capacityOf(slotResource(TOUR, SLOT_14), catalog)).toBe(3);
    expect(capacityOf(stockResource(PIE), catalog)).toBe(500);
    expect(capacityOf(stockResource(SHIRT, 'home-shirt-xl'), catalog)).toBe(1);
    expect(capacityOf(stockResource(SHIRT, 'nope'), catalog)).toBe(0);
  });

  it('unknown or malformed resources have none', () => {
    expect(capacityOf(stockResource(UNKNOWN_PRODUCT), catalog)).toBe(0);
    expect(capacityOf(slotResource(PIE, SLOT_14), catalog)).toBe(0);
    expect(capacityOf('nonsense', catalog)).toBe(0);
  });
});

describe('freshIdsNeeded', () => {
  it('covers a provider basket, a line and every ticket or time-slot line a command may make', () => {
    expect(freshIdsNeeded(addPie())).toBe(2);
    expect(freshIdsNeeded(pickSeats('N-C-1', 'N-C-2'))).toBe(4);
    expect(
      freshIdsNeeded(
        cmd('SelectSeats', { productId: MATCH, rates: [{ rateId: MATCH_ADULT, quantity: 3 }], freshIds: [] }),
      ),
    ).toBe(5);
    expect(freshIdsNeeded(pickTour(1, 1))).toBe(3);
    expect(freshIdsNeeded(cmd('DeleteBasket', {}))).toBe(0);
  });

  it('a command without enough fresh ids is a bug of its sender', () => {
    expect(() => historyOf({ ...addPie(), freshIds: [] })).toThrow(/fresh id/);
    expect(created.type).toBe('BasketCreated');
  });
});
