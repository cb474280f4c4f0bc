import {
  type CatalogDiscount,
  type Currency,
  CustomerDetailFieldTypes,
  type Line,
  type ProviderTerms,
  type SportsMatch,
  type Ticket,
} from '@basket/core';
import fc from 'fast-check';
import { mergedArb } from './commands';
import { arbitraryDeliveryMethod } from './wire-delivery-details';
import { arbitraryInstant, arbitraryMoney, arbitraryProviderIdentity } from './wire-primitives';

/* Arbitraries of the values basket events carry: lines, tickets, catalog discounts, provider terms. */

const text = fc.string({ maxLength: 16 });
const nonEmptyText = fc.string({ minLength: 1, maxLength: 16 });
const few = <A>(arbitrary: fc.Arbitrary<A>) => fc.array(arbitrary, { maxLength: 3 });
const pid = arbitraryProviderIdentity();
const quantity = fc.integer({ min: 1, max: 99 });
const amount = fc.nat({ max: 100_000 });
const team = fc.record({ id: text, name: text, logoImageUrl: text }, { requiredKeys: ['id', 'name'] });

export const arbitrarySportsMatch: fc.Arbitrary<SportsMatch> = fc.record({
  matchDate: arbitraryInstant,
  competition: fc.record({ name: text, season: text, competitionType: text }),
  hostTeam: team,
  opponentTeam: team,
});

export const arbitraryTicket = (currency: Currency): fc.Arbitrary<Ticket> =>
  fc.record({
    id: text,
    providerSeatId: text,
    seatCategory: text,
    tariff: text,
    section: text,
    providerSectionId: text,
    row: text,
    seat: text,
    price: arbitraryMoney(currency, { max: 100_000 }),
  });

const crossSell = fc.record(
  { crossSoldFromProductId: pid, crossSoldFromLineItemId: pid },
  { requiredKeys: [] },
);
const lineBase = fc.record({ id: pid, productId: pid, deliveryMethodIdOptions: few(text) });

/** A line of a basket's state, of any kind, in `currency`. */
export const arbitraryLine = (currency: Currency): fc.Arbitrary<Line> => {
  const unitPrice = arbitraryMoney(currency, { max: 100_000 });
  const line = <A extends object>(kind: fc.Arbitrary<A>) => mergedArb(mergedArb(lineBase, kind), crossSell);
  const ticketing: fc.Arbitrary<Line> = line(
    fc.record(
      {
        type: fc.constant('Ticketing' as const),
        tickets: few(arbitraryTicket(currency)),
        sportsMatch: arbitrarySportsMatch,
      },
      { requiredKeys: ['type', 'tickets'] },
    ),
  );
  const consumable: fc.Arbitrary<Line> = line(
    fc.record(
      {
        type: fc.constant('Consumable' as const),
        quantity,
        unitPrice,
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
      { requiredKeys: ['type', 'quantity', 'unitPrice', 'title'] },
    ),
  );
  const timeSlot: fc.Arbitrary<Line> = line(
    fc.record({
      type: fc.constant('TimeSlot' as const),
      quantity,
      unitPrice,
      tariffId: pid,
      tariffName: text,
      rateId: pid,
      timeSlotId: pid,
      productName: text,
    }),
  );
  const variableProduct: fc.Arbitrary<Line> = line(
    fc.record(
      {
        type: fc.constant('VariableProduct' as const),
        quantity,
        unitPrice,
        variant: fc.record({ id: nonEmptyText, name: text, sku: text, imageUrl: text }),
        productGroupId: text,
        kioskId: text,
        timestreamId: text,
      },
      { requiredKeys: ['type', 'quantity', 'unitPrice', 'variant'] },
    ),
  );
  return fc.oneof(ticketing, consumable, timeSlot, variableProduct);
};

const discountText = { id: nonEmptyText, title: text, code: text, description: text };

export const arbitraryCatalogDiscount: fc.Arbitrary<CatalogDiscount> = fc.oneof(
  fc.record({
    kind: fc.constant('line-min-quantity' as const),
    ...discountText,
    minQuantity: fc.integer({ min: 1, max: 10 }),
    amountOffPerUnit: amount,
  }),
  fc.record({
    kind: fc.constant('basket-min-total' as const),
    ...discountText,
    minTotal: amount,
    amountOff: amount,
  }),
);

export const arbitraryProviderTerms = (currency: Currency): fc.Arbitrary<ProviderTerms> =>
  fc.record({
    providerId: text,
    holdMinutes: fc.integer({ min: 1, max: 120 }),
    requiredCustomerDetails: fc.subarray([...CustomerDetailFieldTypes]),
    kioskIds: few(text),
    deliveryMethods: few(arbitraryDeliveryMethod(currency)),
    discounts: few(arbitraryCatalogDiscount),
  });
