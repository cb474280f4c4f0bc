import { basketAndNowArb } from '@basket/testing';
import fc from 'fast-check';
import { isRight } from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import type { Money } from '../../src';
import { Basket, basketView, isProviderIdentity, type ProviderBasket, paymentComponents } from '../../src';

const runs = { numRuns: 300 };
const sum = (moneys: ReadonlyArray<Money>): number => moneys.reduce((a, m) => a + m.minorUnits, 0);

/** Every Money anywhere in a value. */
const moneysIn = (value: unknown): ReadonlyArray<Money> => {
  if (Array.isArray(value)) return value.flatMap(moneysIn);
  if (value === null || typeof value !== 'object') return [];
  if ('minorUnits' in value && 'currencyCode' in value && 'precision' in value) return [value as Money];
  return Object.values(value).flatMap(moneysIn);
};

/** The delivery a provider basket's view says is selected: explicit selections and always-included methods. */
const selectedDelivery = (pb: ProviderBasket): number => {
  const ids = new Set(pb.deliveryMethodSelections.map((s) => s.id));
  return sum(
    pb.deliveryMethods.flatMap((m) =>
      (m.type === 'Address' || m.type === 'Digital') &&
      (ids.has(m.id) || (m.type === 'Digital' && m.alwaysIncluded))
        ? [m.totalPrice]
        : [],
    ),
  );
};

const stateAndNow = basketAndNowArb();

describe('basket view properties', () => {
  it('C-7.10: the basket total is the sum of its provider baskets, delivery the sum of selected delivery', () => {
    fc.assert(
      fc.property(stateAndNow, ([state, now]) => {
        const view = basketView(state, now);
        expect(view.totalPrice.minorUnits).toBe(sum(view.providerBaskets.map((p) => p.totalPrice)));
        expect(view.deliveryTotalPrice.minorUnits).toBe(
          sum(view.providerBaskets.map((p) => ({ ...p.totalPrice, minorUnits: selectedDelivery(p) }))),
        );
      }),
      runs,
    );
  });

  it('C-7.10: a provider basket total is max(0, lines + selected delivery − basket discounts reached)', () => {
    fc.assert(
      fc.property(stateAndNow, ([state, now]) => {
        const view = basketView(state, now);
        for (const pb of view.providerBaskets) {
          const terms = state.providerBaskets.find((p) => p.id === pb.id)?.terms;
          const lines = sum(pb.lineItems.map((l) => l.totalPrice));
          const basketDiscounts = (terms?.discounts ?? []).flatMap((d) =>
            d.kind === 'basket-min-total' && lines >= d.minTotal ? [d.amountOff] : [],
          );
          const expected = Math.max(
            0,
            lines + selectedDelivery(pb) - basketDiscounts.reduce((a, b) => a + b, 0),
          );
          expect(pb.totalPrice.minorUnits).toBe(expected);
        }
      }),
      runs,
    );
  });

  it('C-7.10, C-1.4: no amount is below zero and every amount is in the basket currency', () => {
    fc.assert(
      fc.property(stateAndNow, ([state, now]) => {
        for (const money of moneysIn(basketView(state, now))) {
          expect(money.minorUnits).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(money.minorUnits)).toBe(true);
          expect(money.currencyCode).toBe(state.currency.code);
        }
      }),
      runs,
    );
  });

  it('C-7.10: original − provider discounts = total, present exactly where a provider discount applies', () => {
    fc.assert(
      fc.property(stateAndNow, ([state, now]) => {
        const view = basketView(state, now);
        const levels = [view, ...view.providerBaskets, ...view.providerBaskets.flatMap((p) => p.lineItems)];
        for (const level of levels) {
          if (level.originalTotalPrice === undefined) {
            expect(level).not.toHaveProperty('totalProviderDiscounts');
            continue;
          }
          expect(
            level.originalTotalPrice.minorUnits - (level.totalProviderDiscounts?.minorUnits ?? Number.NaN),
          ).toBe(level.totalPrice.minorUnits);
        }
        const lineDiscounted = (p: ProviderBasket) =>
          p.lineItems.some((l) => l.providerDiscounts !== undefined);
        for (const pb of view.providerBaskets) {
          for (const line of pb.lineItems)
            expect('originalTotalPrice' in line).toBe(line.providerDiscounts !== undefined);
          expect('originalTotalPrice' in pb).toBe(pb.providerDiscounts !== undefined || lineDiscounted(pb));
        }
        expect('originalTotalPrice' in view).toBe(
          view.providerBaskets.some((p) => p.providerDiscounts !== undefined || lineDiscounted(p)),
        );
      }),
      runs,
    );
  });

  it('C-1.1, C-1.2, C-1.5: every view decodes with the Basket codec, unchanged, and its ProviderIdentities match', () => {
    fc.assert(
      fc.property(stateAndNow, ([state, now]) => {
        const json: unknown = JSON.parse(JSON.stringify(basketView(state, now)));
        const decoded = Basket.decode(json);
        expect(isRight(decoded)).toBe(true);
        if (isRight(decoded)) expect(decoded.right).toEqual(json);
        const view = basketView(state, now);
        const ids = [
          ...view.providerBaskets.map((p) => p.id),
          ...view.providerBaskets.flatMap((p) =>
            p.lineItems.flatMap((l) => [l.id, l.productId, l.crossSoldFromProductId ?? l.id]),
          ),
          ...view.vouchers.map((v) => v.productId),
        ];
        expect(ids.every(isProviderIdentity)).toBe(true);
      }),
      runs,
    );
  });

  it('C-8.2: payment components add up to the total paid, which is the basket total', () => {
    fc.assert(
      fc.property(stateAndNow, ([state, now]) => {
        const { totalPaid, components } = paymentComponents(state, now);
        expect(totalPaid).toEqual(basketView(state, now).totalPrice);
        expect(sum(components.map((c) => c.portionOfTotalPaid))).toBe(totalPaid.minorUnits);
      }),
      runs,
    );
  });
});
