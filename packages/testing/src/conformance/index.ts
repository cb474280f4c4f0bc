export { atomicityCases } from './atomicity';
export { commandLeaseCases } from './command-leases';
export { commandQueueCases } from './commands';
export { eventStoreCases } from './event-store';
export type { CleanupStorage, MakeStorage, StorageRef } from './fixture';
export { useStorage } from './fixture';
export { holdCountCases } from './hold-counts';
export { holdsCases } from './holds';
export { idempotencyCases } from './idempotency';
export { outboxCases } from './outbox';
export { providerLedgerCases } from './provider-ledger';
export { relayLeaseCases } from './relay-lease';
export { snapshotCases } from './snapshots';
export { statsCases } from './stats';
export {
  describeAtomicityConformance,
  describeCommandLeaseConformance,
  describeCommandQueueConformance,
  describeEventStoreConformance,
  describeIdempotencyConformance,
  describeInventoryConformance,
  describeOutboxConformance,
  describeProviderLedgerConformance,
  describeRelayLeaseConformance,
  describeSnapshotStoreConformance,
  describeStatsConformance,
  describeStorageConformance,
  describeTransactionConformance,
} from './storage';
export { transactionCases } from './transactions';
