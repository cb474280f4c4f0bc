import type {
  BasketEvent,
  BasketEventOf,
  BasketEventType,
  Currency,
  PaymentIntentEvent,
  PaymentIntentEventOf,
  PaymentIntentEventType,
} from '@basket/core';
import fc from 'fast-check';
import { arbitraryPaymentParts, mergedArb } from './commands';
import { arbitraryLine, arbitraryProviderTerms, arbitraryTicket } from './event-parts';
import { arbitraryCustomerDetailFieldValue, arbitraryDeliveryMethodSelection } from './wire-delivery-details';
import {
  arbitraryCurrency,
  arbitraryFreeFormObject,
  arbitraryInstant,
  arbitraryProviderIdentity,
  arbitraryUuid,
} from './wire-primitives';

/*
 * Arbitraries of every basket and payment-intent event: any value their codecs accept (and give
 * back unchanged through JSON). Each event's amounts are in one currency. For events a basket
 * could really have, see `histories.ts`.
 */

const text = fc.string({ maxLength: 16 });
const few = <A>(arbitrary: fc.Arbitrary<A>) => fc.array(arbitrary, { maxLength: 3 });
const pid = arbitraryProviderIdentity();
const quantity = fc.integer({ min: 1, max: 99 });
const amount = fc.nat({ max: 100_000 });

const basketEvent = <T extends BasketEventType, A extends object>(type: T, fields: fc.Arbitrary<A>) =>
  mergedArb(fc.record({ type: fc.constant(type), at: arbitraryInstant }), fields);

const inCurrency = <A>(f: (currency: Currency) => fc.Arbitrary<A>) => arbitraryCurrency.chain(f);
const lineRemovalReason = fc.constantFrom(
  'deleted' as const,
  'replaced' as const,
  'cross-sell-parent-removed' as const,
  'cross-sell-parent-expired' as const,
);

/** One arbitrary per basket event type. */
export const basketEventArbitraries: { readonly [T in BasketEventType]: fc.Arbitrary<BasketEventOf<T>> } = {
  BasketCreated: basketEvent(
    'BasketCreated',
    fc.record({
      basketId: fc.oneof(arbitraryUuid, text),
      storeId: text,
      currency: arbitraryCurrency,
    }),
  ),
  BasketDeleted: basketEvent('BasketDeleted', fc.constant({})),
  ContactAssigned: basketEvent('ContactAssigned', fc.record({ contactId: text })),
  ProviderBasketOpened: basketEvent(
    'ProviderBasketOpened',
    fc.record({
      providerBasketId: pid,
      terms: inCurrency(arbitraryProviderTerms),
    }),
  ),
  ProviderBasketClosed: basketEvent('ProviderBasketClosed', fc.record({ providerBasketId: pid })),
  LineItemAdded: basketEvent(
    'LineItemAdded',
    fc.record({ providerBasketId: pid, line: inCurrency(arbitraryLine) }),
  ),
  LineItemQuantityChanged: basketEvent(
    'LineItemQuantityChanged',
    fc.record({
      providerBasketId: pid,
      lineItemId: pid,
      quantity,
    }),
  ),
  TicketsReplaced: basketEvent(
    'TicketsReplaced',
    fc.record({
      providerBasketId: pid,
      lineItemId: pid,
      tickets: inCurrency((currency) => few(arbitraryTicket(currency))),
    }),
  ),
  LineItemRemoved: basketEvent(
    'LineItemRemoved',
    fc.record({
      providerBasketId: pid,
      lineItemId: pid,
      reason: lineRemovalReason,
    }),
  ),
  ProviderBasketExpired: basketEvent('ProviderBasketExpired', fc.record({ providerBasketId: pid })),
  DeliveryMethodSelected: basketEvent(
    'DeliveryMethodSelected',
    fc.record({
      providerBasketId: pid,
      selection: arbitraryDeliveryMethodSelection,
    }),
  ),
  DeliveryMethodDeselected: basketEvent(
    'DeliveryMethodDeselected',
    fc.record({
      providerBasketId: pid,
      deliveryMethodId: text,
      reason: fc.constant('seat-not-in-basket' as const),
    }),
  ),
  CustomerDetailsSet: basketEvent(
    'CustomerDetailsSet',
    fc.record({
      customerDetails: few(arbitraryCustomerDetailFieldValue),
    }),
  ),
  VoucherAdded: basketEvent(
    'VoucherAdded',
    fc.record({
      voucher: fc.record({ code: text, name: text, productId: pid, variantId: text, voucherPrice: amount }),
    }),
  ),
  VoucherRemoved: basketEvent(
    'VoucherRemoved',
    fc.record({
      voucherCode: text,
      reason: fc.constantFrom('requested' as const, 'no-matching-line' as const),
    }),
  ),
  BasketLocked: basketEvent('BasketLocked', fc.record({ paymentIntentId: arbitraryUuid })),
  ProviderBasketConfirmed: basketEvent(
    'ProviderBasketConfirmed',
    fc.record({
      paymentIntentId: arbitraryUuid,
      providerBasketId: pid,
    }),
  ),
  BasketUnlocked: basketEvent(
    'BasketUnlocked',
    fc.record({
      paymentIntentId: arbitraryUuid,
      reason: fc.constantFrom('cancelled' as const, 'provider-refused' as const),
    }),
  ),
  BasketCheckedOut: basketEvent('BasketCheckedOut', fc.record({ paymentIntentId: arbitraryUuid })),
};

