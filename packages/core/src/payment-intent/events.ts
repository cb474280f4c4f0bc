import * as t from 'io-ts';
import { Instant } from '../primitives/instant';
import { MoneyC } from '../primitives/money';
import { FreeFormObject, ProviderIdentity, Uuid } from '../primitives/scalars';
import { PaymentComponent } from '../values/payment';
import { CancellationReason } from './state';

const event = <T extends string, P extends t.Props>(type: T, props: P) =>
  t.type({ type: t.literal(type), at: Instant, ...props }, type);

/** The intent exists, PreparingPayment, waiting for every provider basket and the payment provider (C-8.2). */
export const PaymentIntentStarted = t.intersection(
  [
    event('PaymentIntentStarted', {
      paymentIntentId: Uuid,
      basketId: t.string,
      storeId: t.string,
      notificationId: Uuid,
      totalPaid: MoneyC,
      components: t.readonlyArray(PaymentComponent),
      providerBasketIds: t.readonlyArray(ProviderIdentity),
    }),
    t.partial({ contactId: t.string, payload: FreeFormObject }),
  ],
  'PaymentIntentStarted',
);
/** A provider confirmed its basket: its holds stop expiring (C-8.2, C-7.8). */
export const ProviderBasketConfirmed = event('ProviderBasketConfirmed', {
  providerBasketId: ProviderIdentity,
});
/** A provider refused its basket; `PaymentIntentCancelled` follows in the same decision (C-8.2). */
export const ProviderBasketRefused = event('ProviderBasketRefused', { providerBasketId: ProviderIdentity });
export const PaymentSessionOpened = event('PaymentSessionOpened', {
  pspPaymentreference: ProviderIdentity,
  pspPayload: FreeFormObject,
});
/** Everybody answered the creation machine: AwaitingPayment, `ready: true` (C-8.2). */
export const PaymentIntentReady = event('PaymentIntentReady', {});
/**
 * deletePaymentIntent was accepted: the listed confirmations are to be released and, when
 * `pendingPaymentProvider`, the session voided (C-8.4).
 */
export const CancellationStarted = event('CancellationStarted', {
  notificationId: Uuid,
  pendingProviderBaskets: t.readonlyArray(ProviderIdentity),
  pendingPaymentProvider: t.boolean,
});
export const ConfirmationReleased = event('ConfirmationReleased', { providerBasketId: ProviderIdentity });
export const SessionVoided = event('SessionVoided', {});
export const PaymentIntentCancelled = event('PaymentIntentCancelled', { reason: CancellationReason });
/** The payment provider declined the token; the intent stays AwaitingPayment (C-4.3). */
export const PaymentDeclined = event('PaymentDeclined', { tokenId: t.string });
export const PaymentCompleted = event('PaymentCompleted', { tokenId: t.string });

export const PaymentIntentEvent = t.union(
  [
    PaymentIntentStarted,
    ProviderBasketConfirmed,
    ProviderBasketRefused,
    PaymentSessionOpened,
    PaymentIntentReady,
    CancellationStarted,
    ConfirmationReleased,
    SessionVoided,
    PaymentIntentCancelled,
    PaymentDeclined,
    PaymentCompleted,
  ],
  'PaymentIntentEvent',
);
export type PaymentIntentEvent = t.TypeOf<typeof PaymentIntentEvent>;
export type PaymentIntentEventType = PaymentIntentEvent['type'];
export type PaymentIntentEventOf<T extends PaymentIntentEventType> = Extract<PaymentIntentEvent, { type: T }>;

export const paymentIntentEventTypes: ReadonlyArray<PaymentIntentEventType> = [
  'PaymentIntentStarted',
  'ProviderBasketConfirmed',
  'ProviderBasketRefused',
  'PaymentSessionOpened',
  'PaymentIntentReady',
  'CancellationStarted',
  'ConfirmationReleased',
  'SessionVoided',
  'PaymentIntentCancelled',
  'PaymentDeclined',
  'PaymentCompleted',
] satisfies ReadonlyArray<PaymentIntentEventType>;
