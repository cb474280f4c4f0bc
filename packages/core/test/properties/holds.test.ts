import { aimedCommandArb, basketHistoryArb, demoCatalogIndex, instantLater, ownHolds } from '@basket/testing';
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import {
  type BasketState,
  basketDecider,
  capacityOf,
  fold,
  type Hold,
  holdsOf,
  type ResourceKey,
  resourcesToCheck,
} from '../../src';
import { crossSoldOrphans } from '../../src/basket/decide-expiry';

/* Inventory holds are a projection of basket state (architecture): never more than was free. */

const heldPerResource = (holds: ReadonlyArray<Hold>): ReadonlyMap<ResourceKey, number> => {
  const held = new Map<ResourceKey, number>();
  for (const hold of holds) held.set(hold.resource, (held.get(hold.resource) ?? 0) + hold.quantity);
  return held;
};

describe('inventory holds', () => {
  it('C-7.3a, C-7.5, C-7.6: after any accepted decision, the basket holds no more of a resource it consulted than the facts gave as free', () => {
    fc.assert(
      fc.property(basketHistoryArb(), (history) => {
        for (const step of history.steps) {
          if (E.isLeft(step.outcome)) continue;
          const held = heldPerResource(holdsOf(step.after));
          // Section tallies are counts derived from seats: only a hint of where to look for seats,
          // bounded through the seats themselves (random facts make them disagree with the seats).
          const consulted = resourcesToCheck(step.command, step.before, demoCatalogIndex).filter(
            (resource) => !resource.startsWith('section:'),
          );
          for (const resource of consulted) {
            expect(held.get(resource) ?? 0, resource).toBeLessThanOrEqual(
              step.availability.get(resource) ?? 0,
            );
          }
        }
      }),
    );
  });

  it('C-7.3a: a command aimed at any generated basket, with any consistent facts, never oversells', () => {
    const basketAndCommand = basketHistoryArb({ maxSteps: 15 }).chain((history) =>
      aimedCommandArb(history.state, instantLater(history.at, 60_000)).map((aimed) => ({
        history,
        ...aimed,
      })),
    );
    fc.assert(
      fc.property(basketAndCommand, ({ history, command, facts }) => {
        const decision = basketDecider.decide(command, history.state, facts);
        if (E.isLeft(decision)) return;
        const held = heldPerResource(holdsOf(fold(basketDecider.evolve, history.state, decision.right)));
        // Section tallies only count seats (see above): the seats bound them.
        const consulted = resourcesToCheck(command, history.state, facts.catalog).filter(
          (resource) => !resource.startsWith('section:'),
        );
        for (const resource of consulted) {
          expect(held.get(resource) ?? 0).toBeLessThanOrEqual(facts.availability.get(resource) ?? 0);
        }
      }),
    );
  });

  it('the generated facts are consistent: availability lies between what the basket holds and the capacity', () => {
    fc.assert(
      fc.property(basketHistoryArb({ maxSteps: 15 }), (history) => {
        for (const step of history.steps) {
          const own = ownHolds(step.before, step.command.at);
          for (const [resource, free] of step.availability) {
            expect(free).toBeLessThanOrEqual(capacityOf(resource, demoCatalogIndex));
            expect(free).toBeGreaterThanOrEqual(
              Math.min(own.get(resource) ?? 0, capacityOf(resource, demoCatalogIndex)),
            );
          }
        }
      }),
      { numRuns: 50 },
    );
  });

  it('C-7.14, C-7.8, C-8.5: no state holds beyond capacity; a deleted basket holds nothing; a paid one holds for good', () => {
    const holdsRule = (state: BasketState): void => {
      const holds = holdsOf(state);
      for (const [resource, quantity] of heldPerResource(holds)) {
        expect(quantity).toBeLessThanOrEqual(capacityOf(resource, demoCatalogIndex));
      }
      if (state.status === 'deleted') expect(holds).toEqual([]);
      if (state.status === 'checkedOut') expect(holds.every((h) => h.expiresAt === undefined)).toBe(true);
    };
    fc.assert(
      fc.property(basketHistoryArb(), (history) => {
        for (const step of history.steps) holdsRule(step.after);
      }),
      { numRuns: 50 },
    );
  });
});

describe('lines hidden from reads', () => {
  it('C-7.4, C-7.8: an open basket never keeps a line whose cross-sell parent is gone, so none hidden from reads holds units', () => {
    fc.assert(
      fc.property(basketHistoryArb(), (history) => {
        for (const { after } of history.steps) {
          if (after.status !== 'open') continue;
          expect(crossSoldOrphans(after, new Set())).toEqual([]);
        }
      }),
      { numRuns: 100 },
    );
  });
});