const basketEventTypeList = Object.keys(basketEventArbitraries) as ReadonlyArray<BasketEventType>;

/** Any basket event, of any type. */
export const arbitraryBasketEvent: fc.Arbitrary<BasketEvent> = fc.oneof(
  ...basketEventTypeList.map((type): fc.Arbitrary<BasketEvent> => basketEventArbitraries[type]),
);

const intentEvent = <T extends PaymentIntentEventType, A extends object>(type: T, fields: fc.Arbitrary<A>) =>
  mergedArb(fc.record({ type: fc.constant(type), at: arbitraryInstant }), fields);

/** One arbitrary per payment-intent event type. */
export const paymentIntentEventArbitraries: {
  readonly [T in PaymentIntentEventType]: fc.Arbitrary<PaymentIntentEventOf<T>>;
} = {
  PaymentIntentStarted: fc
    .tuple(
      intentEvent(
        'PaymentIntentStarted',
        fc.record({
          paymentIntentId: arbitraryUuid,
          basketId: text,
          storeId: text,
          notificationId: arbitraryUuid,
          providerBasketIds: few(pid),
        }),
      ),
      arbitraryPaymentParts,
      fc.record({ contactId: text, payload: arbitraryFreeFormObject }, { requiredKeys: [] }),
    )
    .map(([event, parts, optional]) => ({ ...event, ...parts, ...optional })),
  ProviderBasketConfirmed: intentEvent('ProviderBasketConfirmed', fc.record({ providerBasketId: pid })),
  ProviderBasketRefused: intentEvent('ProviderBasketRefused', fc.record({ providerBasketId: pid })),
  PaymentSessionOpened: intentEvent(
    'PaymentSessionOpened',
    fc.record({
      pspPaymentreference: pid,
      pspPayload: arbitraryFreeFormObject,
    }),
  ),
  PaymentIntentReady: intentEvent('PaymentIntentReady', fc.constant({})),
  CancellationStarted: intentEvent(
    'CancellationStarted',
    fc.record({
      notificationId: arbitraryUuid,
      pendingProviderBaskets: few(pid),
      pendingPaymentProvider: fc.boolean(),
    }),
  ),
  ConfirmationReleased: intentEvent('ConfirmationReleased', fc.record({ providerBasketId: pid })),
  SessionVoided: intentEvent('SessionVoided', fc.constant({})),
  PaymentIntentCancelled: intentEvent(
    'PaymentIntentCancelled',
    fc.record({
      reason: fc.constantFrom('requested' as const, 'provider-refused' as const),
    }),
  ),
  PaymentDeclined: intentEvent('PaymentDeclined', fc.record({ tokenId: text })),
  PaymentCompleted: intentEvent('PaymentCompleted', fc.record({ tokenId: text })),
};

/** Any payment-intent event, of any type. */
export const arbitraryPaymentIntentEvent: fc.Arbitrary<PaymentIntentEvent> = fc.oneof(
  ...(Object.keys(paymentIntentEventArbitraries) as ReadonlyArray<PaymentIntentEventType>).map(
    (type): fc.Arbitrary<PaymentIntentEvent> => paymentIntentEventArbitraries[type],
  ),
);
