// The PaymentIntent aggregate (C-8). Event codecs are exported through the `PaymentIntentEvent`
// union only: some event names (`ProviderBasketConfirmed`) are also basket event names.

export type { PaymentIntentCommandOf, PaymentIntentCommandType } from './commands';
export {
  PaymentIntentCommand,
  RecordConfirmationReleased,
  RecordPayment,
  RecordPaymentSession,
  RecordProviderAnswer,
  RecordSessionVoided,
  RequestCancellation,
  StartPaymentIntent,
} from './commands';
export { decidePaymentIntent } from './decide';
export type { PaymentIntentFacts } from './decider';
export { paymentIntentDecider } from './decider';
export * from './event-schema';
export type { PaymentIntentEventOf, PaymentIntentEventType } from './events';
export { PaymentIntentEvent, paymentIntentEventTypes } from './events';
export { evolvePaymentIntent } from './evolve';
export { paymentIntentTransitionOf, paymentIntentTransitions } from './machine';
export type { PaymentIntentLifecycle } from './state';
export {
  CancellationReason,
  cancellationRunning,
  ExistingPaymentIntent,
  IntentMachine,
  initialPaymentIntentState,
  machineSettled,
  PaymentIntentState,
  paymentIntentExists,
  paymentIntentStreamId,
} from './state';
