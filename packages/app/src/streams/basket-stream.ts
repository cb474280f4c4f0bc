import type { BasketState } from '@basket/core';
import type { EventStore, Snapshot, SnapshotStore } from '../ports/event-store';
import { BASKET_SNAPSHOT_SCHEMA, basketAggregate, type Loaded, loadAggregate } from './aggregate';
import type { StateCache } from './state-cache';

export { BASKET_SNAPSHOT_SCHEMA } from './aggregate';

/** A basket's state folded up to `version` (the number of events in its stream). */
export type LoadedBasket = Loaded<BasketState>;

export const encodeBasketEvent = basketAggregate.encodeEvent;

/**
 * Loads a basket outside a transaction (reads: answers of the committed state), from the state this
 * process last saw of it (the cache), else from its latest usable snapshot, and the later events.
 */
export const loadBasket = (
  stores: { readonly events: EventStore; readonly snapshots: SnapshotStore },
  basketId: string,
  cache?: StateCache<BasketState>,
): Promise<LoadedBasket> =>
  loadAggregate(
    { readStream: stores.events.readStream, loadSnapshot: stores.snapshots.load },
    basketAggregate,
    basketId,
    cache,
  );

/** The snapshot to commit when a commit takes the stream past a multiple of `every`. */
export const snapshotFor = (
  every: number,
  from: number,
  to: number,
  state: BasketState,
): Snapshot | undefined =>
  every > 0 && Math.floor(to / every) > Math.floor(from / every)
    ? { version: to, schema: BASKET_SNAPSHOT_SCHEMA, state: basketAggregate.snapshots?.encode(state) ?? {} }
    : undefined;
