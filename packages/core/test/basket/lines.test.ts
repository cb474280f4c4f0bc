import { given } from '@basket/testing';
import { describe, expect, it } from 'vitest';
import { basketDecider } from '../../src/basket/decider';
import { catalogIndex } from '../../src/catalog';
import { stockResource } from '../../src/inventory/resources';
import {
  addPie,
  addShirt,
  catalog,
  cmd,
  FNB_PB,
  freshIds,
  historyOf,
  idOf,
  MATCH_LINE,
  PIE,
  PIE_LINE,
  PROGRAMME,
  pickSeats,
  plentyFor,
  SHIRT,
  SHIRT_LINE,
  SHOP_PB,
  stateOf,
  T0,
  TIX_PB,
  whenPlenty,
} from './fixtures';

const del = (providerBasketId: typeof FNB_PB, lineItemId: typeof FNB_PB) =>
  cmd('DeleteLineItem', { providerBasketId, lineItemId });
const setQuantity = (providerBasketId: typeof FNB_PB, lineItemId: typeof FNB_PB, quantity: number) =>
  cmd('UpdateLineItemQuantity', { providerBasketId, lineItemId, quantity });
const addProgrammeTo = (parent: typeof FNB_PB) =>
  cmd('AddProduct', {
    productId: PROGRAMME,
    quantity: 1,
    crossSoldFromLineItemId: parent,
    freshIds: freshIds('prog'),
  });

const PROGRAMME_LINE = idOf('fnb:arena', 'prog2');
const FNB_PB_OF_PROGRAMME = idOf('fnb:arena', 'prog1');

/** The catalog with one product changed. */
const catalogWith = (productId: string, change: (p: { onSale: boolean }) => object | undefined) =>
  catalogIndex({
    ...catalog.catalog,
    providers: catalog.catalog.providers.map((provider) => ({
      ...provider,
      products: provider.products.flatMap((p) => {
        if (p.id !== productId) return [p];
        const changed = change(p);
        return changed ? [{ ...p, ...changed }] : [];
      }),
    })),
  });

describe('DeleteLineItem (C-7.2, C-7.4, C-7.11)', () => {
  it('removes the line; its provider basket, left empty, closes (C-7.2)', () => {
    whenPlenty(historyOf(addPie()), del(FNB_PB, PIE_LINE)).then([
      { type: 'LineItemRemoved', at: T0, providerBasketId: FNB_PB, lineItemId: PIE_LINE, reason: 'deleted' },
      { type: 'ProviderBasketClosed', at: T0, providerBasketId: FNB_PB },
    ]);
  });

  it('a provider basket with lines left stays open', () => {
    const history = historyOf(addPie(), addPie(1, { kioskId: 'kiosk-west', freshIds: freshIds('w') }));
    whenPlenty(history, del(FNB_PB, PIE_LINE)).then([
      { type: 'LineItemRemoved', at: T0, providerBasketId: FNB_PB, lineItemId: PIE_LINE, reason: 'deleted' },
    ]);
  });

  it('C-7.4: deleting a line deletes the lines cross-sold from it, in every provider basket', () => {
    const history = historyOf(pickSeats('N-C-4'), addProgrammeTo(MATCH_LINE));
    whenPlenty(history, del(TIX_PB, MATCH_LINE)).then([
      {
        type: 'LineItemRemoved',
        at: T0,
        providerBasketId: TIX_PB,
        lineItemId: MATCH_LINE,
        reason: 'deleted',
      },
      {
        type: 'LineItemRemoved',
        at: T0,
        providerBasketId: FNB_PB_OF_PROGRAMME,
        lineItemId: PROGRAMME_LINE,
        reason: 'cross-sell-parent-removed',
      },
      { type: 'ProviderBasketClosed', at: T0, providerBasketId: TIX_PB },
      { type: 'ProviderBasketClosed', at: T0, providerBasketId: FNB_PB_OF_PROGRAMME },
    ]);
  });

  it('C-7.4: deleting a cross-sold line leaves its parent alone', () => {
    const history = historyOf(pickSeats('N-C-4'), addProgrammeTo(MATCH_LINE));
    whenPlenty(history, del(FNB_PB_OF_PROGRAMME, PROGRAMME_LINE)).then([
      {
        type: 'LineItemRemoved',
        at: T0,
        providerBasketId: FNB_PB_OF_PROGRAMME,
        lineItemId: PROGRAMME_LINE,
        reason: 'deleted',
      },
      { type: 'ProviderBasketClosed', at: T0, providerBasketId: FNB_PB_OF_PROGRAMME },
    ]);
  });

  it('C-7.11: removing the last line matching a voucher drops the voucher', () => {
    const history = historyOf(addShirt('home-shirt-m'), cmd('AddVoucher', { voucherCode: 'SHIRT10' }));
    whenPlenty(history, del(SHOP_PB, SHIRT_LINE)).then([
      {
        type: 'LineItemRemoved',
        at: T0,
        providerBasketId: SHOP_PB,
        lineItemId: SHIRT_LINE,
        reason: 'deleted',
      },
      { type: 'ProviderBasketClosed', at: T0, providerBasketId: SHOP_PB },
      { type: 'VoucherRemoved', at: T0, voucherCode: 'SHIRT10', reason: 'no-matching-line' },
    ]);
  });

  it('C-7.11: a voucher stays while another matching line remains', () => {
    const history = historyOf(
      addShirt('home-shirt-m'),
      cmd('AddProduct', {
        productId: SHIRT,
        quantity: 1,
        productVariantId: 'home-shirt-m',
        timestreamId: 't2',
        freshIds: freshIds('s2'),
      }),
      cmd('AddVoucher', { voucherCode: 'SHIRT10' }),
    );
    const events = whenPlenty(history, del(SHOP_PB, SHIRT_LINE)).events();
    expect(events.map((e) => e.type)).toEqual(['LineItemRemoved']);
  });

  it('C-1.7: an unknown provider basket is provider-basket-not-found, an unknown line line-item-not-found', () => {
    whenPlenty(historyOf(addPie()), del(SHOP_PB, PIE_LINE)).thenFails('provider-basket-not-found');
    whenPlenty(historyOf(addPie(), addShirt()), del(SHOP_PB, PIE_LINE)).thenFails('line-item-not-found');
  });
});

