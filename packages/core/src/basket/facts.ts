import type { CatalogIndex } from '../catalog';
import type { Availability } from '../inventory/resources';

/**
 * What the providers answered before a basket decision: their published catalog (products, terms,
 * vouchers) and how much of each inventory resource the command touches is free for this basket.
 * The app gathers them (see `resourcesToCheck`), so that `decide` stays pure.
 */
export type BasketFacts = {
  readonly catalog: CatalogIndex;
  readonly availability: Availability;
};
