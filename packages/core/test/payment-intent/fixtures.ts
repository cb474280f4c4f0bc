import type { Instant, Money, ProviderIdentity, Uuid } from '../../src';
import type {
  PaymentIntentCommandOf,
  PaymentIntentEvent,
  PaymentIntentEventOf,
} from '../../src/payment-intent';

export const intentId = '0191f3c2-8e4b-7a10-9c3d-5e6f7a8b9c0d' as Uuid;
export const createNotification = '0191f3c2-8e4b-7a10-9c3d-000000000001' as Uuid;
export const cancelNotification = '0191f3c2-8e4b-7a10-9c3d-000000000002' as Uuid;
export const otherCancelNotification = '0191f3c2-8e4b-7a10-9c3d-000000000003' as Uuid;
export const basketId = '0191f3c2-8e4b-7a10-9c3d-0000000000ba';

export const tix = 'tix:arena|aaaaaaaaaaaaaaaaaaaaaaaa' as ProviderIdentity;
export const fnb = 'fnb:arena|bbbbbbbbbbbbbbbbbbbbbbbb' as ProviderIdentity;
export const stranger = 'shop|cccccccccccccccccccccccc' as ProviderIdentity;
export const pspReference = 'psp:simpay|dddddddddddddddddddddddd' as ProviderIdentity;

export const at = (minute: number): Instant =>
  `2026-11-21T18:${String(minute).padStart(2, '0')}:00.000Z` as Instant;

const gbp = (minorUnits: number): Money => ({ minorUnits, currencyCode: 'GBP', precision: 2 });

export const start: PaymentIntentCommandOf<'StartPaymentIntent'> = {
  type: 'StartPaymentIntent',
  paymentIntentId: intentId,
  at: at(0),
  basketId,
  storeId: 'arena-web',
  contactId: 'contact-alice',
  notificationId: createNotification,
  totalPaid: gbp(8250),
  components: [
    { providerBasketId: tix, portionOfTotalPaid: gbp(7000) },
    { providerBasketId: fnb, portionOfTotalPaid: gbp(1250) },
  ],
  providerBasketIds: [tix, fnb],
  payload: { returnUrl: 'https://shop.example/done' },
};

export const started: PaymentIntentEventOf<'PaymentIntentStarted'> = {
  type: 'PaymentIntentStarted',
  at: at(0),
  paymentIntentId: intentId,
  basketId,
  storeId: 'arena-web',
  contactId: 'contact-alice',
  notificationId: createNotification,
  totalPaid: gbp(8250),
  components: start.components,
  providerBasketIds: [tix, fnb],
  payload: { returnUrl: 'https://shop.example/done' },
};

export const confirmed = (providerBasketId: ProviderIdentity, minute = 1): PaymentIntentEvent => ({
  type: 'ProviderBasketConfirmed',
  at: at(minute),
  providerBasketId,
});

export const sessionOpened = (minute = 1): PaymentIntentEvent => ({
  type: 'PaymentSessionOpened',
  at: at(minute),
  pspPaymentreference: pspReference,
  pspPayload: { sessionId: 'sess_1' },
});

export const ready = (minute = 1): PaymentIntentEvent => ({ type: 'PaymentIntentReady', at: at(minute) });

/** Every provider and the payment provider answered: AwaitingPayment. */
export const awaitingPayment: ReadonlyArray<PaymentIntentEvent> = [
  started,
  confirmed(tix),
  confirmed(fnb),
  sessionOpened(),
  ready(),
];

export const cancellationStarted = (
  pendingProviderBaskets: ReadonlyArray<ProviderIdentity>,
  pendingPaymentProvider: boolean,
  minute = 5,
): PaymentIntentEvent => ({
  type: 'CancellationStarted',
  at: at(minute),
  notificationId: cancelNotification,
  pendingProviderBaskets,
  pendingPaymentProvider,
});

export const cancelled = (reason: 'requested' | 'provider-refused', minute = 5): PaymentIntentEvent => ({
  type: 'PaymentIntentCancelled',
  at: at(minute),
  reason,
});
