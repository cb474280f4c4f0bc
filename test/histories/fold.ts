import {
  Basket,
  type BasketEvent,
  basketEventSchema,
  basketView,
  evolveBasket,
  exists,
  Instant,
  initialBasketState,
  readStoredEvent,
} from '@basket/core';

export type StoredEvent = {
  readonly version: number;
  readonly type: string;
  /** The schema version of `data`, as the storage returns it: absent means 1. */
  readonly schemaVersion?: number;
  readonly data: Record<string, unknown>;
  readonly recorded: string;
};

/** The wire view (C-1) of the basket after `version` events, at the history's instant. */
export type RecordedView = { readonly version: number; readonly view: unknown };

export type RecordedHistory = {
  readonly name: string;
  readonly basketId: string;
  /** The instant the views are taken at (expiry, C-7.8, depends on it). */
  readonly at: string;
  readonly events: ReadonlyArray<StoredEvent>;
  readonly views: ReadonlyArray<RecordedView>;
};

/** Decodes a stored event the way the app reads it back: through the upcasters of its schema version. */
const decode = (stored: StoredEvent): BasketEvent => {
  const read = readStoredEvent(basketEventSchema, {
    type: stored.type,
    schemaVersion: stored.schemaVersion ?? 1,
    data: stored.data,
  });
  if (read._tag === 'Left') {
    throw new Error(`event ${stored.version} (${stored.type}) does not decode: ${read.left.detail}`);
  }
  return read.right;
};

/** Folds the history event by event and encodes the basket view after each one. */
export const foldViews = (history: RecordedHistory): ReadonlyArray<RecordedView> => {
  const at = Instant.decode(history.at);
  if (at._tag === 'Left') throw new Error(`the history's instant ${history.at} is not an Instant`);
  let state = initialBasketState;
  return history.events.flatMap((stored) => {
    state = evolveBasket(state, decode(stored));
    return exists(state)
      ? [
          {
            version: stored.version,
            view: JSON.parse(JSON.stringify(Basket.encode(basketView(state, at.right)))),
          },
        ]
      : [];
  });
};
