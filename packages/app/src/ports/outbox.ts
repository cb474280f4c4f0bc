import type { NotificationRecord } from './notifications';

/** A completed notification waiting to be published (C-5.5). */
export type OutboxMessage = {
  /**
   * Increases in commit order among one basket's messages (C-5.5). Across baskets a message may
   * commit after one with a higher position: `after` never skips it, `unpublished` lists it once
   * it commits.
   */
  readonly position: number;
  readonly notification: NotificationRecord;
};

export type Outbox = {
  /**
   * Committed unpublished messages in position order, oldest first: each basket's in the order they
   * committed. Never waits for transactions outside the service: the relay's reader.
   */
  readonly unpublished: (limit: number) => Promise<ReadonlyArray<OutboxMessage>>;
  /** Marks messages published (after the broker acknowledged them). */
  readonly markPublished: (positions: ReadonlyArray<number>) => Promise<void>;
  /** Messages after `position`, in order, published or not: for in-process subscribers. */
  readonly after: (position: number, limit: number) => Promise<ReadonlyArray<OutboxMessage>>;
  /** How many messages are unpublished: the relay's backlog. */
  readonly backlog: () => Promise<number>;
  /**
   * Optional: deletes up to `limit` messages marked published before `before` (by the storage's
   * clock), oldest first, and answers how many went. Unpublished messages are never deleted. The
   * app calls it periodically with its `outboxRetentionMs`: published rows have no reader left but
   * `after`, whose readers must keep within that retention.
   */
  readonly prunePublished?: (before: string, limit: number) => Promise<number>;
  /**
   * Optional: among the `limit` oldest unpublished messages, deletes those whose notification
   * completed before `before`, and answers how many went. Only for a store whose outbox nothing
   * publishes (the server without a broker): the app calls it with its `outboxUnpublishedRetentionMs`
   * when that is set, never otherwise.
   */
  readonly pruneUnpublished?: (before: string, limit: number) => Promise<number>;
};

/**
 * A lease that elects one active outbox relay among several processes sharing a store, so a
 * basket's notifications are published in order (C-5.5). Holding it for `ttlMs` is renewed by
 * acquiring again before it runs out.
 */
export type RelayLease = {
  /** True when `holder` holds the lease now (acquired, renewed, or taken over after it expired). */
  readonly acquire: (holder: string, ttlMs: number) => Promise<boolean>;
  readonly release: (holder: string) => Promise<void>;
};
