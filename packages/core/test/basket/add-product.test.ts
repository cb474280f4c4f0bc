import { describe, expect, it } from 'vitest';
import type { BasketEvent } from '../../src/basket/events';
import { stockResource } from '../../src/inventory/resources';
import {
  addPie,
  addShirt,
  cmd,
  created,
  FNB_PB,
  freshIds,
  gbp,
  HOT_CHOCOLATE,
  historyOf,
  idOf,
  MATCH,
  MATCH_LINE,
  PIE,
  PIE_LINE,
  PROGRAMME,
  pickSeats,
  SCARF,
  SHIRT,
  SHIRT_LINE,
  SHOP_PB,
  T0,
  TOUR,
  UNKNOWN_PRODUCT,
  VEGGIE,
  whenPlenty,
} from './fixtures';

const fnbTermsOpened = (events: ReadonlyArray<BasketEvent>) =>
  events.find((e) => e.type === 'ProviderBasketOpened');

describe('AddProduct: success (C-7.2, C-7.3)', () => {
  it('C-7.2: the first item of a provider opens its provider basket with the provider terms, then adds the line', () => {
    const events = whenPlenty([created], addPie(2)).events();
    expect(events).toEqual([
      {
        type: 'ProviderBasketOpened',
        at: T0,
        providerBasketId: FNB_PB,
        terms: {
          providerId: 'fnb:arena',
          holdMinutes: 15,
          requiredCustomerDetails: ['Email'],
          kioskIds: ['kiosk-north', 'kiosk-west'],
          deliveryMethods: [
            { type: 'KioskCollection', id: 'fnb-kiosk' },
            { type: 'InSeat', id: 'fnb-inseat' },
          ],
          discounts: [],
        },
      },
      {
        type: 'LineItemAdded',
        at: T0,
        providerBasketId: FNB_PB,
        line: {
          type: 'Consumable',
          id: PIE_LINE,
          productId: PIE,
          deliveryMethodIdOptions: ['fnb-kiosk', 'fnb-inseat'],
          quantity: 2,
          unitPrice: gbp(1250),
          title: 'Pie and a pint',
          productGroupId: 'hot-food',
          description: 'Steak pie with a pint of bitter',
          allergens: 'gluten, celery, sulphites',
          calories: 980,
          image: 'https://static.example/fnb/pie-pint.jpg',
        },
      },
    ]);
  });

  it('C-7.9: delivery method prices become Money in the basket currency', () => {
    const opened = fnbTermsOpened(whenPlenty([created], addShirt()).events());
    expect(opened?.type === 'ProviderBasketOpened' && opened.terms.deliveryMethods[0]).toEqual({
      type: 'Address',
      id: 'shop-post',
      title: 'Standard delivery',
      description: 'Tracked parcel, 2 to 4 working days',
      provider: { name: 'Parcelforce', logo: 'https://static.example/carriers/parcelforce.png' },
      entries: [],
      totalPrice: gbp(395),
    });
  });

  it('C-7.3: a variable product line carries its variant and price', () => {
    const events = whenPlenty([created], addShirt('home-shirt-l', 2)).events();
    expect(events[1]).toEqual({
      type: 'LineItemAdded',
      at: T0,
      providerBasketId: SHOP_PB,
      line: {
        type: 'VariableProduct',
        id: SHIRT_LINE,
        productId: SHIRT,
        deliveryMethodIdOptions: ['shop-post', 'shop-collect'],
        quantity: 2,
        unitPrice: gbp(6000),
        variant: {
          id: 'home-shirt-l',
          name: 'Home shirt, size L',
          sku: 'HS27-L',
          imageUrl: 'https://static.example/shop/home-shirt-l.jpg',
        },
      },
    });
  });

  it('C-7.3: the same product with the same variant, kiosk, group and timestream raises the quantity', () => {
    whenPlenty(historyOf(addPie(2)), addPie(3, { freshIds: freshIds('again') })).then([
      {
        type: 'LineItemQuantityChanged',
        at: T0,
        providerBasketId: FNB_PB,
        lineItemId: PIE_LINE,
        quantity: 5,
      },
    ]);
  });

  it('C-7.3: another kiosk, group or timestream makes a new line in the same provider basket', () => {
    const events = whenPlenty(
      historyOf(addPie(2)),
      addPie(1, {
        kioskId: 'kiosk-west',
        productGroupId: 'specials',
        timestreamId: 'ht',
        freshIds: freshIds('new'),
      }),
    ).events();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'LineItemAdded',
      providerBasketId: FNB_PB,
      line: {
        id: idOf('fnb:arena', 'new1'),
        kioskId: 'kiosk-west',
        productGroupId: 'specials',
        timestreamId: 'ht',
      },
    });
  });

  it('C-7.3: another variant makes a new line', () => {
    const events = whenPlenty(historyOf(addShirt('home-shirt-m')), addShirt('home-shirt-s')).events();
    expect(events[0]).toMatchObject({ type: 'LineItemAdded', line: { variant: { id: 'home-shirt-s' } } });
  });

  it('C-7.3: the currency given may be the catalog currency', () => {
    whenPlenty([created], addPie(1, { currency: 'GBP' })).events();
  });

  it('C-7.4: a cross-sold line records its parent product and line', () => {
    const history = historyOf(pickSeats('N-C-5'));
    const events = whenPlenty(
      history,
      cmd('AddProduct', {
        productId: PROGRAMME,
        quantity: 1,
        crossSoldFromLineItemId: MATCH_LINE,
        freshIds: freshIds('x'),
      }),
    ).events();
    expect(events[1]).toMatchObject({
      type: 'LineItemAdded',
      line: {
        productId: PROGRAMME,
        crossSoldFromProductId: MATCH,
        crossSoldFromLineItemId: MATCH_LINE,
        validUntil: '2027-04-30T23:59:59.000Z',
      },
    });
  });

  it('C-7.4: a cross-sell named by its parent product only is checked against that product', () => {
    const events = whenPlenty(
      [created],
      cmd('AddProduct', {
        productId: PIE,
        quantity: 1,
        crossSoldFromProductId: MATCH,
        freshIds: freshIds('x'),
      }),
    ).events();
    expect(events[1]).toMatchObject({ line: { crossSoldFromProductId: MATCH } });
    expect(events[1]?.type === 'LineItemAdded' && events[1].line.crossSoldFromLineItemId).toBeUndefined();
  });
});

