import { describe, expect, it } from 'vitest';
import { slotResource } from '../../src/inventory/resources';
import {
  addPie,
  cmd,
  created,
  FNB_PB,
  freshIds,
  gbp,
  historyOf,
  idOf,
  PIE,
  PIE_LINE,
  pickTour,
  pid,
  SLOT_10,
  SLOT_12,
  SLOT_14,
  T0,
  TOUR,
  TOUR_ADULT,
  TOUR_CHILD,
  TSL_PB,
  UNKNOWN_PRODUCT,
  whenPlenty,
} from './fixtures';

const TOUR_LINE_1 = idOf('tsl:tours', 'tour2');
const tourLine = (id: typeof TOUR_LINE_1, rate: 'adult' | 'child', quantity: number, slot = SLOT_10) => ({
  type: 'TimeSlot' as const,
  id,
  productId: TOUR,
  deliveryMethodIdOptions: ['tsl-email'],
  quantity,
  unitPrice: gbp(rate === 'adult' ? 1800 : 900),
  tariffId: pid(
    rate === 'adult' ? 'tsl:tours|29900a9895892b492bdfb801' : 'tsl:tours|e47347db983a52f0f937bacb',
  ),
  tariffName: rate === 'adult' ? 'Adult' : 'Child',
  rateId: rate === 'adult' ? TOUR_ADULT : TOUR_CHILD,
  timeSlotId: slot,
  productName: 'Stadium tour',
});

describe('SelectTimeSlot (C-7.6)', () => {
  it('C-7.6: makes one TimeSlot line per rate with places, in a new provider basket', () => {
    whenPlenty([created], pickTour(2, 1)).then([
      {
        type: 'ProviderBasketOpened',
        at: T0,
        providerBasketId: TSL_PB,
        terms: expect.objectContaining({ providerId: 'tsl:tours', holdMinutes: 10 }),
      },
      { type: 'LineItemAdded', at: T0, providerBasketId: TSL_PB, line: tourLine(TOUR_LINE_1, 'adult', 2) },
      {
        type: 'LineItemAdded',
        at: T0,
        providerBasketId: TSL_PB,
        line: tourLine(idOf('tsl:tours', 'tour3'), 'child', 1),
      },
    ]);
  });

  it('C-7.6: a rate with no places makes no line', () => {
    const events = whenPlenty([created], pickTour(0, 3)).events();
    expect(events.filter((e) => e.type === 'LineItemAdded')).toHaveLength(1);
  });

  it("C-7.6: replaces that product's earlier lines, in any slot", () => {
    whenPlenty(historyOf(pickTour(2)), { ...pickTour(1, 0, SLOT_12), freshIds: freshIds('re') }).then([
      {
        type: 'LineItemRemoved',
        at: T0,
        providerBasketId: TSL_PB,
        lineItemId: TOUR_LINE_1,
        reason: 'replaced',
      },
      {
        type: 'LineItemAdded',
        at: T0,
        providerBasketId: TSL_PB,
        line: tourLine(idOf('tsl:tours', 're1'), 'adult', 1, SLOT_12),
      },
    ]);
  });

  it('C-7.8: the same slot at the same rates again records nothing, so the hold does not restart', () => {
    const history = historyOf(pickTour(2, 1));
    whenPlenty(history, { ...pickTour(2, 1), freshIds: freshIds('again') }).then([]);
    // The same rates in another order are the same selection; another quantity is not.
    whenPlenty(history, {
      ...pickTour(2, 1),
      rates: [...pickTour(2, 1).rates].reverse(),
      freshIds: freshIds('r'),
    }).then([]);
    expect(
      whenPlenty(history, { ...pickTour(2, 2), freshIds: freshIds('more') }).events().length,
    ).toBeGreaterThan(0);
    expect(
      whenPlenty(history, { ...pickTour(2, 1, SLOT_12), freshIds: freshIds('other') }).events().length,
    ).toBeGreaterThan(0);
  });

  it('C-7.6: places this basket already holds in the slot count as available to it', () => {
    whenPlenty(historyOf(pickTour(3, 0, SLOT_14)), pickTour(2, 1, SLOT_14)).events();
  });

  it('C-7.6: a product without slots is wrong-product-type; unknown products are product-not-found', () => {
    whenPlenty([created], { ...pickTour(1), productId: PIE }).thenFails('wrong-product-type');
    whenPlenty([created], { ...pickTour(1), productId: UNKNOWN_PRODUCT }).thenFails('product-not-found');
  });

  it('C-7.6: an unknown slot is time-slot-not-found', () => {
    whenPlenty([created], pickTour(1, 0, idOf('tsl:tours', 'nope'))).thenFails('time-slot-not-found');
  });

  it('C-7.6: an unknown rate is rate-not-found', () => {
    whenPlenty([created], {
      ...pickTour(1),
      rates: [{ rateId: idOf('tsl:tours', 'nope'), quantity: 1 }],
    }).thenFails('rate-not-found');
  });

  it('C-7.6: rates whose quantities are all 0 are validation-failed', () => {
    whenPlenty([created], pickTour(0, 0)).thenFails('validation-failed');
  });

  it('C-7.3a: more places than maxPerBasket over its rates is quantity-limit', () => {
    whenPlenty([created], pickTour(7, 6)).thenFails('quantity-limit');
  });

  it('C-7.6: more places than the slot has free is insufficient-capacity', () => {
    whenPlenty([created], pickTour(2, 2, SLOT_14)).thenFails('insufficient-capacity');
    whenPlenty([created], pickTour(2, 0), { [slotResource(TOUR, SLOT_10)]: 1 }).thenFails(
      'insufficient-capacity',
    );
  });

  it('C-7.3a: when both apply, quantity-limit answers', () => {
    whenPlenty([created], pickTour(13, 0, SLOT_14)).thenFails('quantity-limit');
  });
});

