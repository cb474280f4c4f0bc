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

/**
 * The facts a basket decision needs (docs/architecture.md): the providers' catalog, and for each
 * resource the command touches, its capacity less what other baskets hold unexpired at `now`.
 */
export const gatherFacts = async (
  inventory: Pick<InventoryStore, 'heldByOthers'>,
  catalog: CatalogIndex,
  command: BasketCommand,
  state: BasketState,
  now: string,
): Promise<BasketFacts> => {
  const resources = [...new Set(resourcesToCheck(command, state, catalog))];
  const held =
    resources.length === 0
      ? new Map<string, number>()
      : await inventory.heldByOthers(resources, command.basketId, now);
  const availability = new Map(
    resources.map((resource) => [
      resource,
      Math.max(0, (capacityOf(resource, catalog) ?? 0) - (held.get(resource) ?? 0)),
    ]),
  );
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
