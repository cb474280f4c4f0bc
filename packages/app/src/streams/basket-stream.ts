import { BasketEvent, BasketState, evolveBasket, initialBasketState } from '@basket/core';
import * as E from 'fp-ts/Either';
import { toJsonObject } from '../json';
import { basketStream, type EventStore, type Snapshot, type SnapshotStore } from '../ports/event-store';
import { fromRecorded, toNewEvent } from './event-codec';
import type { StateCache } from './state-cache';

/** A basket's state folded up to `version` (the number of events in its stream). */
export type LoadedBasket = { readonly state: BasketState; readonly version: number };

/** Bumped whenever the state's shape changes: older snapshots are then ignored and the stream replayed. */
export const BASKET_SNAPSHOT_SCHEMA = 'basket-state/1';

const decodeEvent = fromRecorded(BasketEvent);
export const encodeBasketEvent = toNewEvent(BasketEvent);

/** The snapshot's state when it is one of ours and decodes; anything else is ignored (replay). */
const fromSnapshot = (snapshot: Snapshot | undefined): LoadedBasket | undefined => {
  if (snapshot === undefined || snapshot.schema !== BASKET_SNAPSHOT_SCHEMA) return undefined;
  const decoded = BasketState.decode(snapshot.state);
  return E.isRight(decoded) ? { state: decoded.right, version: snapshot.version } : undefined;
};

/**
 * Loads a basket from the state this process last saw of it (the cache), else from its latest
 * usable snapshot, and the events committed after that.
 */
export const loadBasket = async (
  stores: { readonly events: EventStore; readonly snapshots: SnapshotStore },
  basketId: string,
  cache?: StateCache<BasketState>,
): Promise<LoadedBasket> => {
  const streamId = basketStream(basketId);
  const start = cache?.get(streamId) ??
    fromSnapshot(await stores.snapshots.load(streamId)) ?? { state: initialBasketState, version: 0 };
  const recorded = await stores.events.readStream(streamId, start.version);
  const loaded = {
    state: recorded.map(decodeEvent).reduce(evolveBasket, start.state),
    version: recorded.at(-1)?.version ?? start.version,
  };
  cache?.set(streamId, loaded);
  return loaded;
};

/** The snapshot to commit when a commit takes the stream past a multiple of `every`. */
export const snapshotFor = (
  every: number,
  from: number,
  to: number,
  state: BasketState,
): Snapshot | undefined =>
  every > 0 && Math.floor(to / every) > Math.floor(from / every)
    ? { version: to, schema: BASKET_SNAPSHOT_SCHEMA, state: toJsonObject(BasketState.encode(state)) }
    : undefined;
