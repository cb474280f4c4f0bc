import { capacityOf, type ResourceKey, resourcesToCheck } from '@basket/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aimedCommandArb,
  basketHistoryArb,
  basketStateArb,
  demoCatalogIndex,
  instantLater,
  plentyFacts,
} from '../src/index';

const histories = basketHistoryArb({ maxSteps: 8 }).chain((history) =>
  aimedCommandArb(history.state, instantLater(history.at, 60_000)).map(({ command }) => ({
    history,
    command,
  })),
);

describe('plentyFacts: a world in which no other basket holds anything', () => {
  it('gives every resource the command consults its capacity, and nothing else', () => {
    fc.assert(
      fc.property(histories, ({ history, command }) => {
        const facts = plentyFacts(command, history.state);
        const consulted = new Set<ResourceKey>(resourcesToCheck(command, history.state, demoCatalogIndex));
        expect(new Set(facts.availability.keys())).toEqual(consulted);
        for (const [resource, units] of facts.availability)
          expect(units).toBe(capacityOf(resource, demoCatalogIndex));
      }),
      { numRuns: 200 },
    );
  });
});

describe('basketStateArb options', () => {
  it('takes 1 to 5 provider baskets, one per demo provider, and says so past that', () => {
    for (const most of [1, 5]) {
      fc.assert(
        fc.property(basketStateArb({ maxProviderBaskets: most }), (state) => {
          expect(state.providerBaskets.length).toBeLessThanOrEqual(most);
        }),
        { numRuns: 30 },
      );
    }
    for (const most of [0, 6, 2.5])
      expect(() => basketStateArb({ maxProviderBaskets: most })).toThrow(RangeError);
  });
});
