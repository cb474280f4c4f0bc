import { describe, expect, it } from 'vitest';
import type { Instant } from '../../src';
import { basketView } from '../../src';
import type { ProviderTerms } from '../../src/basket/state';
import {
  basket,
  fnbTerms,
  gbp,
  id,
  now,
  pies,
  posted,
  providerBasket,
  scarves,
  shirt10,
  shirts,
  shopCollect,
  shopPost,
  shopTerms,
  tickets,
  tixTerms,
  tourPlaces,
  tourTerms,
} from './fixtures';

const group4 = {
  id: 'tix-group4',
  title: 'Group of four',
  code: 'GROUP4',
  description: '2.00 off each ticket when you buy 4 or more for one match',
};
const spend100 = {
  id: 'shop-spend100',
  title: 'Spend 100, save 5',
  code: 'SPEND100',
  description: '5.00 off club shop orders of 100.00 or more',
};

describe('line discounts (C-7.10 line-min-quantity)', () => {
  it('C-7.10: four tickets for one match take 2.00 off each; the line shows its discount', () => {
    const view = basketView(basket([providerBasket(tixTerms, [tickets(4)])]), now);
    const line = view.providerBaskets[0]?.lineItems[0];
    expect(line).toMatchObject({
      totalPrice: gbp(13200),
      originalTotalPrice: gbp(14000),
      totalProviderDiscounts: gbp(800),
      providerDiscounts: [{ ...group4, amount: gbp(800) }],
    });
  });
  it('C-7.10: three tickets get no discount and no discount fields (C-1.2)', () => {
    const view = basketView(basket([providerBasket(tixTerms, [tickets(3)])]), now);
    const line = view.providerBaskets[0]?.lineItems[0];
    expect(line?.totalPrice).toEqual(gbp(10500));
    expect(line).not.toHaveProperty('originalTotalPrice');
    expect(line).not.toHaveProperty('totalProviderDiscounts');
    expect(line).not.toHaveProperty('providerDiscounts');
    expect(view.providerBaskets[0]).not.toHaveProperty('originalTotalPrice');
    expect(view).not.toHaveProperty('originalTotalPrice');
  });
  it("C-7.10: the minimum counts the product's units over all its lines in the basket", () => {
    const pieTerms: ProviderTerms = {
      ...fnbTerms,
      discounts: [
        {
          id: 'pies3',
          kind: 'line-min-quantity',
          title: 'Pies',
          code: 'PIES3',
          description: '',
          minQuantity: 3,
          amountOffPerUnit: 100,
        },
      ],
    };
    const two = pies(2);
    const one = { ...pies(1), id: id('fnb:arena', 'pie2'), kioskId: 'kiosk-west' };
    const view = basketView(basket([providerBasket(pieTerms, [two, one])]), now);
    expect(view.providerBaskets[0]?.lineItems.map((l) => l.totalPrice)).toEqual([gbp(2300), gbp(1150)]);
    expect(view.totalPrice).toEqual(gbp(3450));
  });
});

