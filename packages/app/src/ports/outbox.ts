import type { NotificationRecord } from './notifications';

/** A completed notification waiting to be published (C-5.5). */
export type OutboxMessage = {
  /** Global order of commits; readers never skip a row that commits late. */
  readonly position: number;
  readonly notification: NotificationRecord;
};

export type Outbox = {
  /** Unpublished messages in position order, oldest first. */
  readonly unpublished: (limit: number) => Promise<ReadonlyArray<OutboxMessage>>;
  /** Marks messages published (after the broker acknowledged them). */
  readonly markPublished: (positions: ReadonlyArray<number>) => Promise<void>;
  /** Messages after `position`, in order, published or not: for in-process subscribers. */
  readonly after: (position: number, limit: number) => Promise<ReadonlyArray<OutboxMessage>>;
};
