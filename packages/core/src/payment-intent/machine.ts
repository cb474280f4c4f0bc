import type { PaymentIntentEventType } from './events';
import type { PaymentIntentLifecycle } from './state';

const stay = <S extends PaymentIntentLifecycle>(status: S, events: ReadonlyArray<PaymentIntentEventType>) =>
  Object.fromEntries(events.map((e) => [e, status])) as Partial<Record<PaymentIntentEventType, S>>;

/** Answers of a running cancellation, taken by either active status (C-8.4). */
const cancellationEvents = [
  'CancellationStarted',
  'ConfirmationReleased',
  'SessionVoided',
] as const satisfies ReadonlyArray<PaymentIntentEventType>;

/**
 * The intent's lifecycle as a table: status × event → status (C-8.2 to C-8.6). Anything missing is
 * not a transition: `decide` answers `payment-intent-state`, `evolve` throws (a stored event the
 * table refuses is a bug). Cancelled and PaymentComplete are final.
 */
export const paymentIntentTransitions: Readonly<
  Record<PaymentIntentLifecycle, Partial<Record<PaymentIntentEventType, PaymentIntentLifecycle>>>
> = {
  none: { PaymentIntentStarted: 'PreparingPayment' },
  PreparingPayment: {
    ...stay('PreparingPayment', [
      'ProviderBasketConfirmed',
      'ProviderBasketRefused',
      'PaymentSessionOpened',
      ...cancellationEvents,
    ]),
    PaymentIntentReady: 'AwaitingPayment',
    PaymentIntentCancelled: 'Cancelled',
  },
  AwaitingPayment: {
    ...stay('AwaitingPayment', [...cancellationEvents, 'PaymentDeclined']),
    PaymentIntentCancelled: 'Cancelled',
    PaymentCompleted: 'PaymentComplete',
  },
  Cancelled: {},
  PaymentComplete: {},
};

export const paymentIntentTransitionOf = (
  status: PaymentIntentLifecycle,
  event: PaymentIntentEventType,
): PaymentIntentLifecycle | undefined => paymentIntentTransitions[status][event];
