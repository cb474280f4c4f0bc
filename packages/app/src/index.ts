// @basket/app's public names, listed one by one: docs/embedding.md lists them, and
// scripts/check-public-names.mjs fails when this list and the documented one differ.

export { type AlignedClock, alignedClock } from './aligned-clock';
// The app and its transport-agnostic API.
export type { BasketApi, MethodName, OperationArguments } from './api/basket-api';
export type { EventPage } from './api/event-listing';
export { MAX_EVENT_PAGE } from './api/event-listing';
export type { OperationInput } from './api/operation-input';
export { callOperation } from './api/operation-input';
export type { Answer, Caller, Preconditions, Problem } from './api/types';
export type { BasketApp, BasketAppDeps, SweepReport } from './app';
export { createBasketApp } from './app';
export { type AppConfig, type ResolvedAppConfig, resolveAppConfig } from './config';
export { withSeatsInFlight } from './inventory/seats-in-flight';
export type { NotificationListener } from './notifications/hub';
export { notificationView } from './notifications/view';
// The ports: what a storage, provider or payment adapter implements.
export {
  type AcceptedCommand,
  type AcceptOutcome,
  basketStream,
  type ChargeOutcome,
  type ChargeRecord,
  type Clock,
  type CommandLeases,
  type CommandQueue,
  type Commit,
  type CommitAcceptance,
  type CommitConflict,
  type CommitResult,
  type ConfirmationRecord,
  type Decided,
  type EventStore,
  type HoldRow,
  type HoldsChange,
  type IdempotencyKeyTaken,
  type IdempotencyRecord,
  type IdempotencyStore,
  type Ids,
  type InventoryStore,
  isStorageUnavailable,
  type Json,
  type JsonObject,
  type LedgerAmount,
  type NewEvent,
  type NotificationCompletion,
  type NotificationOutcome,
  type NotificationRecord,
  type NotificationStatus,
  type Outbox,
  type OutboxMessage,
  type PaymentProvider,
  type PaymentSessionRecord,
  type ProviderBasketRequest,
  type ProviderLedger,
  type Providers,
  type RecordedEvent,
  type RelayLease,
  type Snapshot,
  type SnapshotStore,
  type Storage,
  type StorageStats,
  StorageUnavailableError,
  type StoredProblem,
  type StreamAppend,
  type StreamId,
  type TakePaymentOutcome,
  type TransactionPrefetch,
  type TransactionReads,
  type TransactionResult,
  type UnitOfWork,
  type UnpaidPaymentIntent,
  type VoidOutcome,
} from './ports';
export type { ProblemStatus } from './problems/problem';
export type { Processor } from './processing/processor';
export { encodeBasketEvent } from './streams/basket-stream';
export { randomIds, systemClock } from './system';
