import {
  type Basket,
  type Currency,
  type EventListing,
  type Notification,
  NotificationOperation,
  type NotificationResponse,
  type PaymentIntent,
  PaymentIntentStatus,
  type Problem,
  ProblemCode,
  type ProviderBasket,
} from '@basket/core';
import fc from 'fast-check';
import {
  arbitraryCustomerDetailField,
  arbitraryDeliveryMethod,
  arbitraryDeliveryMethodSelection,
} from './wire-delivery-details';
import { arbitraryLineItem, arbitraryProviderDiscount, arbitraryVoucher } from './wire-line-items';
import {
  arbitraryCurrency,
  arbitraryFreeFormObject,
  arbitraryInstant,
  arbitraryMoney,
  arbitraryProviderIdentity,
  arbitraryUuid,
  oneKeyOf,
} from './wire-primitives';

/*
 * Arbitraries of the interface's resources: baskets, payment intents, notifications, problems and
 * event listings. Every amount of a resource is in the one currency it is given (C-1.4).
 */

const INT32_MAX = 2 ** 31 - 1;
const text = fc.string({ maxLength: 24 });
const nonEmptyText = fc.string({ minLength: 1, maxLength: 24 });
const few = <A>(arbitrary: fc.Arbitrary<A>) => fc.array(arbitrary, { maxLength: 3 });

export const arbitraryProviderBasket = (currency: Currency): fc.Arbitrary<ProviderBasket> =>
  fc.record(
    {
      id: arbitraryProviderIdentity(),
      expires: arbitraryInstant,
      totalPrice: arbitraryMoney(currency),
      lineItems: few(arbitraryLineItem(currency)),
      deliveryMethods: few(arbitraryDeliveryMethod(currency)),
      deliveryMethodSelections: few(arbitraryDeliveryMethodSelection),
      originalTotalPrice: arbitraryMoney(currency),
      totalProviderDiscounts: arbitraryMoney(currency),
      providerDiscounts: few(arbitraryProviderDiscount(currency)),
    },
    { requiredKeys: ['id', 'totalPrice', 'lineItems', 'deliveryMethods', 'deliveryMethodSelections'] },
  );

/** A basket in `currency`, or in any currency. */
export const arbitraryBasket = (currency?: Currency): fc.Arbitrary<Basket> =>
  (currency === undefined ? arbitraryCurrency : fc.constant(currency)).chain((basketCurrency) =>
    fc.record(
      {
        id: arbitraryUuid,
        created: arbitraryInstant,
        updated: arbitraryInstant,
        contactId: nonEmptyText,
        providerBaskets: fc.array(arbitraryProviderBasket(basketCurrency), { maxLength: 2 }),
        customerDetails: few(arbitraryCustomerDetailField),
        totalPrice: arbitraryMoney(basketCurrency),
        deliveryTotalPrice: arbitraryMoney(basketCurrency),
        originalTotalPrice: arbitraryMoney(basketCurrency),
        totalProviderDiscounts: arbitraryMoney(basketCurrency),
        missingCustomerDetailFields: fc.boolean(),
        activePaymentIntentId: arbitraryUuid,
        vouchers: few(arbitraryVoucher(basketCurrency)),
      },
      {
        requiredKeys: [
          'id',
          'created',
          'updated',
          'providerBaskets',
          'customerDetails',
          'totalPrice',
          'deliveryTotalPrice',
          'missingCustomerDetailFields',
          'vouchers',
        ],
      },
    ),
  );

const arbitraryStateMachine = fc.record(
  {
    pendingProviderBasjets: few(arbitraryProviderIdentity()),
    pendingPaymentProvider: fc.boolean(),
    notificationId: arbitraryUuid,
    ready: fc.boolean(),
  },
  { requiredKeys: ['pendingProviderBasjets', 'pendingPaymentProvider', 'ready'] },
);

/** A payment intent in `currency`, or in any currency. */
export const arbitraryPaymentIntent = (currency?: Currency): fc.Arbitrary<PaymentIntent> =>
  (currency === undefined ? arbitraryCurrency : fc.constant(currency)).chain((intentCurrency) =>
    fc.record(
      {
        id: arbitraryUuid,
        status: oneKeyOf(PaymentIntentStatus),
        created: arbitraryInstant,
        updated: arbitraryInstant,
        paymentDetails: fc.record({
          totalPaid: arbitraryMoney(intentCurrency),
          components: few(
            fc.record({
              providerBasketId: arbitraryProviderIdentity(),
              portionOfTotalPaid: arbitraryMoney(intentCurrency),
            }),
          ),
        }),
        creationStateMachine: arbitraryStateMachine,
        cancellationStateMachine: arbitraryStateMachine,
        pspPaymentreference: arbitraryProviderIdentity(),
        pspPayload: arbitraryFreeFormObject,
      },
      { requiredKeys: ['id', 'status', 'created', 'updated', 'paymentDetails', 'creationStateMachine'] },
    ),
  );

export const arbitraryNotificationResponse: fc.Arbitrary<NotificationResponse> = fc.record({
  notificationId: arbitraryUuid,
});

export const arbitraryProblem: fc.Arbitrary<Problem> = fc.record(
  {
    type: text,
    title: text,
    status: fc.integer({ min: 400, max: 599 }),
    detail: text,
    code: oneKeyOf(ProblemCode),
    instance: text,
    errors: few(fc.record({ path: text, message: text })),
  },
  { requiredKeys: ['type', 'title', 'status', 'detail', 'code'] },
);

/** A notification in any status, with `completed` and `problem` exactly where C-5.2 puts them. */
export const arbitraryNotification: fc.Arbitrary<Notification> = fc
  .tuple(
    fc.record(
      {
        notificationId: arbitraryUuid,
        operation: oneKeyOf(NotificationOperation),
        basketId: arbitraryUuid,
        paymentIntentId: arbitraryUuid,
        created: arbitraryInstant,
      },
      { requiredKeys: ['notificationId', 'operation', 'basketId', 'created'] },
    ),
    fc.oneof(
      fc.record({ status: fc.constant('Pending' as const) }),
      fc.record({ status: fc.constant('Succeeded' as const), completed: arbitraryInstant }),
      fc.record({
        status: fc.constant('Failed' as const),
        completed: arbitraryInstant,
        problem: arbitraryProblem,
      }),
    ),
  )
  .map(([common, outcome]) => ({ ...common, ...outcome }));

export const arbitraryEventListing: fc.Arbitrary<EventListing> = fc.record({
  events: few(
    fc.record({
      version: fc.integer({ min: 1, max: INT32_MAX }),
      type: nonEmptyText,
      recorded: arbitraryInstant,
      data: arbitraryFreeFormObject,
    }),
  ),
});
