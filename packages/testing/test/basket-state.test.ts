import type { ExistingBasket } from '@basket/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basketAndNowArb, basketHistoryArb, basketStateArb } from '../src/index';

// basketStateArb makes basket states as the basket's events leave them: what holds for every basket
// holds for every state it makes, so that a rule tested on them is not refuted by a state no basket
// can reach.

const linesOf = (state: ExistingBasket) => state.providerBaskets.flatMap((pb) => pb.lines);

describe('basketStateArb: states a basket can reach', () => {
  it('gives a product one type across the basket, as a catalog does', () => {
    fc.assert(
      fc.property(basketStateArb(), (state) => {
        const types = new Map<string, string>();
        for (const line of linesOf(state)) {
          expect(types.get(line.productId) ?? line.type, line.productId).toBe(line.type);
          types.set(line.productId, line.type);
        }
      }),
    );
  });

  it('has one Ticketing line per event (C-7.5)', () => {
    fc.assert(
      fc.property(basketStateArb(), (state) => {
        const events = linesOf(state)
          .filter((line) => line.type === 'Ticketing')
          .map((line) => line.productId);
        expect(new Set(events).size).toBe(events.length);
      }),
    );
  });

  it('restarts holds no later than the basket was last updated, and no earlier than it was made (C-7.8)', () => {
    fc.assert(
      fc.property(basketAndNowArb(), ([state]) => {
        expect(state.updated >= state.created).toBe(true);
        for (const pb of state.providerBaskets) {
          expect(pb.holdsRestartedAt <= state.updated, `${pb.holdsRestartedAt} after ${state.updated}`).toBe(
            true,
          );
          expect(pb.holdsRestartedAt >= state.created).toBe(true);
        }
      }),
    );
  });

  it('shrinks a counterexample to what it needs: an open basket with one provider basket, no details or terms', () => {
    // A property that fails on any basket with a VariableProduct line: the smallest counterexample
    // is an open basket with one provider basket holding that line, no details, methods or discounts.
    for (const seed of [1, 2, 3, 42]) {
      const found = fc.check(
        fc.property(basketStateArb(), (state) =>
          linesOf(state).every((line) => line.type !== 'VariableProduct'),
        ),
        { seed },
      );
      const [state] = found.counterexample ?? [];
      expect(state, `seed ${seed}`).toBeDefined();
      if (state === undefined) return;
      // fast-check shrinks an array by dropping its first items: a line before the one that fails
      // the property may stay.
      expect(linesOf(state).length, `seed ${seed}`).toBeLessThanOrEqual(2);
      expect({
        status: state.status,
        providerBaskets: state.providerBaskets.length,
        details: state.customerDetails.length,
        contact: state.contactId,
        methods: state.providerBaskets.flatMap((pb) => pb.terms.deliveryMethods).length,
        discounts: state.providerBaskets.flatMap((pb) => pb.terms.discounts).length,
      }).toEqual({
        status: 'open',
        providerBaskets: 1,
        details: 0,
        contact: undefined,
        methods: 0,
        discounts: 0,
      });
    }
  });
});

describe('basketHistoryArb: a failing history reads as its steps', () => {
  it('prints each step with what its command was given, so that the seed need not be replayed', () => {
    const [history] = fc.sample(
      basketHistoryArb().filter((h) => h.steps.some((step) => step.command.type === 'AddProduct')),
      { seed: 7, numRuns: 1 },
    );
    if (history === undefined) throw new Error('no history sampled');
    const printed = fc.stringify(history);
    const add = history.steps.find((step) => step.command.type === 'AddProduct');
    if (add === undefined || add.command.type !== 'AddProduct') throw new Error('no AddProduct step');
    expect(printed).toContain(`AddProduct {`);
    expect(printed).toContain(add.command.productId);
    expect(printed.split('\n')).toHaveLength(history.steps.length);
  });
});
