import {
  type Address,
  type Currency,
  type Instant,
  isInstant,
  isProviderIdentity,
  isUuid,
  type Money,
  type ProviderIdentity,
  type Uuid,
} from '@basket/core';
import fc from 'fast-check';

/* Arbitraries of the interface's primitives: numbers, ids, instants, currencies, money, addresses. */

const INT32_MAX = 2 ** 31 - 1;
const text = fc.string({ maxLength: 24 });
const nonEmptyText = fc.string({ minLength: 1, maxLength: 24 });

/** One of the keys of an io-ts `keyof` codec. */
export const oneKeyOf = <K extends string>(codec: { keys: Record<K, unknown>; is: (u: unknown) => u is K }) =>
  fc.constantFrom(...Object.keys(codec.keys)).filter(codec.is);

export const arbitraryInt32 = fc.integer({ min: -(2 ** 31), max: INT32_MAX });

/** A provider's id: the part of its ProviderIdentities before `|`, such as `tix:arena` or `shop`. */
export const arbitraryProviderName = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9]{1,5}$/),
    fc.option(fc.stringMatching(/^[a-z0-9]{1,12}$/), { nil: undefined }),
  )
  .map(([name, sub]) => (sub === undefined ? name : `${name}:${sub}`));

// Built once: building a `stringMatching` arbitrary is slow.
const providerLocalPart = fc.stringMatching(/^[a-z0-9]{24}$/);

/** A ProviderIdentity of `provider`, or of any provider. */
export const arbitraryProviderIdentity = (
  provider: fc.Arbitrary<string> = arbitraryProviderName,
): fc.Arbitrary<ProviderIdentity> =>
  fc
    .tuple(provider, providerLocalPart)
    .map(([name, local]) => `${name}|${local}`)
    .filter(isProviderIdentity);

export const arbitraryInstant: fc.Arbitrary<Instant> = fc
  .date({
    min: new Date('0000-01-01T00:00:00.000Z'),
    max: new Date('9999-12-31T23:59:59.999Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString())
  .filter(isInstant);

export const arbitraryUuid: fc.Arbitrary<Uuid> = fc.uuid().filter(isUuid);

export const arbitraryCurrency: fc.Arbitrary<Currency> = fc.record({
  code: fc.stringMatching(/^[A-Z]{3}$/),
  precision: fc.integer({ min: 0, max: 4 }),
});

/** An amount of `currency`, by default from 0 to the largest int32. */
export const arbitraryMoney = (currency: Currency, { min = 0, max = INT32_MAX } = {}): fc.Arbitrary<Money> =>
  fc
    .integer({ min, max })
    .map((minorUnits) => ({ minorUnits, currencyCode: currency.code, precision: currency.precision }));

/** A free-form JSON object, as JSON would carry it. */
export const arbitraryFreeFormObject: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  text,
  fc.jsonValue().map((value): unknown => JSON.parse(JSON.stringify(value))),
  { maxKeys: 4, noNullPrototype: true },
);

export const arbitraryAddress: fc.Arbitrary<Address> = fc.record(
  {
    StreetLine1: nonEmptyText,
    StreetLine2: text,
    StreetLine3: text,
    City: nonEmptyText,
    Region: text,
    CountryCode: fc.stringMatching(/^[A-Z]{2}$/),
    PostalCode: nonEmptyText,
  },
  { requiredKeys: ['StreetLine1', 'City', 'CountryCode', 'PostalCode'] },
);
