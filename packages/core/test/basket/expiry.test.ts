import { describe, expect, it } from 'vitest';
import { expiredProviderBaskets, providerBasketExpires } from '../../src/basket/decide-expiry';
import type { BasketEvent } from '../../src/basket/events';
import { exists } from '../../src/basket/state';
import {
  addPie,
  addShirt,
  cmd,
  FNB_PB,
  factsWith,
  historyOf,
  minutesLater,
  PIE_LINE,
  pickTour,
  SHOP_PB,
  spec,
  stateOf,
  TSL_PB,
  whenPlenty,
} from './fixtures';

const expire = (minutes: number) => cmd('ExpireHolds', { at: minutesLater(minutes) });

describe('expiry of holds comes first (C-7.8)', () => {
  it('C-7.8: nothing expires before holdMinutes have passed since the latest line change', () => {
    spec(historyOf(pickTour(2)))
      .when(expire(9), factsWith())
      .then([]);
  });

  it('C-7.8: with a fractional holdMinutes, a provider basket has run out at its `expires` to the millisecond', () => {
    const state = stateOf(historyOf(addPie()));
    const pie = exists(state) ? state.providerBaskets[0] : undefined;
    if (!exists(state) || pie === undefined) throw new Error('no provider basket');
    // 0.33333 minutes: 19,999.8 ms, which an instant holds as 19,999.
    const fractional = { ...pie, terms: { ...pie.terms, holdMinutes: 0.33333 } };
    const basket = { ...state, providerBaskets: [fractional] };
    const expires = providerBasketExpires(fractional);
    if (expires === undefined) throw new Error('no expiry');
    const before = new Date(Date.parse(expires) - 1).toISOString();
    expect(expiredProviderBaskets(basket, before)).toEqual([]);
    expect(expiredProviderBaskets(basket, expires)).toEqual([fractional]);
  });

  it('C-7.8: ExpireHolds removes provider baskets whose holds ran out', () => {
    spec(historyOf(pickTour(2), addPie()))
      .when(expire(10), factsWith())
      .then([{ type: 'ProviderBasketExpired', at: minutesLater(10), providerBasketId: TSL_PB }]);
  });

  it('C-7.8: any command first emits the expiries, then is decided on the state they leave', () => {
    const later = { ...addPie(1), at: minutesLater(15) };
    const events = whenPlenty(historyOf(pickTour(2), addPie(2)), later).events();
    expect(events.map((e) => e.type)).toEqual([
      'ProviderBasketExpired',
      'ProviderBasketExpired',
      'ProviderBasketOpened',
      'LineItemAdded',
    ]);
    expect(events[3]).toMatchObject({ line: { quantity: 1 } });
  });

  it('C-7.8: a line of an expired provider basket is gone for the command (provider-basket-not-found)', () => {
    const late = cmd('DeleteLineItem', {
      providerBasketId: FNB_PB,
      lineItemId: PIE_LINE,
      at: minutesLater(15),
    });
    spec(historyOf(addPie())).when(late, factsWith()).thenFails('provider-basket-not-found');
  });

  it('C-7.8: a change to its lines restarts a provider basket holds', () => {
    const touched = historyOf(pickTour(2), { ...pickTour(3), at: minutesLater(5) });
    spec(touched).when(expire(10), factsWith()).then([]);
    spec(touched)
      .when(expire(15), factsWith())
      .then([{ type: 'ProviderBasketExpired', at: minutesLater(15), providerBasketId: TSL_PB }]);
  });

  it('C-7.11: expiry drops vouchers left without a matching line', () => {
    spec(historyOf(addShirt('home-shirt-m'), cmd('AddVoucher', { voucherCode: 'SHIRT10' })))
      .when(expire(30), factsWith())
      .then([
        { type: 'ProviderBasketExpired', at: minutesLater(30), providerBasketId: SHOP_PB },
        { type: 'VoucherRemoved', at: minutesLater(30), voucherCode: 'SHIRT10', reason: 'no-matching-line' },
      ]);
  });

  it('C-8.4: unlocking after a cancelled intent restarts the holds', () => {
    const intent = 'intent-1';
    const history: ReadonlyArray<BasketEvent> = [
      ...historyOf(pickTour(2)),
      { type: 'BasketLocked', at: minutesLater(1), paymentIntentId: intent },
      {
        type: 'ProviderBasketConfirmed',
        at: minutesLater(2),
        paymentIntentId: intent,
        providerBasketId: TSL_PB,
      },
      { type: 'BasketUnlocked', at: minutesLater(20), paymentIntentId: intent, reason: 'cancelled' },
    ];
    spec(history).when(expire(29), factsWith()).then([]);
    spec(history).when(expire(30), factsWith()).events();
  });
});