describe('provider basket totals (C-7.10, C-7.9a)', () => {
  it('C-7.9a: posted tickets add 2.50; the line discount shows on the provider basket and the basket totals', () => {
    const view = basketView(basket([providerBasket(tixTerms, [tickets(4)], [posted])]), now);
    expect(view.providerBaskets[0]).toMatchObject({
      totalPrice: gbp(13450),
      originalTotalPrice: gbp(14250),
      totalProviderDiscounts: gbp(800),
    });
    expect(view.providerBaskets[0]).not.toHaveProperty('providerDiscounts');
    expect(view).toMatchObject({
      totalPrice: gbp(13450),
      deliveryTotalPrice: gbp(250),
      originalTotalPrice: gbp(14250),
      totalProviderDiscounts: gbp(800),
    });
  });
  it('C-7.10 basket-min-total: shop orders of 100.00 take 5.00 off; delivery does not count towards it', () => {
    const view = basketView(basket([providerBasket(shopTerms, [shirts(2)], [shopPost])]), now);
    expect(view.providerBaskets[0]).toMatchObject({
      totalPrice: gbp(12000 + 395 - 500),
      originalTotalPrice: gbp(12395),
      totalProviderDiscounts: gbp(500),
      providerDiscounts: [{ ...spend100, amount: gbp(500) }],
    });
    const below = basketView(basket([providerBasket(shopTerms, [scarves(6)], [shopPost])]), now);
    expect(below.providerBaskets[0]?.totalPrice).toEqual(gbp(9000 + 395));
    expect(below.providerBaskets[0]).not.toHaveProperty('providerDiscounts');
  });
  it('C-7.11: SHIRT10 reprices every size M shirt to 50.00 and shows its per-unit prices', () => {
    const view = basketView(
      basket([providerBasket(shopTerms, [shirts(2)], [shopCollect])], { vouchers: [shirt10] }),
      now,
    );
    expect(view.providerBaskets[0]?.lineItems[0]?.totalPrice).toEqual(gbp(10000));
    expect(view.providerBaskets[0]?.lineItems[0]).not.toHaveProperty('originalTotalPrice');
    expect(view.vouchers).toEqual([
      {
        name: shirt10.name,
        code: 'SHIRT10',
        productId: shirt10.productId,
        variantId: 'home-shirt-m',
        originalPrice: gbp(6000),
        voucherPrice: gbp(5000),
        discountAmount: gbp(1000),
      },
    ]);
    // "Its lines' total" is after vouchers: 100.00 still reaches SPEND100.
    expect(view.providerBaskets[0]).toMatchObject({ totalPrice: gbp(9500), originalTotalPrice: gbp(10000) });
  });
  it('C-7.11: a voucher above the unit price raises nothing, and shows the price it gives with a 0 discount', () => {
    const dear = { ...shirt10, code: 'SHIRTUP', voucherPrice: 7000 };
    const view = basketView(
      basket([providerBasket(shopTerms, [shirts(1)], [shopCollect])], { vouchers: [dear] }),
      now,
    );
    expect(view.providerBaskets[0]?.lineItems[0]?.totalPrice).toEqual(gbp(6000));
    expect(view.vouchers[0]).toMatchObject({
      originalPrice: gbp(6000),
      voucherPrice: gbp(6000),
      discountAmount: gbp(0),
    });
  });
  it('C-7.11: a voucher reprices only lines of its product and variant', () => {
    const view = basketView(
      basket([providerBasket(shopTerms, [shirts(1, 's', 'shirts'), shirts(1, 'm'), scarves(1)])], {
        vouchers: [shirt10],
      }),
      now,
    );
    expect(view.providerBaskets[0]?.lineItems.map((l) => l.totalPrice)).toEqual([
      gbp(6000),
      gbp(5000),
      gbp(1500),
    ]);
    expect(view.providerBaskets[0]?.totalPrice).toEqual(gbp(12500 - 500));
  });
  it('C-7.9a: the always-included tour e-ticket counts without a selection and is not listed as one', () => {
    const view = basketView(basket([providerBasket(tourTerms, [tourPlaces(2)])]), now);
    expect(view.providerBaskets[0]).toMatchObject({ totalPrice: gbp(3600), deliveryMethodSelections: [] });
    const priced: ProviderTerms = {
      ...tourTerms,
      deliveryMethods: tourTerms.deliveryMethods.map((m) =>
        m.type === 'Digital' ? { ...m, totalPrice: gbp(150) } : m,
      ),
    };
    const implicit = basketView(basket([providerBasket(priced, [tourPlaces(2)])]), now);
    expect(implicit).toMatchObject({ totalPrice: gbp(3750), deliveryTotalPrice: gbp(150) });
    const explicit = basketView(
      basket([providerBasket(priced, [tourPlaces(2)], [{ type: 'Digital', id: 'tsl-email' }])]),
      now,
    );
    expect(explicit).toMatchObject({ totalPrice: gbp(3750), deliveryTotalPrice: gbp(150) });
    expect(explicit.providerBaskets[0]?.deliveryMethodSelections).toEqual([
      { type: 'Digital', id: 'tsl-email' },
    ]);
  });
  it('C-7.9a: selections with different ids accumulate; kiosk and in-seat cost nothing', () => {
    const both = basketView(basket([providerBasket(shopTerms, [scarves(1)], [shopPost, shopCollect])]), now);
    expect(both.deliveryTotalPrice).toEqual(gbp(395));
    const kiosk = basketView(
      basket([
        providerBasket(
          fnbTerms,
          [pies(2)],
          [
            {
              type: 'KioskCollection',
              id: 'fnb-kiosk',
              kioskId: 'kiosk-north',
              collectionTime: '2027-03-14T14:30:00.000Z' as Instant,
              collectionId: 'c1',
              seatId: 's1',
            },
          ],
        ),
      ]),
      now,
    );
    expect(kiosk).toMatchObject({ totalPrice: gbp(2500), deliveryTotalPrice: gbp(0) });
  });
});

describe('basket totals (C-7.10, C-1.4)', () => {
  it('C-7.10: the basket total is the sum of its provider baskets; delivery is all selected delivery', () => {
    const view = basketView(
      basket([
        providerBasket(tixTerms, [tickets(4)], [posted]),
        providerBasket(shopTerms, [shirts(2)], [shopPost]),
        providerBasket(tourTerms, [tourPlaces(1)]),
      ]),
      now,
    );
    expect(view.providerBaskets.map((p) => p.totalPrice)).toEqual([gbp(13450), gbp(11895), gbp(1800)]);
    expect(view).toMatchObject({
      totalPrice: gbp(13450 + 11895 + 1800),
      deliveryTotalPrice: gbp(250 + 395),
      originalTotalPrice: gbp(14250 + 12395 + 1800),
      totalProviderDiscounts: gbp(800 + 500),
    });
  });
  it('C-1.4: an empty basket totals 0 in its currency, with no discount fields', () => {
    const view = basketView(basket([]), now);
    expect(view).toMatchObject({
      totalPrice: gbp(0),
      deliveryTotalPrice: gbp(0),
      providerBaskets: [],
      vouchers: [],
    });
    expect(view).not.toHaveProperty('originalTotalPrice');
  });
  it('C-7.10: totals never go below zero, and the discount shown is what was taken off', () => {
    const generous: ProviderTerms = {
      ...tixTerms,
      discounts: [
        {
          id: 'all-off',
          kind: 'basket-min-total',
          title: 'All off',
          code: 'ALL',
          description: '',
          minTotal: 0,
          amountOff: 999_999,
        },
      ],
    };
    const view = basketView(basket([providerBasket(generous, [tickets(1, 1000)], [posted])]), now);
    expect(view.providerBaskets[0]).toMatchObject({
      totalPrice: gbp(0),
      originalTotalPrice: gbp(1250),
      totalProviderDiscounts: gbp(1250),
      providerDiscounts: [{ amount: gbp(1250) }],
    });
    expect(view.totalPrice).toEqual(gbp(0));
  });
});
