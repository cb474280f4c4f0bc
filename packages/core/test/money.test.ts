import * as fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import { describe, expect, it } from 'vitest';
import {
  add,
  type Currency,
  clampAtZero,
  compare,
  currencyOf,
  fromMinorUnits,
  isNegative,
  isPositive,
  isZero,
  type Money,
  MoneyC,
  min,
  sameCurrency,
  subtract,
  sum,
  times,
  zero,
} from '../src/primitives/money';

const GBP: Currency = { code: 'GBP', precision: 2 };
const JPY: Currency = { code: 'JPY', precision: 0 };

const amount = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });
const gbp = amount.map((minorUnits) => fromMinorUnits(GBP, minorUnits));
const jpy = amount.map((minorUnits) => fromMinorUnits(JPY, minorUnits));

const addAll = (a: Money, b: Money, c: Money) =>
  pipe(
    add(a, b),
    E.flatMap((ab) => add(ab, c)),
  );

describe('Money', () => {
  it('adds commutatively', () => {
    fc.assert(
      fc.property(gbp, gbp, (a, b) => {
        expect(add(a, b)).toEqual(add(b, a));
      }),
    );
  });

  it('adds associatively', () => {
    fc.assert(
      fc.property(gbp, gbp, gbp, (a, b, c) => {
        expect(addAll(a, b, c)).toEqual(
          pipe(
            add(b, c),
            E.flatMap((bc) => add(a, bc)),
          ),
        );
      }),
    );
  });

  it('has zero as the identity of addition, and subtraction undoes addition', () => {
    fc.assert(
      fc.property(gbp, gbp, (a, b) => {
        expect(add(a, zero(GBP))).toEqual(E.right(a));
        expect(
          pipe(
            add(a, b),
            E.flatMap((ab) => subtract(ab, b)),
          ),
        ).toEqual(E.right(a));
      }),
    );
  });

  it('refuses to mix currencies', () => {
    fc.assert(
      fc.property(gbp, jpy, (a, b) => {
        const mismatch = E.left({ _tag: 'CurrencyMismatch', left: GBP, right: JPY });
        expect(add(a, b)).toEqual(mismatch);
        expect(subtract(a, b)).toEqual(mismatch);
        expect(min(a, b)).toEqual(mismatch);
        expect(compare(a, b)).toEqual(mismatch);
        expect(E.isLeft(sum(GBP, [a, b]))).toBe(true);
      }),
    );
  });

  it('tells apart currencies of one code and two precisions', () => {
    expect(E.isLeft(add(fromMinorUnits(GBP, 1), fromMinorUnits({ code: 'GBP', precision: 3 }, 1)))).toBe(
      true,
    );
  });

  it('sums nothing to zero of the currency, and a list to its running total', () => {
    expect(sum(GBP, [])).toEqual(E.right(zero(GBP)));
    fc.assert(
      fc.property(fc.array(gbp), (moneys) => {
        const total = moneys.reduce((units, money) => units + money.minorUnits, 0);
        expect(sum(GBP, moneys)).toEqual(E.right(fromMinorUnits(GBP, total)));
      }),
    );
  });

  it('multiplies, clamps at zero, and picks the smaller amount', () => {
    expect(times(fromMinorUnits(GBP, 350), 3)).toEqual(fromMinorUnits(GBP, 1050));
    expect(Object.is(times(fromMinorUnits(GBP, -200), 0).minorUnits, 0)).toBe(true);
    fc.assert(
      fc.property(gbp, gbp, (a, b) => {
        expect(clampAtZero(a).minorUnits).toBe(Math.max(0, a.minorUnits));
        expect(min(a, b)).toEqual(E.right(a.minorUnits <= b.minorUnits ? a : b));
        expect(compare(a, b)).toEqual(E.right(Math.sign(a.minorUnits - b.minorUnits)));
      }),
    );
  });

  it('tells the sign of an amount and its currency', () => {
    expect([isZero, isPositive, isNegative].map((test) => test(fromMinorUnits(GBP, 0)))).toEqual([
      true,
      false,
      false,
    ]);
    expect([isZero, isPositive, isNegative].map((test) => test(fromMinorUnits(GBP, 5)))).toEqual([
      false,
      true,
      false,
    ]);
    expect([isZero, isPositive, isNegative].map((test) => test(fromMinorUnits(GBP, -5)))).toEqual([
      false,
      false,
      true,
    ]);
    expect(currencyOf(fromMinorUnits(JPY, 100))).toEqual(JPY);
    expect(sameCurrency(fromMinorUnits(GBP, 1), fromMinorUnits(JPY, 1))).toBe(false);
  });

  it('decodes integer minor units only', () => {
    expect(MoneyC.decode({ minorUnits: 1250, currencyCode: 'GBP', precision: 2 })).toEqual(
      E.right({ minorUnits: 1250, currencyCode: 'GBP', precision: 2 }),
    );
    expect(E.isLeft(MoneyC.decode({ minorUnits: 12.5, currencyCode: 'GBP', precision: 2 }))).toBe(true);
    expect(E.isLeft(MoneyC.decode({ minorUnits: '1250', currencyCode: 'GBP', precision: 2 }))).toBe(true);
  });
});
