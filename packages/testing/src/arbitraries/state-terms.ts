import type {
  CatalogDiscount,
  Currency,
  DeliveryMethod,
  DeliveryMethodSelection,
  Instant,
  ProviderTerms,
} from '@basket/core';
import fc from 'fast-check';
import { fieldTypes, gbp, money } from './state-values';

/* Provider terms of basket states: delivery methods, discounts, and a selection of each method. */

export const priceArb = fc.integer({ min: 0, max: 20_000 });

const discountArb = (provider: string, index: number): fc.Arbitrary<CatalogDiscount> => {
  const text = { title: 'Provider discount', code: `CODE${index}`, description: 'a provider discount' };
  return fc.oneof(
    fc
      .record({
        minQuantity: fc.integer({ min: 1, max: 6 }),
        amountOffPerUnit: fc.integer({ min: 0, max: 3_000 }),
      })
      .map(
        (d): CatalogDiscount => ({ kind: 'line-min-quantity', id: `${provider}-q${index}`, ...text, ...d }),
      ),
    fc
      .record({
        minTotal: fc.integer({ min: 0, max: 30_000 }),
        amountOff: fc.integer({ min: 0, max: 30_000 }),
      })
      .map(
        (d): CatalogDiscount => ({ kind: 'basket-min-total', id: `${provider}-t${index}`, ...text, ...d }),
      ),
  );
};

const deliveryMethodArb = (currency: Currency, id: string): fc.Arbitrary<DeliveryMethod> =>
  fc.oneof(
    fc.record({ price: priceArb, alwaysIncluded: fc.boolean() }).map(
      ({ price, alwaysIncluded }): DeliveryMethod => ({
        type: 'Digital',
        id,
        title: 'E-ticket',
        description: 'by email',
        totalPrice: money(currency, price),
        alwaysIncluded,
      }),
    ),
    priceArb.map(
      (price): DeliveryMethod => ({
        type: 'Address',
        id,
        title: 'Post',
        description: 'by post',
        provider: { name: 'Royal Mail', logo: 'https://static.example/rm.png' },
        entries: [{ id: 'box-office', address: 'Box office' }],
        totalPrice: money(currency, price),
      }),
    ),
    fc.constant<DeliveryMethod>({ type: 'KioskCollection', id }),
    fc.constant<DeliveryMethod>({ type: 'InSeat', id }),
  );

/** Provider terms but for their ids, which `termsOf` gives by provider and position. */
export type TermsShape = {
  readonly holdMinutes: number;
  readonly requiredCustomerDetails: ReadonlyArray<ProviderTerms['requiredCustomerDetails'][number]>;
  readonly deliveryMethods: ReadonlyArray<DeliveryMethod>;
  readonly discounts: ReadonlyArray<CatalogDiscount>;
};

/** Without `chain`: arrays that shrink by dropping methods and discounts, each part on its own. */
export const termsShapeArb = (currency: Currency): fc.Arbitrary<TermsShape> =>
  fc.record({
    holdMinutes: fc.integer({ min: 1, max: 60 }),
    requiredCustomerDetails: fc.subarray([...fieldTypes]),
    deliveryMethods: fc.array(deliveryMethodArb(currency, ''), { maxLength: 3 }),
    discounts: fc.array(discountArb('', 0), { maxLength: 2 }),
  });

export const termsOf = (provider: string, shape: TermsShape): ProviderTerms => ({
  providerId: provider,
  holdMinutes: shape.holdMinutes,
  requiredCustomerDetails: [...shape.requiredCustomerDetails],
  kioskIds: ['kiosk-north'],
  deliveryMethods: shape.deliveryMethods.map((method, i) => ({ ...method, id: `${provider}-m${i}` })),
  discounts: shape.discounts.map((discount, i) => ({
    ...discount,
    id: `${provider}-${discount.kind === 'line-min-quantity' ? 'q' : 't'}${i}`,
    code: `CODE${i}`,
  })),
});

export const providerTermsArb = (provider: string, currency: Currency = gbp): fc.Arbitrary<ProviderTerms> =>
  termsShapeArb(currency).map((shape) => termsOf(provider, shape));

export const selectionOf = (method: DeliveryMethod): DeliveryMethodSelection => {
  switch (method.type) {
    case 'Digital':
      return { type: 'Digital', id: method.id };
    case 'Address':
      return { type: 'Address', id: method.id, addressEntryId: 'box-office' };
    case 'KioskCollection':
    case 'InSeat':
      return {
        type: method.type,
        id: method.id,
        kioskId: 'kiosk-north',
        collectionTime: '2027-03-14T14:00:00.000Z' as Instant,
        collectionId: 'collect-1',
        seatId: 'N-A-1',
      };
  }
};
