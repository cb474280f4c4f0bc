import {
  type Availability,
  afterExpiry,
  type BasketCommand,
  type BasketFacts,
  type BasketState,
  type CatalogIndex,
  capacityOf,
  holdsOf,
  type Instant,
  type ResourceKey,
  resourcesToCheck,
} from '@basket/core';
import fc from 'fast-check';
import { demoCatalogIndex } from './catalog-fixture';

/*
 * Facts for basket decisions (architecture: "facts"): a catalog and the availability of every
 * resource `resourcesToCheck` names. Availability is random but consistent with the world: never
 * above the resource's capacity, and never below what the deciding basket itself holds unexpired
 * (others' holds + this basket's ≤ capacity, so capacity − others' ≥ this basket's).
 */

/** How scarce a decision's world is: `plenty` frees every resource to capacity; otherwise `levels`. */
export type AvailabilitySeed = {
  readonly plenty: boolean;
  /** Extra units free beyond this basket's own holds, resource by resource (cycled). */
  readonly levels: ReadonlyArray<number>;
};

export const availabilitySeedArb: fc.Arbitrary<AvailabilitySeed> = fc.record({
  plenty: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 2, arbitrary: fc.constant(false) }),
  levels: fc.array(fc.noBias(fc.nat({ max: 4 })), { minLength: 1, maxLength: 8 }),
});

/** Units of each resource the basket holds once holds that ran out by `at` are gone (C-7.8). */
export const ownHolds = (state: BasketState, at: Instant): ReadonlyMap<ResourceKey, number> => {
  const held = new Map<ResourceKey, number>();
  for (const hold of holdsOf(afterExpiry(state, at))) {
    held.set(hold.resource, (held.get(hold.resource) ?? 0) + hold.quantity);
  }
  return held;
};

/**
 * The availability that `seed` gives for deciding `command` on `state`: for every resource the
 * command may consult, a value from this basket's own holds to the resource's capacity.
 */
export const availabilityFor = (
  command: BasketCommand,
  state: BasketState,
  seed: AvailabilitySeed,
  catalog: CatalogIndex = demoCatalogIndex,
): Availability => {
  const own = ownHolds(state, command.at);
  const resources = [...new Set(resourcesToCheck(command, state, catalog))];
  return new Map(
    resources.map((resource, k) => {
      const capacity = capacityOf(resource, catalog);
      const floor = Math.min(own.get(resource) ?? 0, capacity);
      const extra = seed.plenty ? capacity : (seed.levels[k % seed.levels.length] ?? 0);
      return [resource, Math.min(capacity, floor + extra)];
    }),
  );
};

/** Facts of the demo catalog (or `catalog`) with `availability`. */
export const demoFacts = (
  availability: Availability,
  catalog: CatalogIndex = demoCatalogIndex,
): BasketFacts => ({
  catalog,
  availability,
});

/**
 * Facts in which no other basket holds anything: every resource `command` may consult on `state` is
 * free up to its capacity (sold seats stay sold: their capacity is 0). For rules that do not depend
 * on other buyers; `factsArb` draws scarcer worlds.
 */
export const plentyFacts = (
  command: BasketCommand,
  state: BasketState,
  catalog: CatalogIndex = demoCatalogIndex,
): BasketFacts =>
  demoFacts(
    new Map(
      resourcesToCheck(command, state, catalog).map((resource) => [resource, capacityOf(resource, catalog)]),
    ),
    catalog,
  );

/** Random but consistent facts for deciding `command` on `state` (see `availabilityFor`). */
export const factsArb = (
  command: BasketCommand,
  state: BasketState,
  catalog: CatalogIndex = demoCatalogIndex,
): fc.Arbitrary<BasketFacts> =>
  availabilitySeedArb.map((seed) => demoFacts(availabilityFor(command, state, seed, catalog), catalog));
