import { describe, expect, it } from 'vitest';
import { basketView, paymentComponents } from '../../src';
import type { ExistingBasket } from '../../src/basket/state';
import {
  at,
  basket,
  fnbTerms,
  gbp,
  id,
  matchId,
  now,
  pies,
  posted,
  providerBasket,
  shirt10,
  shirts,
  shopCollect,
  shopTerms,
  tickets,
  tixTerms,
  tourPlaces,
  tourTerms,
} from './fixtures';

/** Every key of a JSON-bound value has a value: absent optionals are omitted (C-1.2). */
const undefinedPaths = (value: unknown, path = '$'): ReadonlyArray<string> => {
  if (Array.isArray(value)) return value.flatMap((v, i) => undefinedPaths(v, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) =>
      v === undefined ? [`${path}.${k}`] : undefinedPaths(v, `${path}.${k}`),
    );
  }
  return [];
};

const mixed = (extra: Partial<ExistingBasket> = {}) =>
  basket(
    [
      providerBasket(tixTerms, [tickets(2)], [posted], at('18:00:00')),
      providerBasket(shopTerms, [shirts(1)], [shopCollect], at('18:10:00')),
    ],
    { vouchers: [shirt10], ...extra },
  );

describe('holds and expiry (C-7.8)', () => {
  it('C-7.8: each provider basket expires at its latest line change plus its holdMinutes', () => {
    const view = basketView(mixed(), now);
    expect(view.providerBaskets.map((p) => p.expires)).toEqual([
      '2026-11-21T18:15:00.000Z',
      '2026-11-21T18:40:00.000Z',
    ]);
  });
  it('C-7.8: no read sees an expired hold: the provider basket, its totals and its details are gone', () => {
    const view = basketView(mixed(), at('18:15:00'));
    expect(view.providerBaskets.map((p) => p.id)).toEqual([id('shop', 'basket')]);
    expect(view.totalPrice).toEqual(gbp(6000 - 1000));
    expect(view.deliveryTotalPrice).toEqual(gbp(0));
    expect(view.customerDetails.map((d) => d.type)).toEqual([
      'Email',
      'BillingAddress',
      'BillingFirstName',
      'BillingLastName',
    ]);
  });
  it('C-7.11: a voucher whose matching line expired is not shown', () => {
    const view = basketView(mixed(), at('18:40:00'));
    expect(view.providerBaskets).toEqual([]);
    expect(view.vouchers).toEqual([]);
    expect(view.totalPrice).toEqual(gbp(0));
  });
  it('C-7.8: a provider basket confirmed by a payment intent has no expires and does not expire', () => {
    const state = mixed({ status: 'locked', activePaymentIntentId: '0191f3c2-8e4b-7a10-9c3d-5e6f7a8b9c0d' });
    const confirmed = {
      ...state,
      providerBaskets: state.providerBaskets.map((pb) => ({ ...pb, confirmed: true })),
    };
    const view = basketView(confirmed, at('23:00:00'));
    expect(view.providerBaskets).toHaveLength(2);
    expect(view.providerBaskets[0]).not.toHaveProperty('expires');
    expect(view.activePaymentIntentId).toBe('0191f3c2-8e4b-7a10-9c3d-5e6f7a8b9c0d');
  });
  it('C-7.8: after payment nothing expires', () => {
    const paid = mixed({ status: 'checkedOut' });
    const view = basketView(
      { ...paid, providerBaskets: paid.providerBaskets.map((pb) => ({ ...pb, confirmed: true })) },
      at('23:00:00'),
    );
    expect(view.providerBaskets.every((p) => p.expires === undefined && !('expires' in p))).toBe(true);
  });
});

describe('customer details (C-7.12)', () => {
  it('C-7.12: the required fields of all providers, each once, in the enum order, without values', () => {
    const view = basketView(
      basket(
        [
          providerBasket(tourTerms, [tourPlaces(1)]),
          providerBasket(tixTerms, [tickets(1)]),
          providerBasket(shopTerms, [shirts(1)]),
        ],
        {
          customerDetails: [{ type: 'Email', value: { email: 'alice@example.com' } }],
        },
      ),
      now,
    );
    expect(view.customerDetails).toEqual([
      { type: 'Email' },
      { type: 'FirstName' },
      { type: 'LastName' },
      { type: 'PhoneNumber' },
      { type: 'BillingAddress' },
      { type: 'BillingFirstName' },
      { type: 'BillingLastName' },
    ]);
    expect(view.missingCustomerDetailFields).toBe(true);
    expect(JSON.stringify(view)).not.toContain('alice@example.com');
  });
  it('C-7.12: missingCustomerDetailFields is false once every required field has a value', () => {
    const view = basketView(
      basket([providerBasket(fnbTerms, [pies(1)])], {
        customerDetails: [{ type: 'Email', value: { email: 'a@b.co' } }],
      }),
      now,
    );
    expect(view).toMatchObject({ customerDetails: [{ type: 'Email' }], missingCustomerDetailFields: false });
  });
  it('C-7.1: a basket without providers requires nothing', () => {
    expect(basketView(basket([]), now)).toMatchObject({
      customerDetails: [],
      missingCustomerDetailFields: false,
    });
  });
});

