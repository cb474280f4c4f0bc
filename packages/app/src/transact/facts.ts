import {
  type BasketCommand,
  type BasketFacts,
  type BasketState,
  type CatalogIndex,
  capacityOf,
  type Hold,
  resourceOfKey,
  resourcesToCheck,
} from '@basket/core';
import type { HoldRow, InventoryStore } from '../ports/unit-of-work';

/** Reads of availability per decision, at most: automatic seat selection needs two (docs/architecture.md). */
const MAX_AVAILABILITY_READS = 64;

/**
 * The facts a basket decision needs (docs/architecture.md): the providers' catalog, and for each
 * resource the command touches, its capacity less what other baskets hold unexpired at `now`.
 * `resourcesToCheck` is asked again with what has been read until it names nothing new, so that
 * automatic seat selection reads the section tallies and then the seats of one section, not the
 * whole venue.
 */
export const gatherFacts = async (
  inventory: Pick<InventoryStore, 'heldByOthers'>,
  catalog: CatalogIndex,
  command: BasketCommand,
  state: BasketState,
  now: string,
): Promise<BasketFacts> => {
  const availability = new Map<string, number>();
  // Automatic seat selection chooses among free seats; every other command asks for what it names.
  const read = { choosing: command.type === 'SelectSeats' && command.rates !== undefined };
  for (let round = 0; round < MAX_AVAILABILITY_READS; round += 1) {
    const resources = [
      ...new Set(resourcesToCheck(command, state, catalog, availability).filter((r) => !availability.has(r))),
    ];
    if (resources.length === 0) break;
    const held = await inventory.heldByOthers(resources, command.basketId, now, read);
    for (const resource of resources) {
      availability.set(resource, Math.max(0, capacityOf(resource, catalog) - (held.get(resource) ?? 0)));
    }
  }
  return { catalog, availability };
};

/**
 * The capacity a hold row carries when the catalog no longer has its product (withdrawn while
 * baskets held it; the largest the stores keep). No basket can take such a product any more
 * (`product-not-found`), so what was held before is not bounded by it: the baskets that hold it keep
 * their lines and can still be changed and paid, instead of every commit that rewrites their holds
 * being refused for a capacity of 0.
 */
export const WITHDRAWN_CAPACITY = 2_147_483_647;

const withdrawn = (resource: string, catalog: CatalogIndex): boolean => {
  const named = resourceOfKey(resource);
  return named !== undefined && !catalog.products.has(named.productId);
};

/** The holds rows of a basket's state, each with its resource's capacity for the store's check. */
export const holdRows = (holds: ReadonlyArray<Hold>, catalog: CatalogIndex): ReadonlyArray<HoldRow> =>
  holds.map((hold) => ({
    resource: hold.resource,
    quantity: hold.quantity,
    capacity: withdrawn(hold.resource, catalog) ? WITHDRAWN_CAPACITY : capacityOf(hold.resource, catalog),
    ...(hold.expiresAt === undefined ? {} : { expiresAt: hold.expiresAt }),
  }));
