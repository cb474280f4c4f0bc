import { given } from '@basket/testing';
import { describe, expect, it } from 'vitest';
import { freshIdsNeeded, MAX_SEATS_PER_SELECTION } from '../../src/basket/decide-support';
import { basketDecider } from '../../src/basket/decider';
import type { BasketEvent } from '../../src/basket/events';
import { catalogIndex } from '../../src/catalog';
import { seatResource } from '../../src/inventory/resources';
import {
  catalog,
  cmd,
  created,
  demoCatalog,
  freshIds,
  gbp,
  HOT_CHOCOLATE,
  historyOf,
  idOf,
  MATCH,
  MATCH_ADULT,
  MATCH_CHILD,
  MATCH_LINE,
  minutesLater,
  NORTH,
  PIE,
  pickSeats,
  plentyFor,
  SMALL_ADULT,
  SMALL_MATCH,
  stateOf,
  T0,
  TIX_PB,
  UNKNOWN_PRODUCT,
  WEST,
  whenPlenty,
} from './fixtures';

const SMALL_NORTH = 'tix:arena|4cfe6e9f092abd636d0fb82b';
const SMALL_WEST = 'tix:arena|2870e1709503ae67077544c1';

const auto = (productId: typeof MATCH, rates: ReadonlyArray<{ rateId: typeof MATCH; quantity: number }>) =>
  cmd('SelectSeats', { productId, rates, freshIds: freshIds('seat') });

const seatsOfEvents = (events: ReadonlyArray<BasketEvent>) =>
  events.flatMap((e) =>
    e.type === 'LineItemAdded' && e.line.type === 'Ticketing'
      ? e.line.tickets
      : e.type === 'TicketsReplaced'
        ? e.tickets
        : [],
  );

const matchProduct = catalog.products.get(MATCH)?.product;
const sportsMatch = matchProduct?.type === 'Ticketing' ? matchProduct.sportsMatch : undefined;

