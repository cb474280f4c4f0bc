import {
  type Currency,
  type CustomerDetailField,
  CustomerDetailFieldType,
  type CustomerDetailFieldValue,
  type DeliveryMethod,
  type DeliveryMethodSelection,
  EmailAddress,
} from '@basket/core';
import fc from 'fast-check';
import { arbitraryAddress, arbitraryInstant, arbitraryMoney, oneKeyOf } from './wire-primitives';

/* Arbitraries of delivery methods, their selections and customer detail fields and values. */

const text = fc.string({ maxLength: 24 });
const nonEmptyText = fc.string({ minLength: 1, maxLength: 24 });
const few = <A>(arbitrary: fc.Arbitrary<A>) => fc.array(arbitrary, { maxLength: 3 });

export const arbitraryDeliveryMethod = (currency: Currency): fc.Arbitrary<DeliveryMethod> =>
  fc.oneof(
    fc.record({
      type: fc.constant('Address' as const),
      id: nonEmptyText,
      title: text,
      description: text,
      provider: fc.record({ name: text, logo: fc.webUrl() }),
      entries: few(fc.record({ id: nonEmptyText, address: text })),
      totalPrice: arbitraryMoney(currency),
    }),
    fc.record({
      type: fc.constant('Digital' as const),
      id: nonEmptyText,
      title: text,
      description: text,
      totalPrice: arbitraryMoney(currency),
      alwaysIncluded: fc.boolean(),
    }),
    fc.record({ type: fc.constantFrom('KioskCollection' as const, 'InSeat' as const), id: nonEmptyText }),
  );

export const arbitraryDeliveryMethodSelection: fc.Arbitrary<DeliveryMethodSelection> = fc.oneof(
  fc.record({
    type: fc.constantFrom('KioskCollection' as const, 'InSeat' as const),
    id: nonEmptyText,
    kioskId: nonEmptyText,
    collectionTime: arbitraryInstant,
    collectionId: nonEmptyText,
    seatId: nonEmptyText,
  }),
  fc.record({ type: fc.constant('Address' as const), id: nonEmptyText, addressEntryId: nonEmptyText }),
  fc.record({ type: fc.constant('Address' as const), id: nonEmptyText, address: arbitraryAddress }),
  fc.record({ type: fc.constant('Digital' as const), id: nonEmptyText }),
);

export const arbitraryCustomerDetailField: fc.Arbitrary<CustomerDetailField> = fc.record({
  type: oneKeyOf(CustomerDetailFieldType),
});

const nameValue = fc.record({ name: fc.string({ minLength: 1, maxLength: 100 }) });

/** A value of the shape of its type (C-7.12), or none, which clears the field. */
export const arbitraryCustomerDetailFieldValue: fc.Arbitrary<CustomerDetailFieldValue> = fc.oneof(
  fc.record(
    {
      type: fc.constant('Email' as const),
      value: fc.record({ email: fc.emailAddress().filter(EmailAddress.is) }),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    { type: fc.constantFrom('FirstName' as const, 'LastName' as const), value: nameValue },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    { type: fc.constantFrom('BillingFirstName' as const, 'BillingLastName' as const), value: nameValue },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constant('PhoneNumber' as const),
      value: fc.record({ phoneNumber: fc.stringMatching(/^\+[1-9]\d{1,14}$/) }),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    { type: fc.constantFrom('BillingAddress' as const, 'DeliveryAddress' as const), value: arbitraryAddress },
    { requiredKeys: ['type'] },
  ),
);
