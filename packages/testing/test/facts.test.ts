import { capacityOf, type ResourceKey, resourcesToCheck } from '@basket/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aimedCommandArb, basketHistoryArb, demoCatalogIndex, instantLater, plentyFacts } from '../src/index';

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
