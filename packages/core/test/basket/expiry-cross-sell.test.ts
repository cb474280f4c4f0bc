import { describe, expect, it } from 'vitest';
import { basketView } from '../../src';
import { expiryEvents } from '../../src/basket/decide-expiry';
import { basketDecider } from '../../src/basket/decider';
import { holdsOf } from '../../src/basket/holds';
import { exists } from '../../src/basket/state';
import {
  addPie,
  addShirt,
  cmd,
  FNB_PB,
  freshIds,
  historyOf,
  MATCH_LINE,
  minutesLater,
  PIE_LINE,
  pickSeats,
  plentyFor,
  stateOf,
  TIX_PB,
  VEGGIE,
} from './fixtures';

/**
 * Expiry cascades like deletion (C-7.4, C-7.8; docs/decisions.md): a line cross-sold from a line whose
 * hold ran out goes with it, its provider basket closes when it was its last line, and its hold runs
 * out with its parent's. The tickets (tix:arena, 15 minutes) are chosen at T0, the pie cross-sold
 * from them (fnb:arena, 15 minutes) at T0 + 10 minutes: the tickets run out at T0 + 15, the pie's
 * own hold only at T0 + 25.
 */
const crossSoldPie = (at = minutesLater(10)) => addPie(1, { crossSoldFromLineItemId: MATCH_LINE, at });
const veggie = (at = minutesLater(10)) =>
  cmd('AddProduct', { productId: VEGGIE, quantity: 1, freshIds: freshIds('veg'), at });

describe('expiry of a cross-sell parent (C-7.4, C-7.8)', () => {
  it('removes the cross-sold line and closes the provider basket it leaves empty', () => {
    const state = stateOf(historyOf(pickSeats('N-C-5'), crossSoldPie()));
    expect(expiryEvents(state, minutesLater(16))).toEqual([
      { type: 'ProviderBasketExpired', at: minutesLater(16), providerBasketId: TIX_PB },
      {
        type: 'LineItemRemoved',
        at: minutesLater(16),
        providerBasketId: FNB_PB,
        lineItemId: PIE_LINE,
        reason: 'cross-sell-parent-expired',
      },
      { type: 'ProviderBasketClosed', at: minutesLater(16), providerBasketId: FNB_PB },
    ]);
  });

  it('keeps the other lines of that provider basket, and restarts no hold', () => {
    const state = stateOf(historyOf(pickSeats('N-C-5'), crossSoldPie(), veggie(minutesLater(12))));
    if (!exists(state)) throw new Error('no basket');
    const at = minutesLater(16);
    const events = expiryEvents(state, at);
    expect(events.map((e) => e.type)).toEqual(['ProviderBasketExpired', 'LineItemRemoved']);
    const after = events.reduce(basketDecider.evolve, state);
    if (!exists(after)) throw new Error('the basket is gone');
    const [fnb] = after.providerBaskets;
    expect(fnb?.lines.map((line) => line.productId)).toEqual([VEGGIE]);
    // The veggie pie's hold still runs from its own addition (T0 + 12), not from the expiry.
    expect(fnb?.holdsRestartedAt).toBe(minutesLater(12));
    expect(basketView(state, at).providerBaskets.map((pb) => pb.expires)).toEqual([minutesLater(27)]);
  });

  it('hides the cross-sold line from a read before anything is written', () => {
    const state = stateOf(historyOf(pickSeats('N-C-5'), crossSoldPie()));
    if (!exists(state)) throw new Error('no basket');
    expect(basketView(state, minutesLater(14)).providerBaskets).toHaveLength(2);
    const view = basketView(state, minutesLater(16));
    expect(view.providerBaskets).toEqual([]);
    expect(view.totalPrice.minorUnits).toBe(0);
  });

  it('leads the next decision: the command is decided on the basket without the cross-sold line', () => {
    const state = stateOf(historyOf(pickSeats('N-C-5'), crossSoldPie()));
    const shirt = { ...addShirt(), at: minutesLater(16) };
    const decided = basketDecider.decide(shirt, state, plentyFor(shirt, state));
    if (decided._tag === 'Left') throw new Error(decided.left.detail);
    expect(
      decided.right.map((e) => (e.type === 'LineItemRemoved' ? `${e.type}:${e.reason}` : e.type)),
    ).toEqual([
      'ProviderBasketExpired',
      'LineItemRemoved:cross-sell-parent-expired',
      'ProviderBasketClosed',
      'ProviderBasketOpened',
      'LineItemAdded',
    ]);
  });

  it('lets the cross-sold line’s hold run out with its parent’s', () => {
    const state = stateOf(historyOf(pickSeats('N-C-5'), crossSoldPie()));
    const pie = holdsOf(state).find((hold) => hold.resource.startsWith('stock:'));
    expect(pie?.expiresAt).toBe(minutesLater(15));
    // A plain line of the same product keeps the units held until its own expiry.
    const both = stateOf(historyOf(pickSeats('N-C-5'), crossSoldPie(), addPie(1, { at: minutesLater(12) })));
    expect(holdsOf(both).find((hold) => hold.resource.startsWith('stock:'))).toMatchObject({
      quantity: 2,
      expiresAt: minutesLater(27),
    });
  });

  it('leaves a locked basket’s lines as they are (C-8.3)', () => {
    const history = historyOf(pickSeats('N-C-5'), crossSoldPie());
    const locked = stateOf([
      ...history,
      { type: 'BasketLocked', at: minutesLater(11), paymentIntentId: 'intent-1' },
    ]);
    expect(expiryEvents(locked, minutesLater(16)).map((e) => e.type)).toEqual(['ProviderBasketExpired']);
  });

  it('removes at the unlock the cross-sold line whose parent ran out while the basket was locked', () => {
    const history = historyOf(pickSeats('N-C-5'), crossSoldPie());
    const locked = stateOf([
      ...history,
      { type: 'BasketLocked', at: minutesLater(11), paymentIntentId: 'intent-1' },
      { type: 'ProviderBasketExpired', at: minutesLater(16), providerBasketId: TIX_PB },
    ]);
    const unlock = cmd('UnlockAfterPayment', {
      paymentIntentId: 'intent-1',
      reason: 'provider-refused',
      at: minutesLater(17),
    });
    const decided = basketDecider.decide(unlock, locked, plentyFor(unlock, locked));
    if (decided._tag === 'Left') throw new Error(decided.left.detail);
    expect(
      decided.right.map((e) => (e.type === 'LineItemRemoved' ? `${e.type}:${e.reason}` : e.type)),
    ).toEqual(['BasketUnlocked', 'LineItemRemoved:cross-sell-parent-expired', 'ProviderBasketClosed']);
    const after = decided.right.reduce(basketDecider.evolve, locked);
    // Nothing hidden from reads keeps units held.
    expect(holdsOf(after)).toEqual([]);
  });
});