describe('UpdateTimeSlotLine (C-7.6)', () => {
  const update = (quantity?: number, lineItemId = TOUR_LINE_1, providerBasketId = TSL_PB) =>
    cmd(
      'UpdateTimeSlotLine',
      quantity === undefined ? { providerBasketId, lineItemId } : { providerBasketId, lineItemId, quantity },
    );

  it("C-7.6: changes a TimeSlot line's quantity", () => {
    whenPlenty(historyOf(pickTour(2)), update(4)).then([
      {
        type: 'LineItemQuantityChanged',
        at: T0,
        providerBasketId: TSL_PB,
        lineItemId: TOUR_LINE_1,
        quantity: 4,
      },
    ]);
  });

  it('no quantity, or the same quantity, changes nothing', () => {
    whenPlenty(historyOf(pickTour(2)), update()).then([]);
    whenPlenty(historyOf(pickTour(2)), update(2)).then([]);
  });

  it('C-7.6: a line of another kind is wrong-product-type', () => {
    whenPlenty(historyOf(addPie()), update(3, PIE_LINE, FNB_PB)).thenFails('wrong-product-type');
  });

  it('C-7.6: more places than the slot has free is insufficient-capacity', () => {
    whenPlenty(historyOf(pickTour(2, 0, SLOT_14)), update(4)).thenFails('insufficient-capacity');
  });

  it('C-7.3a: more places than maxPerBasket is quantity-limit, before capacity', () => {
    whenPlenty(historyOf(pickTour(2, 2)), update(11), { [slotResource(TOUR, SLOT_10)]: 0 }).thenFails(
      'quantity-limit',
    );
  });

  it('fewer places are always possible', () => {
    whenPlenty(historyOf(pickTour(3)), update(1), { [slotResource(TOUR, SLOT_10)]: 0 }).events();
  });

  it('a quantity below 1 is validation-failed', () => {
    whenPlenty(historyOf(pickTour(3)), update(0)).thenFails('validation-failed');
  });

  it('C-1.7: an unknown provider basket or line is a 404 problem', () => {
    whenPlenty(historyOf(pickTour(3)), update(1, TOUR_LINE_1, FNB_PB)).thenFails('provider-basket-not-found');
    whenPlenty(historyOf(pickTour(3)), update(1, PIE_LINE)).thenFails('line-item-not-found');
  });
});