describe('UpdateLineItemQuantity (C-7.7, C-7.3a)', () => {
  it('C-7.7: sets the quantity of a consumable, variable or time-slot line', () => {
    whenPlenty(historyOf(addPie(2)), setQuantity(FNB_PB, PIE_LINE, 7)).then([
      {
        type: 'LineItemQuantityChanged',
        at: T0,
        providerBasketId: FNB_PB,
        lineItemId: PIE_LINE,
        quantity: 7,
      },
    ]);
    whenPlenty(historyOf(addShirt()), setQuantity(SHOP_PB, SHIRT_LINE, 3)).events();
  });

  it('C-7.7: a Ticketing line is wrong-product-type', () => {
    whenPlenty(historyOf(pickSeats('N-C-4')), setQuantity(TIX_PB, MATCH_LINE, 2)).thenFails(
      'wrong-product-type',
    );
  });

  it('C-7.3a: more units than maxPerBasket over the product lines is quantity-limit, before capacity', () => {
    const history = historyOf(addPie(4), addPie(4, { kioskId: 'kiosk-west', freshIds: freshIds('w') }));
    whenPlenty(history, setQuantity(FNB_PB, PIE_LINE, 7), { [stockResource(PIE)]: 0 }).thenFails(
      'quantity-limit',
    );
  });

  it('C-7.3a: more stock than is free is insufficient-capacity', () => {
    whenPlenty(historyOf(addPie(2)), setQuantity(FNB_PB, PIE_LINE, 5), { [stockResource(PIE)]: 4 }).thenFails(
      'insufficient-capacity',
    );
    whenPlenty(historyOf(addShirt('home-shirt-xl')), setQuantity(SHOP_PB, SHIRT_LINE, 2)).thenFails(
      'insufficient-capacity',
    );
  });

  it('fewer units are possible even when nothing is free, and the same quantity changes nothing', () => {
    whenPlenty(historyOf(addPie(5)), setQuantity(FNB_PB, PIE_LINE, 1), { [stockResource(PIE)]: 0 }).events();
    whenPlenty(historyOf(addPie(5)), setQuantity(FNB_PB, PIE_LINE, 5)).then([]);
  });

  it('a product gone from the catalog is product-not-found; more of one off sale is product-unavailable', () => {
    const history = historyOf(addPie(2));
    const command = setQuantity(FNB_PB, PIE_LINE, 3);
    const facts = plentyFor(command, stateOf(history));
    given(basketDecider, history)
      .when(command, { ...facts, catalog: catalogWith(PIE, () => undefined) })
      .thenFails('product-not-found');
    given(basketDecider, history)
      .when(command, { ...facts, catalog: catalogWith(PIE, () => ({ onSale: false })) })
      .thenFails('product-unavailable');
    given(basketDecider, history)
      .when(setQuantity(FNB_PB, PIE_LINE, 1), {
        ...facts,
        catalog: catalogWith(PIE, () => ({ onSale: false })),
      })
      .events();
  });

  it('more of a variant taken out of the catalog is variant-not-found, not a capacity of 0; fewer is fine', () => {
    const history = historyOf(addShirt());
    const command = setQuantity(SHOP_PB, SHIRT_LINE, 2);
    const facts = plentyFor(command, stateOf(history));
    const withoutVariants = catalogWith(SHIRT, () => ({ variants: [] }));
    given(basketDecider, history)
      .when(command, { ...facts, catalog: withoutVariants })
      .thenFails('variant-not-found');
    const fewer = historyOf(addShirt(), setQuantity(SHOP_PB, SHIRT_LINE, 2));
    given(basketDecider, fewer)
      .when(setQuantity(SHOP_PB, SHIRT_LINE, 1), { ...facts, catalog: withoutVariants })
      .events();
  });
});