describe('SelectSeats: manual selection (C-7.5)', () => {
  it('C-7.5: makes the event Ticketing line, one ticket per seat priced by the rate for its category', () => {
    whenPlenty(
      [created],
      cmd('SelectSeats', {
        productId: MATCH,
        seats: [
          { rateId: MATCH_ADULT, seatId: 'N-B-7' },
          { rateId: MATCH_CHILD, seatId: 'W-C-12' },
        ],
        freshIds: freshIds('seat'),
      }),
    ).then([
      {
        type: 'ProviderBasketOpened',
        at: T0,
        providerBasketId: TIX_PB,
        terms: expect.objectContaining({ providerId: 'tix:arena', holdMinutes: 15 }),
      },
      {
        type: 'LineItemAdded',
        at: T0,
        providerBasketId: TIX_PB,
        line: {
          type: 'Ticketing',
          id: MATCH_LINE,
          productId: MATCH,
          deliveryMethodIdOptions: ['tix-mobile', 'tix-post'],
          sportsMatch,
          tickets: [
            {
              id: idOf('tix:arena', 'seat3'),
              providerSeatId: 'N-B-7',
              seatCategory: 'Standard',
              tariff: 'Adult',
              section: 'North Stand',
              providerSectionId: NORTH,
              row: 'B',
              seat: '7',
              price: gbp(3500),
            },
            {
              id: idOf('tix:arena', 'seat4'),
              providerSeatId: 'W-C-12',
              seatCategory: 'Premium',
              tariff: 'Child',
              section: 'West Stand',
              providerSectionId: WEST,
              row: 'C',
              seat: '12',
              price: gbp(2500),
            },
          ],
        },
      },
    ]);
  });

  it('C-7.5: replaces the selection of that event, keeping the ticket of a seat kept', () => {
    const history = historyOf(pickSeats('N-C-1', 'N-C-2'));
    const events = whenPlenty(history, {
      ...pickSeats('N-C-2', 'N-C-3'),
      freshIds: freshIds('again'),
    }).events();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'TicketsReplaced',
      providerBasketId: TIX_PB,
      lineItemId: MATCH_LINE,
    });
    expect(seatsOfEvents(events).map((t) => [t.providerSeatId, t.id])).toEqual([
      ['N-C-2', idOf('tix:arena', 'seat4')],
      ['N-C-3', idOf('tix:arena', 'again1')],
    ]);
  });

  it('C-7.8: the same seats at the same rates again change nothing, so their hold does not restart', () => {
    const history = historyOf(pickSeats('N-C-1', 'N-C-2'));
    whenPlenty(history, { ...pickSeats('N-C-1', 'N-C-2'), at: minutesLater(10) }).then([]);
    // Another rate for a seat kept is a change.
    const otherRate = cmd('SelectSeats', {
      productId: MATCH,
      seats: [
        { rateId: MATCH_ADULT, seatId: 'N-C-1' },
        { rateId: MATCH_CHILD, seatId: 'N-C-2' },
      ],
      freshIds: freshIds('again'),
    });
    expect(whenPlenty(history, otherRate).events()).toHaveLength(1);
  });

  it('C-7.5: seats this basket already holds count as available to it', () => {
    const history = historyOf(pickSeats('N-C-1'));
    // The app's availability counts only other baskets' holds, so this basket's own seat shows as free.
    whenPlenty(history, pickSeats('N-C-1', 'N-C-2')).events();
  });

  it('C-7.5: a seat not in the event map is seat-not-found', () => {
    whenPlenty([created], pickSeats('N-Z-99')).thenFails('seat-not-found');
  });

  it('C-7.5: a rate the event does not have is rate-not-found', () => {
    whenPlenty(
      [created],
      cmd('SelectSeats', {
        productId: MATCH,
        seats: [{ rateId: SMALL_ADULT, seatId: 'N-C-1' }],
        freshIds: freshIds('s'),
      }),
    ).thenFails('rate-not-found');
  });

  it('C-7.5: a sold seat is seats-unavailable', () => {
    whenPlenty([created], pickSeats('N-C-1', 'N-A-1')).thenFails('seats-unavailable');
  });

  it('C-7.5: a seat held by another basket is seats-unavailable, and nothing changes', () => {
    whenPlenty([created], pickSeats('N-C-1', 'N-C-2'), { [seatResource(MATCH, 'N-C-2')]: 0 }).thenFails(
      'seats-unavailable',
    );
  });

  it('asking for one seat twice is validation-failed', () => {
    whenPlenty([created], pickSeats('N-C-1', 'N-C-1')).thenFails('validation-failed');
  });

  it('both rates and seats, or neither, is validation-failed (C-7.5)', () => {
    const both = cmd('SelectSeats', {
      productId: MATCH,
      rates: [{ rateId: MATCH_ADULT, quantity: 1 }],
      seats: [{ rateId: MATCH_ADULT, seatId: 'N-C-1' }],
      freshIds: freshIds('s'),
    });
    whenPlenty([created], both).thenFails('validation-failed');
    whenPlenty([created], cmd('SelectSeats', { productId: MATCH, freshIds: freshIds('s') })).thenFails(
      'validation-failed',
    );
  });

  it('C-7.3a: more tickets than maxPerBasket is quantity-limit, before seats-unavailable', () => {
    const eleven = ['N-A-1', ...Array.from({ length: 10 }, (_, i) => `N-D-${i + 1}`)];
    whenPlenty([created], pickSeats(...eleven)).thenFails('quantity-limit');
    whenPlenty([created], auto(MATCH, [{ rateId: MATCH_ADULT, quantity: 11 }])).thenFails('quantity-limit');
  });

  it('takes at most MAX_SEATS_PER_SELECTION seats whatever maxPerBasket says, refused before any ticket is made', () => {
    const unlimited = structuredClone(demoCatalog);
    for (const provider of unlimited.providers)
      for (const product of provider.products) if (product.id === MATCH) product.maxPerBasket = 2 ** 31 - 1;
    const huge = auto(MATCH, [{ rateId: MATCH_ADULT, quantity: 2 ** 31 - 1 }]);
    // The ids the app supplies stay bounded however many seats are asked for.
    expect(freshIdsNeeded(huge)).toBe(2 + MAX_SEATS_PER_SELECTION);
    given(basketDecider, [created])
      .when(huge, { catalog: catalogIndex(unlimited), availability: new Map() })
      .thenFails('quantity-limit');
  });

  it('C-7.3: a product without seats is wrong-product-type; unknown or off-sale products are refused', () => {
    whenPlenty([created], { ...pickSeats('N-C-1'), productId: PIE }).thenFails('wrong-product-type');
    whenPlenty([created], { ...pickSeats('N-C-1'), productId: UNKNOWN_PRODUCT }).thenFails(
      'product-not-found',
    );
    whenPlenty([created], { ...pickSeats('N-C-1'), productId: HOT_CHOCOLATE }).thenFails(
      'product-unavailable',
    );
  });

  it('C-7.5: a rate without a price for the seat category is rate-not-found', () => {
    const priced = catalogIndex({
      ...catalog.catalog,
      providers: catalog.catalog.providers.map((p) => ({
        ...p,
        products: p.products.map((product) =>
          product.type === 'Ticketing'
            ? { ...product, rates: product.rates.map((r) => ({ ...r, prices: { Standard: 100 } })) }
            : product,
        ),
      })),
    });
    const command = pickSeats('W-C-1');
    given(basketDecider, [created])
      .when(command, { ...plentyFor(command, stateOf([created])), catalog: priced })
      .thenFails('rate-not-found');
  });
});

