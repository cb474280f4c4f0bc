import * as t from 'io-ts';
import { refine, struct } from '../primitives/combinators';
import { charactersBetween } from '../primitives/scalars';
import { Address } from './address';

/** The customer detail field types, in the order the Basket lists them (C-7.12). */
export const CustomerDetailFieldTypes = [
  'Email',
  'FirstName',
  'LastName',
  'PhoneNumber',
  'BillingAddress',
  'DeliveryAddress',
  'BillingFirstName',
  'BillingLastName',
] as const;

export const CustomerDetailFieldType = t.keyof(
  {
    Email: null,
    FirstName: null,
    LastName: null,
    PhoneNumber: null,
    BillingAddress: null,
    DeliveryAddress: null,
    BillingFirstName: null,
    BillingLastName: null,
  },
  'CustomerDetailFieldType',
);
export type CustomerDetailFieldType = t.TypeOf<typeof CustomerDetailFieldType>;

export const CustomerDetailField = struct({ type: CustomerDetailFieldType }, {}, 'CustomerDetailField');
export type CustomerDetailField = t.TypeOf<typeof CustomerDetailField>;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const E164 = /^\+[1-9]\d{1,14}$/;

export const EmailAddress = refine(
  t.string,
  (s) => charactersBetween(s, 1, 254) && EMAIL.test(s),
  'EmailAddress',
  'expected an email address',
);

export const PersonName = refine(
  t.string,
  (s) => charactersBetween(s, 1, 100),
  'PersonName',
  'expected a name of 1 to 100 characters',
);

export const E164PhoneNumber = refine(
  t.string,
  (s) => E164.test(s),
  'E164PhoneNumber',
  'expected a phone number in E.164 form, e.g. +441132960000',
);

export const EmailValue = struct({ email: EmailAddress }, {}, 'EmailValue');
export type EmailValue = t.TypeOf<typeof EmailValue>;

export const NameValue = struct({ name: PersonName }, {}, 'NameValue');
export type NameValue = t.TypeOf<typeof NameValue>;

export const PhoneNumberValue = struct({ phoneNumber: E164PhoneNumber }, {}, 'PhoneNumberValue');
export type PhoneNumberValue = t.TypeOf<typeof PhoneNumberValue>;

/** A customer detail with the value shape of its type (C-7.12); without `value` it clears the field. */
const fieldValue = <K extends CustomerDetailFieldType, V extends t.Mixed>(type: K, value: V) =>
  struct({ type: t.literal(type) }, { value }, `${type}FieldValue`);

export const CustomerDetailFieldValue = t.union(
  [
    fieldValue('Email', EmailValue),
    fieldValue('FirstName', NameValue),
    fieldValue('LastName', NameValue),
    fieldValue('PhoneNumber', PhoneNumberValue),
    fieldValue('BillingAddress', Address),
    fieldValue('DeliveryAddress', Address),
    fieldValue('BillingFirstName', NameValue),
    fieldValue('BillingLastName', NameValue),
  ],
  'CustomerDetailFieldValue',
);
export type CustomerDetailFieldValue = t.TypeOf<typeof CustomerDetailFieldValue>;
