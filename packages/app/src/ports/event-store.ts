import type { JsonObject } from './json';

export type StreamId = string;
export const basketStream = (basketId: string): StreamId => `basket-${basketId}`;
export const paymentIntentStream = (paymentIntentId: string): StreamId => `payment-intent-${paymentIntentId}`;

/**
 * `schemaVersion`: the version of the event type's stored shape that `data` is in (core's event
 * schemas, upcast on read). Absent means 1, the version of every event written before versions
 * existed, so a store keeps it only when it is above 1 and returns it only then.
 */
export type NewEvent = { readonly type: string; readonly data: JsonObject; readonly schemaVersion?: number };

export type RecordedEvent = {
  readonly streamId: StreamId;
  /** 1 for the stream's first event; gapless. */
  readonly version: number;
  readonly type: string;
  readonly data: JsonObject;
  /** The schema version of `data`; absent means 1 (see NewEvent). */
  readonly schemaVersion?: number;
  /** ISO 8601 UTC with milliseconds. */
  readonly recorded: string;
};

/** Reads streams; writing happens only through `UnitOfWork.commit`. */
export type EventStore = {
  /**
   * Events of the stream with a version above `afterVersion` (0: all), oldest first; at most `limit`
   * of them when given (a page of a long history, C-4.4).
   */
  readonly readStream: (
    streamId: StreamId,
    afterVersion?: number,
    limit?: number,
  ) => Promise<ReadonlyArray<RecordedEvent>>;
};

export type Snapshot = { readonly version: number; readonly schema: string; readonly state: JsonObject };

/** The latest folded state of a stream at some version, so loading does not replay it all. */
export type SnapshotStore = {
  readonly load: (streamId: StreamId) => Promise<Snapshot | undefined>;
  /** Keeps the snapshot if it is newer than the stored one. */
  readonly save: (streamId: StreamId, snapshot: Snapshot) => Promise<void>;
};