describe('SelectSeats: automatic selection (C-7.5)', () => {
  it('takes the first run of adjacent free seats, rates in the order of the request', () => {
    const events = whenPlenty(
      [created],
      auto(MATCH, [
        { rateId: MATCH_ADULT, quantity: 2 },
        { rateId: MATCH_CHILD, quantity: 1 },
      ]),
    ).events();
    expect(seatsOfEvents(events).map((t) => [t.providerSeatId, t.tariff, t.price.minorUnits])).toEqual([
      ['N-A-3', 'Adult', 3500],
      ['N-A-4', 'Adult', 3500],
      ['N-A-5', 'Child', 1500],
    ]);
  });

  it('falls back to the first free seats of the section when no row has a run', () => {
    const events = whenPlenty([created], auto(SMALL_MATCH, [{ rateId: SMALL_ADULT, quantity: 2 }]), {
      [seatResource(SMALL_MATCH, 'N-A-5')]: 0,
    }).events();
    expect(seatsOfEvents(events).map((t) => [t.providerSeatId, t.providerSectionId])).toEqual([
      ['N-A-4', SMALL_NORTH],
      ['N-A-6', SMALL_NORTH],
    ]);
  });

  it('moves to the second section when the first cannot hold them all', () => {
    const events = whenPlenty([created], auto(SMALL_MATCH, [{ rateId: SMALL_ADULT, quantity: 3 }]), {
      [seatResource(SMALL_MATCH, 'N-A-4')]: 0,
    }).events();
    expect(
      seatsOfEvents(events).map((t) => [
        t.providerSeatId,
        t.section,
        t.providerSectionId,
        t.price.minorUnits,
      ]),
    ).toEqual([
      ['W-A-2', 'West Stand', SMALL_WEST, 5500],
      ['W-A-3', 'West Stand', SMALL_WEST, 5500],
      ['W-A-4', 'West Stand', SMALL_WEST, 5500],
    ]);
  });

  it('is seats-unavailable when no single section has enough free seats', () => {
    whenPlenty([created], auto(SMALL_MATCH, [{ rateId: SMALL_ADULT, quantity: 4 }])).thenFails(
      'seats-unavailable',
    );
  });

  it('C-7.5: a rate the event does not have is rate-not-found', () => {
    whenPlenty([created], auto(SMALL_MATCH, [{ rateId: MATCH_ADULT, quantity: 1 }])).thenFails(
      'rate-not-found',
    );
  });

  it('rejects a rate quantity below 1 (validation-failed)', () => {
    whenPlenty([created], auto(MATCH, [{ rateId: MATCH_ADULT, quantity: 0 }])).thenFails('validation-failed');
  });
});
