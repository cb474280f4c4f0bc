import type * as t from 'io-ts';
import type { EventSchema } from '../schema/stored-event';
import { PaymentIntentEvent, type PaymentIntentEventType } from './events';

/** The current schema version of each payment intent event type (none has changed yet). */
export const paymentIntentEventVersions: Readonly<Record<PaymentIntentEventType, number>> = {
  PaymentIntentStarted: 1,
  ProviderBasketConfirmed: 1,
  ProviderBasketRefused: 1,
  PaymentSessionOpened: 1,
  PaymentIntentReady: 1,
  CancellationStarted: 1,
  ConfirmationReleased: 1,
  SessionVoided: 1,
  PaymentIntentCancelled: 1,
  PaymentDeclined: 1,
  PaymentCompleted: 1,
};

/** The payment intent stream's storage contract (docs/architecture.md, "Events as a storage contract"). */
export const paymentIntentEventSchema: EventSchema<
  PaymentIntentEvent,
  t.OutputOf<typeof PaymentIntentEvent>
> = {
  name: 'payment intent',
  codec: PaymentIntentEvent,
  versions: paymentIntentEventVersions,
  upcasters: [],
};
