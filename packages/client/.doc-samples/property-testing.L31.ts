// docs/property-testing.md:31
import { Basket, basketView, CustomerDetailFieldTypes } from '@basket/core';
import { basketAndNowArb } from '@basket/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('basket view rules', () => {
  it('C-7.10: the total is the sum of the provider baskets, and never negative', () => {
    fc.assert(
      fc.property(basketAndNowArb(), ([state, now]) => {
        const view = basketView(state, now);
        const sum = view.providerBaskets.reduce((total, pb) => total + pb.totalPrice.minorUnits, 0);
        expect(view.totalPrice.minorUnits).toBe(sum);
        expect(view.totalPrice.minorUnits).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });

  it('C-7.8: a read never shows a hold that has run out', () => {
    fc.assert(
      fc.property(basketAndNowArb(), ([state, now]) => {
        for (const pb of basketView(state, now).providerBaskets) {
          if (pb.expires !== undefined) expect(pb.expires > now).toBe(true);
        }
      }),
    );
  });

  it('C-7.12: customer detail fields are listed once each, in the enum order', () => {
    fc.assert(
      fc.property(basketAndNowArb(), ([state, now]) => {
        const types = basketView(state, now).customerDetails.map((field) => field.type);
        const order = types.map((type) => CustomerDetailFieldTypes.indexOf(type));
        expect(order).toEqual([...new Set(order)].sort((a, b) => a - b));
      }),
    );
  });

  it('C-1: every view is a valid wire Basket', () => {
    fc.assert(fc.property(basketAndNowArb(), ([state, now]) => Basket.is(basketView(state, now))));
  });
});
export {};