describe('AddProduct: problems (C-7.3, C-7.3a, C-7.4)', () => {
  it('C-3.3: an unknown product is product-not-found', () => {
    whenPlenty(
      [created],
      cmd('AddProduct', { productId: UNKNOWN_PRODUCT, quantity: 1, freshIds: freshIds('a') }),
    ).thenFails('product-not-found');
  });

  it('C-3.3: a product off sale is product-unavailable', () => {
    whenPlenty(
      [created],
      cmd('AddProduct', { productId: HOT_CHOCOLATE, quantity: 1, freshIds: freshIds('a') }),
    ).thenFails('product-unavailable');
  });

  it('C-7.3: ticketing and time-slot products are wrong-product-type', () => {
    whenPlenty(
      [created],
      cmd('AddProduct', { productId: MATCH, quantity: 1, freshIds: freshIds('a') }),
    ).thenFails('wrong-product-type');
    whenPlenty(
      [created],
      cmd('AddProduct', { productId: TOUR, quantity: 1, freshIds: freshIds('a') }),
    ).thenFails('wrong-product-type');
  });

  it('C-7.3: a variable product without a variant is variant-required', () => {
    whenPlenty(
      [created],
      cmd('AddProduct', { productId: SHIRT, quantity: 1, freshIds: freshIds('a') }),
    ).thenFails('variant-required');
  });

  it('C-7.3: an unknown variant is variant-not-found', () => {
    whenPlenty([created], addShirt('home-shirt-xxl')).thenFails('variant-not-found');
  });

  it('C-7.3: another currency is currency-mismatch', () => {
    whenPlenty([created], addPie(1, { currency: 'EUR' })).thenFails('currency-mismatch');
  });

  it('C-7.3: a kiosk the provider does not have is kiosk-not-found', () => {
    whenPlenty([created], addPie(1, { kioskId: 'kiosk-east' })).thenFails('kiosk-not-found');
  });

  it('C-7.4: a parent line not in the basket is cross-sell-parent-not-found', () => {
    whenPlenty([created], addPie(1, { crossSoldFromLineItemId: MATCH_LINE })).thenFails(
      'cross-sell-parent-not-found',
    );
  });

  it('C-7.4: a parent line of another product than the one named is cross-sell-parent-not-found', () => {
    whenPlenty(
      historyOf(pickSeats('N-C-5')),
      addPie(1, { crossSoldFromLineItemId: MATCH_LINE, crossSoldFromProductId: SCARF }),
    ).thenFails('cross-sell-parent-not-found');
  });

  it('C-7.4: a parent whose product does not list this one is cross-sell-not-allowed', () => {
    whenPlenty(
      historyOf(pickSeats('N-C-5')),
      cmd('AddProduct', {
        productId: VEGGIE,
        quantity: 1,
        crossSoldFromLineItemId: MATCH_LINE,
        freshIds: freshIds('a'),
      }),
    ).thenFails('cross-sell-not-allowed');
    whenPlenty([created], addPie(1, { crossSoldFromProductId: SCARF })).thenFails('cross-sell-not-allowed');
  });

  it('C-7.3a: more units of a product than maxPerBasket, over all its lines, is quantity-limit', () => {
    whenPlenty(historyOf(addPie(6)), addPie(5, { kioskId: 'kiosk-west' })).thenFails('quantity-limit');
    whenPlenty(historyOf(addShirt('home-shirt-m', 3)), addShirt('home-shirt-s', 3)).thenFails(
      'quantity-limit',
    );
  });

  it('C-7.3a: more stock than is free for the basket is insufficient-capacity', () => {
    whenPlenty([created], addPie(3), { [stockResource(PIE)]: 2 }).thenFails('insufficient-capacity');
    whenPlenty([created], addShirt('home-shirt-xl', 2)).thenFails('insufficient-capacity');
  });

  it('C-7.3a: stock this basket already holds counts towards what it may hold', () => {
    whenPlenty(historyOf(addPie(2)), addPie(2), { [stockResource(PIE)]: 3 }).thenFails(
      'insufficient-capacity',
    );
    whenPlenty(historyOf(addPie(2)), addPie(1), { [stockResource(PIE)]: 3 }).events();
  });

  it('C-7.3a: when both apply, quantity-limit answers', () => {
    whenPlenty([created], addPie(11), { [stockResource(PIE)]: 0 }).thenFails('quantity-limit');
  });

  it('rejects a quantity below 1 (validation-failed)', () => {
    whenPlenty([created], addPie(0)).thenFails('validation-failed');
  });
});
