import type { JsonObject } from './json';

export type NotificationStatus = 'Pending' | 'Succeeded' | 'Failed';

/** The contract's problem body (C-3.1), as stored in a Failed notification. */
export type StoredProblem = {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: string;
};

/** C-5.2's notification, with the store it is scoped to. */
export type NotificationRecord = {
  readonly notificationId: string;
  readonly storeId: string;
  readonly basketId: string;
  readonly operation: string;
  readonly paymentIntentId?: string;
  readonly status: NotificationStatus;
  readonly created: string;
  readonly completed?: string;
  readonly problem?: StoredProblem;
};

/**
 * A command durably accepted with a Pending notification (C-5.1). `sequence` orders the accepted
 * commands of one basket (C-5.4); `command` is the encoded command the processor decodes.
 */
export type AcceptedCommand = {
  readonly notificationId: string;
  readonly storeId: string;
  readonly basketId: string;
  readonly operation: string;
  readonly paymentIntentId?: string;
  readonly command: JsonObject;
  readonly accepted: string;
  readonly sequence: number;
};

export type NotificationOutcome =
  | { readonly status: 'Succeeded'; readonly completed: string }
  | { readonly status: 'Failed'; readonly completed: string; readonly problem: StoredProblem };

/** An accepted command's completion, committed with its events (C-3.4, C-5.3: exactly once). */
export type NotificationCompletion = {
  readonly notificationId: string;
  readonly outcome: NotificationOutcome;
};

/**
 * What accepting a command came to: accepted, or refused because another request holds the
 * idempotency key (see `IdempotencyRecord`), in which case nothing was written.
 */
export type AcceptOutcome =
  | { readonly _tag: 'Accepted'; readonly command: AcceptedCommand }
  | IdempotencyKeyTaken;

/** A payment intent made and neither paid nor cancelled by a command (`CommandQueue.unpaidPaymentIntents`). */
export type UnpaidPaymentIntent = { readonly basketId: string; readonly paymentIntentId: string };

/** Accepted commands and their notifications. */
export type CommandQueue = {
  /**
   * Durably stores the command Pending and its idempotency record, when given, in one write: all
   * or nothing. When the key already has a live record (see `IdempotencyRecord`), the answer is
   * `IdempotencyKeyTaken` and neither the command nor the record is stored.
   */
  readonly accept: (
    command: Omit<AcceptedCommand, 'sequence'>,
    idempotency?: IdempotencyRecord,
  ) => Promise<AcceptOutcome>;
  /** The basket's oldest Pending command: the only one that may be processed next (C-5.4). */
  readonly oldestPending: (basketId: string) => Promise<AcceptedCommand | undefined>;
  /** Baskets that have Pending commands accepted at or before `acceptedBefore`, oldest first. */
  readonly basketsWithPending: (acceptedBefore: string, limit: number) => Promise<ReadonlyArray<string>>;
  readonly notification: (notificationId: string) => Promise<NotificationRecord | undefined>;
  /**
   * Optional: the payment intents whose createPaymentIntent command Succeeded (the intent was made),
   * or Failed with `internal-error` (its saga was given up, the intent left active), after
   * `createdAfter` and at or before `createdBefore`, oldest first, at most `limit`, for which no
   * deletePaymentIntent was accepted and no useSavedPaymentToken is Pending or Succeeded: the intents
   * a buyer left at the payment page, or never got to. The app cancels them after its
   * `paymentTimeoutMs`.
   */
  readonly unpaidPaymentIntents?: (
    createdAfter: string,
    createdBefore: string,
    limit: number,
  ) => Promise<ReadonlyArray<UnpaidPaymentIntent>>;
  /**
   * Optional: the notification and, read with it, its basket stream's current version (0 for none),
   * so that a reader that has the basket's state at that version needs no second read.
   */
  readonly notificationWithBasketVersion?: (
    notificationId: string,
  ) => Promise<{ readonly record: NotificationRecord; readonly basketVersion: number } | undefined>;
};

/**
 * Which process carries out a basket's Pending commands (C-5.1, C-6.5): a claim by one holder at a
 * time, timed by the storage's clock for storages shared by processes, renewed by acquiring again
 * while the work goes on and taken over by another holder only once it has run out. So a saga
 * waiting on a slow provider is not run a second time by another process's recovery, while one
 * left by a process that stopped is taken up once its claim runs out.
 */
export type CommandLeases = {
  /** True when `holder` holds the basket's claim now: taken free, renewed, or taken over after it ran out. */
  readonly acquire: (basketId: string, holder: string, ttlMs: number) => Promise<boolean>;
  /** Gives the claim up, when `holder` holds it. */
  readonly release: (basketId: string, holder: string) => Promise<void>;
};

/**
 * C-6.3: the first answer to a modifying request, replayed for the same key.
 *
 * Writing a record (`CommandQueue.accept`, `Commit.idempotency`) claims its (storeId, key). When
 * the key already has a record created within the 24 hours before the new record's `created` (at
 * most 24 hours earlier, or later), the key is taken: the write is refused as a value
 * (`IdempotencyKeyTaken`) and nothing of it happens, all or nothing. So of two concurrent first
 * requests with one key exactly one runs; the other answers as a replay would (the C-6.3 lookup
 * again). A record created more than 24 hours before the new one has expired (`find` no longer
 * answers it): the new record replaces it, the key is free again.
 */
export type IdempotencyRecord = {
  readonly storeId: string;
  readonly key: string;
  /** What identifies the request (method, path, body), computed by the transport. */
  readonly fingerprint: string;
  readonly response: JsonObject;
  readonly created: string;
};

export type IdempotencyStore = {
  /** The record for the key if it was created at or after `notBefore` (keys live 24 hours). */
  readonly find: (storeId: string, key: string, notBefore: string) => Promise<IdempotencyRecord | undefined>;
  /**
   * Deletes up to `limit` records created before `before` (expired: `find` no longer answers them),
   * oldest first; answers how many went. Called periodically, so the records are those of a day.
   */
  readonly prune: (before: string, limit: number) => Promise<number>;
};

/** The idempotency key of a write already has a live record: the write was refused whole (C-6.3). */
export type IdempotencyKeyTaken = {
  readonly _tag: 'IdempotencyKeyTaken';
  readonly storeId: string;
  readonly key: string;
};
