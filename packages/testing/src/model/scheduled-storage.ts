import type { Storage } from '@basket/app';
import type { Scheduler } from 'fast-check';

/**
 * Wraps a storage so that fast-check's scheduler decides when each call runs: concurrent work
 * (several baskets' processing, an API call racing the processor) then interleaves in orders the
 * scheduler picks, reproducibly and shrinkably. Each call still runs whole (the adapter's own
 * atomicity is what is under test); only its start is delayed.
 */
export const scheduledStorage = (storage: Storage, scheduler: Scheduler): Storage => {
  const later =
    <Args extends ReadonlyArray<unknown>, R>(label: string, call: (...args: Args) => Promise<R>) =>
    async (...args: Args): Promise<R> => {
      await scheduler.schedule(Promise.resolve(), label);
      return call(...args);
    };
  const { events, snapshots, unitOfWork, commands, idempotency, outbox, relayLease, inventory } = storage;
  return {
    events: { readStream: later('readStream', events.readStream) },
    snapshots: {
      load: later('snapshots.load', snapshots.load),
      save: later('snapshots.save', snapshots.save),
    },
    unitOfWork: {
      commit: later('commit', unitOfWork.commit),
      // The transaction starts when the scheduler says; inside, it runs whole under its lock.
      transaction: async (lock, body, prefetch, since) => {
        await scheduler.schedule(Promise.resolve(), 'transaction');
        return unitOfWork.transaction(lock, body, prefetch, since);
      },
    },
    commands: {
      accept: later('accept', commands.accept),
      oldestPending: later('oldestPending', commands.oldestPending),
      basketsWithPending: later('basketsWithPending', commands.basketsWithPending),
      notification: later('notification', commands.notification),
    },
    idempotency: {
      find: later('idempotency.find', idempotency.find),
      prune: later('idempotency.prune', idempotency.prune),
    },
    outbox: {
      unpublished: later('outbox.unpublished', outbox.unpublished),
      markPublished: later('outbox.markPublished', outbox.markPublished),
      after: later('outbox.after', outbox.after),
      backlog: later('outbox.backlog', outbox.backlog),
    },
    inventory: {
      heldByOthers: later('heldByOthers', inventory.heldByOthers),
      expiredHolders: later('expiredHolders', inventory.expiredHolders),
    },
    relayLease: {
      acquire: later('relayLease.acquire', relayLease.acquire),
      release: later('relayLease.release', relayLease.release),
    },
    // The simulated providers use the ledger directly, not through the app's storage.
    providerLedger: storage.providerLedger,
    close: storage.close,
  };
};
