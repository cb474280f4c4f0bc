import type { Currency, LineItem, LineItemFeature, ProviderDiscount, Ticket, Voucher } from '@basket/core';
import fc from 'fast-check';
import { arbitraryInstant, arbitraryMoney, arbitraryProviderIdentity } from './wire-primitives';

/* Arbitraries of line items and what they carry (features, tickets, provider discounts, vouchers). */

const text = fc.string({ maxLength: 24 });
const nonEmptyText = fc.string({ minLength: 1, maxLength: 24 });
const few = <A>(arbitrary: fc.Arbitrary<A>) => fc.array(arbitrary, { maxLength: 3 });

export const arbitraryLineItemFeature: fc.Arbitrary<LineItemFeature> = fc.record(
  {
    type: fc.constant('cross-sell' as const),
    key: fc.option(text),
    crossSoldFromLineItemId: arbitraryProviderIdentity(),
  },
  { requiredKeys: ['type', 'crossSoldFromLineItemId'] },
);

export const arbitraryProviderDiscount = (currency: Currency): fc.Arbitrary<ProviderDiscount> =>
  fc.record({ id: text, title: text, code: text, description: text, amount: arbitraryMoney(currency) });

const arbitraryTicket = (currency: Currency): fc.Arbitrary<Ticket> =>
  fc.record({
    id: text,
    providerSeatId: text,
    seatCategory: text,
    tariff: text,
    section: text,
    providerSectionId: text,
    row: text,
    seat: text,
    price: arbitraryMoney(currency),
  });

const team = fc.record({ id: text, name: text, logoImageUrl: fc.webUrl() }, { requiredKeys: ['id', 'name'] });

/** A line of any type, whose payload is the one of its type. */
export const arbitraryLineItem = (currency: Currency): fc.Arbitrary<LineItem> => {
  const money = arbitraryMoney(currency);
  const quantity = fc.integer({ min: 1, max: 99 });
  const payloads = fc.oneof(
    fc.record({
      type: fc.constant('Ticketing' as const),
      ticketing: fc.record(
        {
          type: fc.constant('TicketedEvent' as const),
          eventType: fc.constant('SportsMatch' as const),
          sportsMatch: fc.record({
            matchDate: arbitraryInstant,
            competition: fc.record({ name: text, season: text, competitionType: text }),
            hostTeam: team,
            opponentTeam: team,
          }),
          tickets: few(arbitraryTicket(currency)),
        },
        { requiredKeys: ['type', 'tickets'] },
      ),
    }),
    fc.record({
      type: fc.constant('Consumable' as const),
      consumable: fc.record(
        {
          quantity,
          UnitPrice: money,
          title: text,
          productGroupId: text,
          kioskId: text,
          timestreamId: text,
          validUntil: arbitraryInstant,
          description: text,
          allergens: text,
          image: text,
          calories: fc.nat({ max: 5000 }),
        },
        { requiredKeys: ['quantity', 'UnitPrice', 'title'] },
      ),
    }),
    fc.record({
      type: fc.constant('TimeSlot' as const),
      timeSlot: fc.record({
        quantity,
        unitPrice: money,
        tariffId: arbitraryProviderIdentity(),
        tariffName: text,
        rateId: arbitraryProviderIdentity(),
        timeSlotId: arbitraryProviderIdentity(),
        productName: text,
      }),
    }),
    fc.record({
      type: fc.constant('VariableProduct' as const),
      variableProduct: fc.record({
        quantity,
        unitPrice: money,
        variant: fc.record({ id: text, name: text, sku: text, imageUrl: text }),
      }),
    }),
  );
  const common = fc.record(
    {
      id: arbitraryProviderIdentity(),
      productId: arbitraryProviderIdentity(),
      crossSoldFromProductId: arbitraryProviderIdentity(),
      totalPrice: money,
      originalTotalPrice: money,
      totalProviderDiscounts: money,
      providerDiscounts: few(arbitraryProviderDiscount(currency)),
      deliveryMethodIdOptions: few(nonEmptyText),
      features: few(arbitraryLineItemFeature),
    },
    { requiredKeys: ['id', 'productId', 'totalPrice'] },
  );
  return fc.tuple(common, payloads).map(([line, payload]) => ({ ...line, ...payload }));
};

export const arbitraryVoucher = (currency: Currency): fc.Arbitrary<Voucher> =>
  fc.record({
    name: text,
    code: text,
    productId: arbitraryProviderIdentity(),
    variantId: text,
    originalPrice: arbitraryMoney(currency),
    voucherPrice: arbitraryMoney(currency),
    discountAmount: arbitraryMoney(currency),
  });
