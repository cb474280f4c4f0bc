import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { refine, struct } from './combinators';
import { Int32, int32Between, NonEmptyString } from './scalars';

/** An amount in integer minor units of a currency (C-1.4). */
export interface Money {
  readonly minorUnits: number;
  readonly currencyCode: string;
  readonly precision: number;
}

export const MoneyC = struct(
  { minorUnits: Int32, currencyCode: NonEmptyString, precision: Int32 },
  {},
  'Money',
);

/** A currency: its ISO 4217 code and the number of decimal digits of its minor unit. */
export interface Currency {
  readonly code: string;
  readonly precision: number;
}

export const CurrencyC = struct(
  {
    code: refine(
      t.string,
      (code) => /^[A-Z]{3}$/.test(code),
      'CurrencyCode',
      'expected a three-letter ISO 4217 code',
    ),
    precision: int32Between(0, 4),
  },
  {},
  'Currency',
);

/** Two amounts in different currencies were combined. */
export interface CurrencyMismatch {
  readonly _tag: 'CurrencyMismatch';
  readonly left: Currency;
  readonly right: Currency;
}

export type Ordering = -1 | 0 | 1;

export const currencyOf = (money: Money): Currency => ({
  code: money.currencyCode,
  precision: money.precision,
});

export const sameCurrency = (a: Money, b: Money): boolean =>
  a.currencyCode === b.currencyCode && a.precision === b.precision;

export const fromMinorUnits = (currency: Currency, minorUnits: number): Money => ({
  minorUnits,
  currencyCode: currency.code,
  precision: currency.precision,
});

export const zero = (currency: Currency): Money => fromMinorUnits(currency, 0);

/** Applies `combine` to the minor units of two amounts of one currency. */
const combineMinorUnits =
  <A>(combine: (a: number, b: number, left: Money) => A) =>
  (left: Money, right: Money): Either<CurrencyMismatch, A> =>
    sameCurrency(left, right)
      ? E.right(combine(left.minorUnits, right.minorUnits, left))
      : E.left({ _tag: 'CurrencyMismatch', left: currencyOf(left), right: currencyOf(right) });

export const add = combineMinorUnits((a, b, left) => ({ ...left, minorUnits: a + b }));

export const subtract = combineMinorUnits((a, b, left) => ({ ...left, minorUnits: a - b }));

export const min = combineMinorUnits((a, b, left) => ({ ...left, minorUnits: Math.min(a, b) }));

export const compare = combineMinorUnits((a, b): Ordering => (a < b ? -1 : a > b ? 1 : 0));

/** The total of `moneys`, all in `currency`; zero for none. */
export const sum = (currency: Currency, moneys: ReadonlyArray<Money>): Either<CurrencyMismatch, Money> =>
  moneys.reduce<Either<CurrencyMismatch, Money>>(
    (total, money) => E.flatMap(total, (sofar) => add(sofar, money)),
    E.right(zero(currency)),
  );

/** `money` taken `count` times; `count` is a whole number of units. */
export const times = (money: Money, count: number): Money => {
  const product = money.minorUnits * count;
  // A product of zero is written 0, never -0.
  return { ...money, minorUnits: product === 0 ? 0 : product };
};

/** Totals never go below zero (C-7.10). */
export const clampAtZero = (money: Money): Money =>
  money.minorUnits < 0 ? { ...money, minorUnits: 0 } : money;

export const isZero = (money: Money): boolean => money.minorUnits === 0;

export const isPositive = (money: Money): boolean => money.minorUnits > 0;

export const isNegative = (money: Money): boolean => money.minorUnits < 0;
