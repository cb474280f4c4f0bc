import type { NewEvent, RecordedEvent, Snapshot, StreamId } from './event-store';
import type {
  AcceptedCommand,
  IdempotencyKeyTaken,
  IdempotencyRecord,
  NotificationCompletion,
  NotificationOutcome,
} from './notifications';

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

/** Events appended to one more stream in the same commit (a payment intent beside its basket). */
export type StreamAppend = {
  readonly streamId: StreamId;
  readonly expectedVersion: number;
  readonly events: ReadonlyArray<NewEvent>;
};

/**
 * A command accepted by the commit that decides it (C-5.1, C-6.4): its row is written with the next
 * sequence of its basket, already completed with `outcome` (its outbox row too, C-5.5), or Pending
 * when its outcome waits for a provider and the processor carries it on.
 */
export type CommitAcceptance = {
  readonly command: Omit<AcceptedCommand, 'sequence'>;
  readonly outcome?: NotificationOutcome;
};

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
  /** Appends to further streams, each version-checked like `streamId` (stream locks in id order). */
  readonly also?: ReadonlyArray<StreamAppend>;
  /**
   * Commands accepted in this commit, in the order they were accepted (C-6.4; several when the
   * requests queued on one basket are decided in one transaction, group commit). Each notification
   * id must be new.
   */
  readonly accepts?: ReadonlyArray<CommitAcceptance>;
  /**
   * Time of the commit: "now" for hold expiry in the capacity check, and recorded on events unless
   * the stream's last event was recorded later (a stream's events are recorded in order of version).
   */
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

/**
 * What a transaction reads, inside it: the answers of the stores as of the transaction, under its
 * lock. Nothing else may be read from inside (a PGlite transaction holds the only connection; a pg
 * transaction must not wait for a second one).
 */
export type TransactionReads = {
  readonly readStream: (streamId: StreamId, afterVersion?: number) => Promise<ReadonlyArray<RecordedEvent>>;
  readonly loadSnapshot: (streamId: StreamId) => Promise<Snapshot | undefined>;
  readonly findIdempotency: (
    storeId: string,
    key: string,
    notBefore: string,
  ) => Promise<IdempotencyRecord | undefined>;
  readonly heldByOthers: InventoryStore['heldByOthers'];
  /** The basket's oldest Pending command: a command accepted before, whose outcome is still to come. */
  readonly oldestPending: (basketId: string) => Promise<AcceptedCommand | undefined>;
};

/** What the body of a transaction decided: the commit to write (none: nothing), and its own value. */
export type Decided<T> = { readonly commit?: Commit; readonly value: T };

export type TransactionResult<T> =
  /** Committed (or nothing to write: `version` absent), with the body's value. */
  | { readonly _tag: 'Done'; readonly value: T; readonly version?: number }
  /** The commit was refused whole: nothing of the transaction was written. */
  | { readonly _tag: 'Refused'; readonly value: T; readonly conflict: CommitConflict };

export type UnitOfWork = {
  readonly commit: (commit: Commit) => Promise<CommitResult>;
  /**
   * One transaction serialised with every other transaction on `lock` (a basket's stream): the body
   * reads through `reads` and answers what to commit; the commit is written in the same transaction
   * (C-6.4: a decision is made and written on the state no other writer of `lock` can change
   * meanwhile). The body must not read the stores outside `reads`, nor call providers. `since` is
   * when the request behind it arrived (ms since the epoch): an adapter that bounds the wait for
   * `lock` by a timeout counts it from then, waits in the app before the transaction included.
   */
  readonly transaction: <T>(
    lock: StreamId,
    body: (reads: TransactionReads) => Promise<Decided<T>>,
    prefetch?: TransactionPrefetch,
    since?: number,
  ) => Promise<TransactionResult<T>>;
};

/**
 * What the body of a transaction will read first, told beforehand so that an adapter can read it
 * with the transaction's opening (PostgreSQL: in the round trip of BEGIN and the lock). A hint
 * only: the body still reads through `reads`, and an adapter may ignore it.
 */
export type TransactionPrefetch = {
  /**
   * A stream's events after a version (the version of a state the caller already has), or, with no
   * version, its latest snapshot and the events after it.
   */
  readonly stream?: { readonly streamId: StreamId; readonly afterVersion?: number };
  /** A basket whose oldest Pending command the body reads. */
  readonly pendingOf?: string;
  /**
   * What other holders hold of these resources at `now` (`heldByOthers`), when the body is likely to
   * ask for them (the basket's last decision in this process did): the body's read of a subset of
   * them, for the same holder and time, is answered from it.
   */
  readonly heldByOthers?: {
    readonly resources: ReadonlyArray<string>;
    readonly holder: string;
    readonly now: string;
  };
};

/** Reads of the shared inventory holds (writes go through `Commit.holds`). */
export type InventoryStore = {
  /**
   * Units of each resource held by holders other than `holder` whose holds are unexpired at `now`.
   * `read.choosing`: the read is for choosing among free resources (automatic seat selection,
   * C-7.5), where a wrapper may also count what this process's commits are taking at that moment
   * (`withSeatsInFlight`), a preference no refusal rests on; stores answer what is stored either way.
   */
  readonly heldByOthers: (
    resources: ReadonlyArray<string>,
    holder: string,
    now: string,
    read?: { readonly choosing?: boolean },
  ) => Promise<ReadonlyMap<string, number>>;
  /** Holders (baskets) with at least one hold whose `expiresAt` is at or before `now`, at most `limit` (C-7.8 sweeper). */
  readonly expiredHolders: (now: string, limit: number) => Promise<ReadonlyArray<string>>;
};
