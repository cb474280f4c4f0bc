import type { NewEvent, Snapshot, StreamId } from './event-store';
import type { IdempotencyKeyTaken, IdempotencyRecord, NotificationCompletion } from './notifications';

/** Units of one inventory resource that a holder (a basket) holds, with the resource's capacity. */
export type HoldRow = {
  readonly resource: string;
  readonly quantity: number;
  readonly capacity: number;
  /** Absent: the hold does not run out (confirmed for payment, or sold). */
  readonly expiresAt?: string;
};

/** Replace all holds of `holder` with `holds`, checking capacity of every resource that grows. */
export type HoldsChange = { readonly holder: string; readonly holds: ReadonlyArray<HoldRow> };

/**
 * Everything one decision writes, stored all or nothing (C-3.4): events appended at
 * `expectedVersion + 1…`, the holds that follow from them, the accepted command's completion (which
 * also writes its outbox row, C-5.5), the idempotency record of a synchronous answer, a snapshot.
 * Any conflict below refuses the whole commit: nothing of it is written.
 */
export type Commit = {
  readonly streamId: StreamId;
  readonly expectedVersion: number;
  readonly events: ReadonlyArray<NewEvent>;
  readonly holds?: HoldsChange;
  readonly completion?: NotificationCompletion;
  readonly idempotency?: IdempotencyRecord;
  readonly snapshot?: Snapshot;
  /** Time of the commit: recorded on events, and "now" for hold expiry in the capacity check. */
  readonly at: string;
};

export type CommitConflict =
  /** Another writer appended first: re-read and decide again. */
  | {
      readonly _tag: 'VersionConflict';
      readonly streamId: StreamId;
      readonly expected: number;
      readonly actual: number;
    }
  /** The holds need more of a resource than others leave free: gather facts and decide again. */
  | { readonly _tag: 'InsufficientInventory'; readonly resource: string }
  /** The completed notification was no longer Pending: another processor completed it. */
  | { readonly _tag: 'AlreadyCompleted'; readonly notificationId: string }
  /**
   * `idempotency`'s key already has a live record (see `IdempotencyRecord`): another request took
   * it first. Not a conflict to retry: answer as a replay would (C-6.3).
   */
  | IdempotencyKeyTaken;

export type CommitResult = { readonly _tag: 'Committed'; readonly version: number } | CommitConflict;

export type UnitOfWork = {
  readonly commit: (commit: Commit) => Promise<CommitResult>;
};

/** Reads of the shared inventory holds (writes go through `Commit.holds`). */
export type InventoryStore = {
  /** Units of each resource held by holders other than `holder` whose holds are unexpired at `now`. */
  readonly heldByOthers: (
    resources: ReadonlyArray<string>,
    holder: string,
    now: string,
  ) => Promise<ReadonlyMap<string, number>>;
  /** Holders (baskets) with at least one hold whose `expiresAt` is at or before `now`, at most `limit` (C-7.8 sweeper). */
  readonly expiredHolders: (now: string, limit: number) => Promise<ReadonlyArray<string>>;
};