describe('line items (C-1.1, C-1.2, C-7.4)', () => {
  it('C-1.1: a ticketing line is a TicketedEvent of type SportsMatch with its tickets', () => {
    const line = basketView(basket([providerBasket(tixTerms, [tickets(1)])]), now).providerBaskets[0]
      ?.lineItems[0];
    expect(line).toMatchObject({
      type: 'Ticketing',
      productId: matchId,
      deliveryMethodIdOptions: ['tix-mobile', 'tix-post'],
      ticketing: {
        type: 'TicketedEvent',
        eventType: 'SportsMatch',
        sportsMatch: { competition: { name: 'Northern League' } },
      },
    });
    expect(line?.ticketing?.tickets).toHaveLength(1);
    expect(line).not.toHaveProperty('consumable');
  });
  it('C-1.2: a ticketing line without a sports match has no eventType', () => {
    const { sportsMatch: _omitted, ...plain } = tickets(1);
    const line = basketView(basket([providerBasket(tixTerms, [plain])]), now).providerBaskets[0]
      ?.lineItems[0];
    expect(line?.ticketing).toEqual({ type: 'TicketedEvent', tickets: plain.tickets });
  });
  it('C-1.1: a consumable line spells UnitPrice with a capital U and shows its catalog details', () => {
    const line = basketView(basket([providerBasket(fnbTerms, [pies(2)])]), now).providerBaskets[0]
      ?.lineItems[0];
    expect(line?.consumable).toEqual({
      quantity: 2,
      UnitPrice: gbp(1250),
      title: 'Pie and a pint',
      productGroupId: 'hot-food',
      description: 'Steak pie with a pint of bitter',
      allergens: 'gluten, celery, sulphites',
      calories: 980,
      image: 'https://static.example/fnb/pie-pint.jpg',
    });
    expect(line?.totalPrice).toEqual(gbp(2500));
  });
  it('a time slot line and a variable product line show their own members', () => {
    const tour = basketView(basket([providerBasket(tourTerms, [tourPlaces(3)])]), now).providerBaskets[0]
      ?.lineItems[0];
    expect(tour?.timeSlot).toMatchObject({
      quantity: 3,
      unitPrice: gbp(1800),
      tariffName: 'Adult',
      productName: 'Stadium tour',
    });
    const shirt = basketView(basket([providerBasket(shopTerms, [shirts(1)])]), now).providerBaskets[0]
      ?.lineItems[0];
    expect(shirt?.variableProduct).toEqual({
      quantity: 1,
      unitPrice: gbp(6000),
      variant: {
        id: 'home-shirt-m',
        name: 'Home shirt, size M',
        sku: 'HS27-M',
        imageUrl: 'https://static.example/shop/home-shirt-m.jpg',
      },
    });
  });
  it('C-7.4: a cross-sold line names its parent product and carries the cross-sell feature', () => {
    const parent = tickets(1);
    const programme = {
      ...pies(1),
      id: id('fnb:arena', 'programme'),
      crossSoldFromProductId: parent.productId,
      crossSoldFromLineItemId: parent.id,
    };
    const view = basketView(
      basket([providerBasket(tixTerms, [parent]), providerBasket(fnbTerms, [programme])]),
      now,
    );
    const line = view.providerBaskets[1]?.lineItems[0];
    expect(line).toMatchObject({
      crossSoldFromProductId: matchId,
      features: [{ type: 'cross-sell', key: null, crossSoldFromLineItemId: parent.id }],
    });
    expect(view.providerBaskets[0]?.lineItems[0]).not.toHaveProperty('features');
  });
});

describe('the basket resource (C-1.2, C-7.9, C-8.3)', () => {
  it('C-7.9: a provider basket lists its provider delivery methods and the selections made', () => {
    const pb = basketView(mixed(), now).providerBaskets[0];
    expect(pb?.deliveryMethods).toEqual(tixTerms.deliveryMethods);
    expect(pb?.deliveryMethodSelections).toEqual([posted]);
  });
  it('C-1.2: absent optional fields are omitted, never undefined', () => {
    const view = basketView(mixed(), now);
    expect(undefinedPaths(view)).toEqual([]);
    expect(view).not.toHaveProperty('contactId');
    expect(view).not.toHaveProperty('activePaymentIntentId');
    const assigned = basketView(mixed({ contactId: 'contact-alice' }), now);
    expect(assigned.contactId).toBe('contact-alice');
  });
});

describe('paymentComponents (C-8.2)', () => {
  it('C-8.2: totalPaid is the basket total; one component per provider basket with its total', () => {
    const state = mixed();
    expect(paymentComponents(state, now)).toEqual({
      totalPaid: gbp(7000 + 250 + 5000),
      components: [
        { providerBasketId: id('tix:arena', 'basket'), portionOfTotalPaid: gbp(7250) },
        { providerBasketId: id('shop', 'basket'), portionOfTotalPaid: gbp(5000) },
      ],
    });
  });
  it('C-7.8: expired provider baskets are not paid for', () => {
    expect(paymentComponents(mixed(), at('18:20:00')).components.map((c) => c.providerBasketId)).toEqual([
      id('shop', 'basket'),
    ]);
  });
});
