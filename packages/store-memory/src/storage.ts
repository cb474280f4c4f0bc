import type { Storage } from '@basket/app';
import { memoryCommandQueue, memoryIdempotencyStore } from './command-queue';
import { memoryEventStore, memorySnapshotStore } from './event-store';
import { memoryInventoryStore } from './inventory';
import { memoryCommandLeases, memoryRelayLease } from './leases';
import { memoryOutbox } from './outbox';
import { memoryProviderLedger } from './provider-ledger';
import { emptyState } from './state';
import { memoryStats } from './stats';
import { memoryUnitOfWork } from './unit-of-work';

/**
 * Every storage port in process memory, with the semantics of the port docs: for tests, demos and
 * `BASKET_DATABASE_URL=memory:`. Nothing survives the process.
 */
export const createMemoryStorage = (): Storage => {
  const state = emptyState();
  return {
    events: memoryEventStore(state),
    snapshots: memorySnapshotStore(state),
    unitOfWork: memoryUnitOfWork(state),
    commands: memoryCommandQueue(state),
    idempotency: memoryIdempotencyStore(state),
    outbox: memoryOutbox(state),
    relayLease: memoryRelayLease(state),
    commandLeases: memoryCommandLeases(state),
    inventory: memoryInventoryStore(state),
    providerLedger: memoryProviderLedger(state),
    stats: memoryStats(state),
    close: async () => {},
  };
};
