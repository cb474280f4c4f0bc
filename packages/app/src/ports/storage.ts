import type { EventStore, SnapshotStore } from './event-store';
import type { CommandLeases, CommandQueue, IdempotencyStore } from './notifications';
import type { Outbox, RelayLease } from './outbox';
import type { ProviderLedger } from './provider-ledger';
import type { StorageStats } from './stats';
import type { InventoryStore, UnitOfWork } from './unit-of-work';

/** Every storage port, as one adapter (memory, PGlite, PostgreSQL) provides them. */
export type Storage = {
  readonly events: EventStore;
  readonly snapshots: SnapshotStore;
  readonly unitOfWork: UnitOfWork;
  readonly commands: CommandQueue;
  readonly idempotency: IdempotencyStore;
  readonly outbox: Outbox;
  readonly relayLease: RelayLease;
  /**
   * Claims on baskets' Pending commands, so that one process at a time carries them out. Optional
   * for adapters: without it a process takes up another's Pending command `recoveryAfterMs` after
   * its acceptance whether that process stopped or is still at it (a provider may then be called
   * twice, which the commit guards make harmless to the basket).
   */
  readonly commandLeases?: CommandLeases;
  readonly inventory: InventoryStore;
  /** What stateless providers (the simulated ones) have done, shared by every process (C-6.5). */
  readonly providerLedger: ProviderLedger;
  /**
   * The storage's clock in epoch milliseconds, one for every process on it (PostgreSQL's
   * `clock_timestamp()`): the server sets its own clock by it (`alignedClock`), so that hosts whose
   * clocks differ still judge hold expiry and recovery alike. Optional for adapters (a storage of one
   * process has nothing to share).
   */
  readonly sharedTime?: () => Promise<number>;
  /**
   * Resolves when this process may serve from the storage, rejects when it may not: the storage does
   * not answer, or (PostgreSQL) a newer version migrated it with a migration that stops this one
   * (`SchemaNewerThanProcessError`). The server's `/readyz` asks it, so a load balancer stops
   * sending requests to a process whose writes would all be refused. Optional for adapters (the
   * server then reads a stream).
   */
  readonly ready?: () => Promise<void>;
  /** Figures for metrics (`GET /metrics` of the server); optional for adapters. */
  readonly stats?: StorageStats;
  readonly close: () => Promise<void>;
};

/**
 * The storage did not carry out an operation and changed nothing, for a reason that passes: it
 * could not be reached, no connection came free in time, or a statement waited past its timeout (a
 * lock held elsewhere) and was cancelled. The same request may succeed a moment later: the HTTP
 * interface answers it 503 with `Retry-After`. An adapter throws it only when it knows nothing was
 * written; an operation whose outcome is unknown (an answer lost after a commit was sent) is
 * another error.
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { readonly cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/** Whether `error` is a `StorageUnavailableError`, also from another copy of this package. */
export const isStorageUnavailable = (error: unknown): error is StorageUnavailableError =>
  error instanceof Error && error.name === 'StorageUnavailableError';
