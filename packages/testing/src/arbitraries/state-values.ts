import {
  type Currency,
  type CustomerDetailFieldType,
  CustomerDetailFieldTypes,
  type CustomerDetailFieldValue,
  type Instant,
  type Money,
  type ProviderIdentity,
} from '@basket/core';
import fc from 'fast-check';

/*
 * Plain values of basket states: the currency, money, provider ids, instants, uuids and customer
 * detail values.
 */

export const gbp: Currency = { code: 'GBP', precision: 2 };

export const money = (currency: Currency, minorUnits: number): Money => ({
  minorUnits,
  currencyCode: currency.code,
  precision: currency.precision,
});

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789'.split('');

/** A ProviderIdentity of `provider` with a random 24-character suffix. */
export const providerIdentityArb = (provider: string): fc.Arbitrary<ProviderIdentity> =>
  fc
    .string({ unit: fc.constantFrom(...ALNUM), minLength: 24, maxLength: 24 })
    .map((suffix) => `${provider}|${suffix}` as ProviderIdentity);

/** A ProviderIdentity made unique by `tag` (letters and digits, at most 24). */
export const taggedIdentity = (provider: string, tag: string): ProviderIdentity =>
  `${provider}|${tag.padEnd(24, '0').slice(0, 24)}` as ProviderIdentity;

const FROM = Date.parse('2026-01-01T00:00:00.000Z');
const TO = Date.parse('2027-12-31T23:59:59.999Z');

/** A canonical Instant (C-1.3) between 2026 and 2027. */
export const instantArb: fc.Arbitrary<Instant> = fc
  .integer({ min: FROM, max: TO })
  .map((ms) => new Date(ms).toISOString() as Instant);

/** An Instant from `since` to `maxMinutes` later. */
export const instantAfterArb = (since: Instant, maxMinutes: number): fc.Arbitrary<Instant> =>
  fc
    .integer({ min: 0, max: maxMinutes * 60_000 })
    .map((ms) => new Date(Date.parse(since) + ms).toISOString() as Instant);

export const uuidArb: fc.Arbitrary<string> = fc.uuid({ version: [4, 7] });

export const providerIdsPool = ['tix:arena', 'fnb:arena', 'tsl:tours', 'shop', 'lab'] as const;

const address = {
  StreetLine1: '1 Arena Way',
  City: 'Leeds',
  CountryCode: 'GB',
  PostalCode: 'LS1 1AA',
};

/** Every customer detail type (C-7.12). */
export const fieldTypes: ReadonlyArray<CustomerDetailFieldType> = CustomerDetailFieldTypes;

/** A valid stored value of each customer detail type (C-7.12). */
export const customerDetailValue = (type: CustomerDetailFieldType): CustomerDetailFieldValue => {
  switch (type) {
    case 'Email':
      return { type, value: { email: 'alice@example.com' } };
    case 'PhoneNumber':
      return { type, value: { phoneNumber: '+441132960000' } };
    case 'BillingAddress':
    case 'DeliveryAddress':
      return { type, value: address };
    default:
      return { type, value: { name: 'Alice' } };
  }
};
