import { basketHistoryArb } from '@basket/testing';
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { afterExpiry, Basket, basketView, exists, isProviderIdentity, type Money } from '../../src';
import { addMinutes } from '../../src/primitives/time';

/* A light check of the views over real histories; views have their own properties (test/views). */

/** Every Money anywhere in a value. */
const moneysIn = (value: unknown): ReadonlyArray<Money> => {
  if (Array.isArray(value)) return value.flatMap(moneysIn);
  if (value === null || typeof value !== 'object') return [];
  if ('minorUnits' in value && 'currencyCode' in value && 'precision' in value) return [value as Money];
  return Object.values(value).flatMap(moneysIn);
};

describe('basket views of generated histories', () => {
  it('C-1.1, C-1.2, C-1.5, C-7.10: every state a history passes through views as a Basket that decodes unchanged, with no negative amount', () => {
    fc.assert(
      fc.property(basketHistoryArb(), (history) => {
        for (const { after, command } of history.steps) {
          if (!exists(after) || after.status === 'deleted') continue;
          const view = basketView(after, command.at);
          const json: unknown = JSON.parse(JSON.stringify(view));
          expect(Basket.decode(json)).toEqual(E.right(json));
          for (const money of moneysIn(view)) {
            expect(money.minorUnits).toBeGreaterThanOrEqual(0);
            expect(money.currencyCode).toBe(after.currency.code);
          }
          const ids = view.providerBaskets.flatMap((pb) => [
            pb.id,
            ...pb.lineItems.flatMap((l) => [l.id, l.productId]),
          ]);
          expect(ids.every(isProviderIdentity)).toBe(true);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('C-6.5: the Basket answered is the same text whatever order the keys of its state came in (a state read back from jsonb, or decided in memory)', () => {
    /** `value` with the keys of every object in reverse order: as a store that keeps no key order may give them. */
    const reversed = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(reversed);
      if (value === null || typeof value !== 'object') return value;
      return Object.fromEntries(
        Object.keys(value)
          .reverse()
          .map((key) => [key, reversed(Reflect.get(value, key))]),
      );
    };
    fc.assert(
      fc.property(basketHistoryArb(), (history) => {
        for (const { after, command } of history.steps) {
          if (!exists(after) || after.status === 'deleted') continue;
          const text = (state: typeof after) => JSON.stringify(Basket.encode(basketView(state, command.at)));
          expect(text(reversed(after) as typeof after)).toBe(text(after));
        }
      }),
      { numRuns: 50 },
    );
  });

  it('C-7.8: a read hides at once what the next write records of expiry (the view before and after it agree)', () => {
    fc.assert(
      fc.property(basketHistoryArb(), fc.integer({ min: 0, max: 180 }), (history, minutes) => {
        for (const { after, command } of history.steps) {
          if (!exists(after) || after.status === 'deleted') continue;
          const at = addMinutes(command.at, minutes);
          const recorded = afterExpiry(after, at);
          if (!exists(recorded)) throw new Error('expiry never deletes a basket');
          const { updated: _before, ...read } = basketView(after, at);
          const { updated: _after, ...written } = basketView(recorded, at);
          expect(read).toEqual(written);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('C-8.1, C-8.3: a basket just locked for payment has lines, no missing detail, and names its intent', () => {
    fc.assert(
      fc.property(basketHistoryArb(), (history) => {
        for (const { after, command, outcome } of history.steps) {
          if (E.isLeft(outcome) || !outcome.right.some((e) => e.type === 'BasketLocked')) continue;
          if (!exists(after)) continue;
          const view = basketView(after, command.at);
          expect(view.providerBaskets.some((pb) => pb.lineItems.length > 0)).toBe(true);
          expect(view.missingCustomerDetailFields).toBe(false);
          expect(view.activePaymentIntentId).toBe(
            command.type === 'LockForPayment' ? command.paymentIntentId : '',
          );
        }
      }),
      { numRuns: 50 },
    );
  });
});
