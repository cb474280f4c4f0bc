import { describe } from 'vitest';
import { atomicityCases } from './atomicity';
import { commandLeaseCases } from './command-leases';
import { commandQueueCases } from './commands';
import { eventStoreCases } from './event-store';
import { type CleanupStorage, type MakeStorage, type StorageRef, useStorage } from './fixture';
import { holdCountCases } from './hold-counts';
import { holdsCases } from './holds';
import { idempotencyCases } from './idempotency';
import { outboxCases } from './outbox';
import { providerLedgerCases } from './provider-ledger';
import { relayLeaseCases } from './relay-lease';
import { snapshotCases } from './snapshots';
import { statsCases } from './stats';
import { transactionCases } from './transactions';

const suite =
  (title: string, cases: (storage: StorageRef) => void) =>
  (name: string, makeStorage: MakeStorage, cleanup?: CleanupStorage): void => {
    describe(`${name}: ${title}`, () => cases(useStorage(makeStorage, cleanup)));
  };

/**
 * The conformance suite of every storage port (`Storage` of `@basket/app`): run it against each
 * adapter. `makeStorage` is called once; the storage is closed, then `cleanup` runs, after the
 * suite. Tests make their own stream ids, holders, resources and keys, so the storage may be a
 * database shared with other suites and earlier runs; only the outbox's unpublished list and the
 * relay lease are one per store, so no outbox relay may run on it meanwhile.
 */
export const describeStorageConformance = (
  name: string,
  makeStorage: MakeStorage,
  cleanup?: CleanupStorage,
): void => {
  describe(`${name}: storage conformance`, () => {
    const storage = useStorage(makeStorage, cleanup);
    eventStoreCases(storage);
    snapshotCases(storage);
    holdsCases(storage);
    holdCountCases(storage);
    commandQueueCases(storage);
    outboxCases(storage);
    relayLeaseCases(storage);
    idempotencyCases(storage);
    atomicityCases(storage);
    providerLedgerCases(storage);
    transactionCases(storage);
  });
};

/** One port's cases alone, each with its own storage. */
export const describeEventStoreConformance = suite('event store conformance', eventStoreCases);
export const describeSnapshotStoreConformance = suite('snapshot store conformance', snapshotCases);
export const describeInventoryConformance = suite('inventory holds conformance', (storage) => {
  holdsCases(storage);
  holdCountCases(storage);
});
export const describeCommandQueueConformance = suite('command queue conformance', commandQueueCases);
export const describeOutboxConformance = suite('outbox conformance', outboxCases);
export const describeRelayLeaseConformance = suite('relay lease conformance', relayLeaseCases);
export const describeIdempotencyConformance = suite('idempotency store conformance', idempotencyCases);
export const describeProviderLedgerConformance = suite('provider ledger conformance', providerLedgerCases);
export const describeTransactionConformance = suite(
  'unit of work transactions conformance',
  transactionCases,
);
export const describeAtomicityConformance = suite('unit of work atomicity conformance', atomicityCases);
export const describeStatsConformance = suite('storage stats conformance', statsCases);
/** `Storage.commandLeases`, optional for adapters: its own suite, as for `stats`. */
export const describeCommandLeaseConformance = suite('command leases conformance', commandLeaseCases);
