import {
  type BasketCommand,
  type BasketFacts,
  type BasketState,
  type CatalogIndex,
  capacityOf,
  type Hold,
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
  for (let read = 0; read < MAX_AVAILABILITY_READS; read += 1) {
    const resources = [
      ...new Set(resourcesToCheck(command, state, catalog, availability).filter((r) => !availability.has(r))),
    ];
    if (resources.length === 0) break;
    const held = await inventory.heldByOthers(resources, command.basketId, now);
    for (const resource of resources) {
      availability.set(
        resource,
        Math.max(0, (capacityOf(resource, catalog) ?? 0) - (held.get(resource) ?? 0)),
      );
    }
  }
  return { catalog, availability };
};

/** The holds rows of a basket's state, each with its resource's capacity for the store's check. */
export const holdRows = (holds: ReadonlyArray<Hold>, catalog: CatalogIndex): ReadonlyArray<HoldRow> =>
  holds.map((hold) => ({
    resource: hold.resource,
    quantity: hold.quantity,
    capacity: capacityOf(hold.resource, catalog) ?? 0,
    ...(hold.expiresAt === undefined ? {} : { expiresAt: hold.expiresAt }),
  }));
