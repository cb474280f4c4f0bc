// @basket/testing's public names, listed one by one: docs/property-testing.md and docs/adapters.md
// show how to use them, docs/embedding.md lists them, and scripts/check-public-names.mjs fails when
// this list and the documented one differ.

// A second copy of io-ts, for code that walks codecs made by another copy.
export { anotherIoTs } from './another-io-ts';
// Basket states as the basket's events leave them, and their parts.
export { type BasketStateOptions, basketAndNowArb, basketStateArb } from './arbitraries/basket-state';
// The demo catalog the generated commands aim at.
export { demoCatalog, demoCatalogIndex } from './arbitraries/catalog-fixture';
// Commands and events: any value their codecs accept.
export {
  arbitraryBasketCommand,
  arbitraryPaymentIntentCommand,
  basketCommandArbitraries,
  basketCommandTypes,
  instantLater,
  paymentIntentCommandArbitraries,
  paymentIntentCommandTypes,
} from './arbitraries/commands';
export {
  arbitraryBasketEvent,
  arbitraryPaymentIntentEvent,
  basketEventArbitraries,
  paymentIntentEventArbitraries,
} from './arbitraries/events';
// Facts and histories: valid runs of the basket decider.
export { demoFacts, ownHolds, plentyFacts } from './arbitraries/facts';
export {
  aimedCommandArb,
  type BasketHistory,
  type BasketHistoryOptions,
  basketHistoryArb,
  type HistoryEnding,
  type HistoryStep,
} from './arbitraries/histories';
// Parts of basket states, for rules about one of them.
export { lineArb, providerBasketArb } from './arbitraries/state-lines';
export { providerTermsArb } from './arbitraries/state-terms';
export { instantAfterArb, instantArb, providerIdentityArb, uuidArb } from './arbitraries/state-values';
// Values of the wire types, valid for their codecs.
export {
  arbitraryCustomerDetailField,
  arbitraryCustomerDetailFieldValue,
  arbitraryDeliveryMethod,
  arbitraryDeliveryMethodSelection,
} from './arbitraries/wire-delivery-details';
export {
  arbitraryLineItem,
  arbitraryLineItemFeature,
  arbitraryProviderDiscount,
  arbitraryVoucher,
} from './arbitraries/wire-line-items';
export {
  arbitraryAddress,
  arbitraryCurrency,
  arbitraryFreeFormObject,
  arbitraryInstant,
  arbitraryInt32,
  arbitraryMoney,
  arbitraryProviderIdentity,
  arbitraryUuid,
} from './arbitraries/wire-primitives';
export {
  arbitraryAddProductToBasketRequest,
  arbitraryCreatePaymentIntentRequest,
  arbitrarySelectSeatsRequest,
  arbitrarySelectTimeSlotRequest,
  arbitrarySetCustomerDetailsRequest,
  arbitrarySetDeliveryMethodRequest,
  arbitraryUpdateLineItemQuantityRequest,
  arbitraryUpdateLineItemRequest,
  arbitraryUseSavedTokenRequest,
  arbitraryVoucherRequest,
} from './arbitraries/wire-requests';
export {
  arbitraryBasket,
  arbitraryEventListing,
  arbitraryNotification,
  arbitraryNotificationResponse,
  arbitraryPaymentIntent,
  arbitraryProblem,
  arbitraryProviderBasket,
} from './arbitraries/wire-resources';
// Conformance suites of the storage ports, and their raw case lists.
export {
  atomicityCases,
  type CleanupStorage,
  commandLeaseCases,
  commandQueueCases,
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
  eventStoreCases,
  holdCountCases,
  holdsCases,
  idempotencyCases,
  type MakeStorage,
  outboxCases,
  providerLedgerCases,
  relayLeaseCases,
  type StorageRef,
  snapshotCases,
  statsCases,
  transactionCases,
  useStorage,
} from './conformance';
// Decider specs.
export { type Given, given, type SpecDecider } from './given-when-then';
// The model-based test of the whole app, and deterministic time and ids.
export {
  type BasketModel,
  basketModelCommands,
  checkSettled,
  countingIds,
  demoTargets,
  drive,
  type ManualClock,
  type ModelBasket,
  type ModelCommand,
  type ModelSystem,
  type ModelTargets,
  manualClock,
  type StockedTarget,
  scheduledStorage,
} from './model';
