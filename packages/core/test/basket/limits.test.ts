import { describe, it } from 'vitest';
import type { BasketEvent } from '../../src/basket/events';
import type { Line } from '../../src/basket/line';
import { seatResource, slotResource, stockResource } from '../../src/inventory/resources';
import {
  addPie,
  addShirt,
  cmd,
  created,
  FNB_PB,
  factsWith,
  freshIds,
  gbp,
  historyOf,
  idOf,
  PIE,
  pickTour,
  SLOT_10,
  SMALL_ADULT,
  SMALL_MATCH,
  spec,
  T0,
  TOUR,
  VEGGIE,
} from './fixtures';

/** `count` veggie pie lines in the fnb provider basket, each its own (another timestream). */
const fillerLines = (count: number, providerBasketId = FNB_PB): ReadonlyArray<BasketEvent> =>
  Array.from({ length: count }, (_, i) => ({
    type: 'LineItemAdded',
    at: T0,
    providerBasketId,
    line: {
      type: 'Consumable',
      id: idOf('fnb:arena', `l${i}`),
      productId: VEGGIE,
      deliveryMethodIdOptions: [],
      quantity: 1,
      unitPrice: gbp(650),
      title: 'Veggie pie',
      timestreamId: `t${i}`,
    } satisfies Line,
  }));

const withFnbBasket = (lines: number): ReadonlyArray<BasketEvent> => [
  ...historyOf(addPie(1)).filter((e) => e.type !== 'LineItemAdded'),
  ...fillerLines(lines),
];

/** One veggie pie line priced `minorUnits`, in the fnb provider basket. */
const pricedAt = (minorUnits: number): ReadonlyArray<BasketEvent> =>
  withFnbBasket(1).map((event) =>
    event.type === 'LineItemAdded' && event.line.type === 'Consumable'
      ? { ...event, line: { ...event.line, unitPrice: gbp(minorUnits) } }
      : event,
  );

describe('basket limits (C-7.13)', () => {
  it('C-1.4, C-7.13: a change that could take an amount past int32 minor units is basket-limit', () => {
    const max = 2_147_483_647;
    const pie = 1250;
    // The fnb provider's delivery methods count at their price: they could all be chosen.
    spec(pricedAt(max - pie - 10_000))
      .when(addPie(1), factsWith({ [stockResource(PIE)]: 500 }))
      .events();
    spec(pricedAt(max - pie + 1))
      .when(addPie(1), factsWith({ [stockResource(PIE)]: 500 }))
      .thenFails('basket-limit');
  });

  it('C-7.13: a 101st line is basket-limit', () => {
    spec(withFnbBasket(100))
      .when(addPie(1), factsWith({ [stockResource(PIE)]: 500 }))
      .thenFails('basket-limit');
  });

  it('C-7.13: the 100th line is fine, and a quantity change never counts as a line', () => {
    spec(withFnbBasket(99))
      .when(addPie(1), factsWith({ [stockResource(PIE)]: 500 }))
      .events();
    const full = [...withFnbBasket(99), ...historyOf(addPie(1)).filter((e) => e.type === 'LineItemAdded')];
    spec(full)
      .when(addPie(1), factsWith({ [stockResource(PIE)]: 500 }))
      .events();
  });

  it('C-7.13: an 11th provider basket is basket-limit', () => {
    const opened = historyOf(addShirt()).find((e) => e.type === 'ProviderBasketOpened');
    if (opened?.type !== 'ProviderBasketOpened') throw new Error('no provider basket opened');
    const tenProviders: ReadonlyArray<BasketEvent> = Array.from({ length: 10 }, (_, i) => ({
      ...opened,
      providerBasketId: idOf(`p${i}`, 'pb'),
    }));
    spec([created, ...tenProviders])
      .when(addPie(1), factsWith({ [stockResource(PIE)]: 500 }))
      .thenFails('basket-limit');
  });

  it('C-7.13: a new Ticketing line past 100 lines is basket-limit', () => {
    const command = cmd('SelectSeats', {
      productId: SMALL_MATCH,
      rates: [{ rateId: SMALL_ADULT, quantity: 1 }],
      freshIds: freshIds('seat'),
    });
    spec(withFnbBasket(100))
      .when(command, factsWith({ [seatResource(SMALL_MATCH, 'N-A-4')]: 1 }))
      .thenFails('basket-limit');
  });

  it('C-7.13: time-slot lines past 100 lines are basket-limit, counting the lines they replace', () => {
    const facts = factsWith({ [slotResource(TOUR, SLOT_10)]: 20 });
    spec(withFnbBasket(99)).when(pickTour(1, 1), facts).thenFails('basket-limit');
    spec(withFnbBasket(99)).when(pickTour(1), facts).events();
    const withTour = [...withFnbBasket(99), ...historyOf(pickTour(1)).slice(1)];
    spec(withTour)
      .when({ ...pickTour(1), freshIds: freshIds('re') }, facts)
      .events();
    spec(withTour)
      .when({ ...pickTour(1, 1), freshIds: freshIds('re') }, facts)
      .thenFails('basket-limit');
  });
});
