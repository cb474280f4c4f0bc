import * as t from 'io-ts';
import { AddressC } from './address';
import { refine, struct } from './combinators';

/** The customer detail field types, in the order the Basket lists them (C-7.12). */
export const CUSTOMER_DETAIL_FIELD_TYPES = [
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

export const CustomerDetailFieldC = struct({ type: CustomerDetailFieldType }, {}, 'CustomerDetailField');
export type CustomerDetailField = t.TypeOf<typeof CustomerDetailFieldC>;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const E164 = /^\+[1-9]\d{1,14}$/;

export const EmailAddress = refine(
  t.string,
  (s) => s.length <= 254 && EMAIL.test(s),
  'EmailAddress',
  'expected an email address',
);

export const PersonName = refine(
  t.string,
  (s) => s.length >= 1 && s.length <= 100,
  'PersonName',
  'expected a name of 1 to 100 characters',
);

export const E164PhoneNumber = refine(
  t.string,
  (s) => E164.test(s),
  'E164PhoneNumber',
  'expected a phone number in E.164 form, e.g. +441132960000',
);

export const EmailValueC = struct({ email: EmailAddress }, {}, 'EmailValue');
export type EmailValue = t.TypeOf<typeof EmailValueC>;

export const NameValueC = struct({ name: PersonName }, {}, 'NameValue');
export type NameValue = t.TypeOf<typeof NameValueC>;

export const PhoneNumberValueC = struct({ phoneNumber: E164PhoneNumber }, {}, 'PhoneNumberValue');
export type PhoneNumberValue = t.TypeOf<typeof PhoneNumberValueC>;

/** A customer detail with the value shape of its type (C-7.12); without `value` it clears the field. */
const fieldValue = <K extends CustomerDetailFieldType, V extends t.Mixed>(type: K, value: V) =>
  struct({ type: t.literal(type) }, { value }, `${type}FieldValue`);

export const CustomerDetailFieldValueC = t.union(
  [
    fieldValue('Email', EmailValueC),
    fieldValue('FirstName', NameValueC),
    fieldValue('LastName', NameValueC),
    fieldValue('PhoneNumber', PhoneNumberValueC),
    fieldValue('BillingAddress', AddressC),
    fieldValue('DeliveryAddress', AddressC),
    fieldValue('BillingFirstName', NameValueC),
    fieldValue('BillingLastName', NameValueC),
  ],
  'CustomerDetailFieldValue',
);
export type CustomerDetailFieldValue = t.TypeOf<typeof CustomerDetailFieldValueC>;
