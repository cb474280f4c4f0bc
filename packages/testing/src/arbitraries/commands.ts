import type {
  BasketCommand,
  BasketCommandOf,
  BasketCommandType,
  PaymentIntentCommand,
  PaymentIntentCommandOf,
  PaymentIntentCommandType,
} from '@basket/core';
import fc from 'fast-check';
import { arbitraryCustomerDetailFieldValue, arbitraryDeliveryMethodSelection } from './wire-delivery-details';
import {
  arbitraryCurrency,
  arbitraryFreeFormObject,
  arbitraryInstant,
  arbitraryMoney,
  arbitraryProviderIdentity,
  arbitraryUuid,
} from './wire-primitives';

/*
 * Basket and payment-intent commands for properties: arbitraries of any value their codecs accept
 * (and give back unchanged through JSON). Commands aimed at the demo catalog's real ids and at a
 * basket's own lines, as `histories.ts` plays them, are in `aimed-commands.ts`.
 */

const text = fc.string({ maxLength: 16 });
const nonEmptyText = fc.string({ minLength: 1, maxLength: 16 });
const few = <A>(arbitrary: fc.Arbitrary<A>) => fc.array(arbitrary, { maxLength: 3 });
const pid = arbitraryProviderIdentity();
const quantity = fc.integer({ min: -5, max: 120 });

/** Fresh id suffixes as commands carry them: 24 lowercase letters or digits each. */
export const arbitraryFreshIds: fc.Arbitrary<ReadonlyArray<string>> = few(
  fc.stringMatching(/^[a-z0-9]{24}$/),
).map((ids): ReadonlyArray<string> => ids);

/** `{ ...a, ...b }` of two arbitraries of objects. */
export const mergedArb = <A extends object, B extends object>(a: fc.Arbitrary<A>, b: fc.Arbitrary<B>) =>
  fc.tuple(a, b).map(([x, y]) => ({ ...x, ...y }));

const basketCommand = <T extends BasketCommandType, A extends object>(type: T, fields: fc.Arbitrary<A>) =>
  mergedArb(
    fc.record({ type: fc.constant(type), basketId: fc.oneof(arbitraryUuid, text), at: arbitraryInstant }),
    fields,
  );

const optional = <R extends Record<string, fc.Arbitrary<unknown>>>(fields: R) =>
  fc.record(fields, { requiredKeys: [] });

const rateQuantities = few(fc.record({ rateId: pid, quantity }));
const intentId = fc.oneof(arbitraryUuid, text);
const line = { providerBasketId: pid, lineItemId: pid };

/** One arbitrary per basket command type. */
export const basketCommandArbitraries: {
  readonly [T in BasketCommandType]: fc.Arbitrary<BasketCommandOf<T>>;
} = {
  CreateBasket: basketCommand('CreateBasket', fc.record({ storeId: text, currency: arbitraryCurrency })),
  DeleteBasket: basketCommand('DeleteBasket', fc.constant({})),
  AssignContact: basketCommand('AssignContact', fc.record({ contactId: text })),
  AddProduct: basketCommand(
    'AddProduct',
    mergedArb(
      fc.record({ productId: pid, quantity, freshIds: arbitraryFreshIds }),
      optional({
        crossSoldFromProductId: pid,
        crossSoldFromLineItemId: pid,
        productGroupId: text,
        kioskId: text,
        timestreamId: text,
        productVariantId: text,
        currency: text,
      }),
    ),
  ),
  SelectSeats: basketCommand(
    'SelectSeats',
    mergedArb(
      fc.record({ productId: pid, freshIds: arbitraryFreshIds }),
      optional({ rates: rateQuantities, seats: few(fc.record({ rateId: pid, seatId: nonEmptyText })) }),
    ),
  ),
  SelectTimeSlot: basketCommand(
    'SelectTimeSlot',
    fc.record({ productId: pid, timeSlotId: pid, rates: rateQuantities, freshIds: arbitraryFreshIds }),
  ),
  DeleteLineItem: basketCommand('DeleteLineItem', fc.record(line)),
  UpdateTimeSlotLine: basketCommand('UpdateTimeSlotLine', mergedArb(fc.record(line), optional({ quantity }))),
  UpdateLineItemQuantity: basketCommand('UpdateLineItemQuantity', fc.record({ ...line, quantity })),
  SetDeliveryMethod: basketCommand(
    'SetDeliveryMethod',
    fc.record({ providerBasketId: pid, selection: arbitraryDeliveryMethodSelection }),
  ),
  SetCustomerDetails: basketCommand(
    'SetCustomerDetails',
    fc.record({ customerDetails: few(arbitraryCustomerDetailFieldValue) }),
  ),
  AddVoucher: basketCommand('AddVoucher', fc.record({ voucherCode: text })),
  RemoveVoucher: basketCommand('RemoveVoucher', fc.record({ voucherCode: text })),
  ExpireHolds: basketCommand('ExpireHolds', fc.constant({})),
  LockForPayment: basketCommand('LockForPayment', fc.record({ paymentIntentId: intentId })),
  ConfirmProviderBasket: basketCommand(
    'ConfirmProviderBasket',
    fc.record({ paymentIntentId: intentId, providerBasketId: pid }),
  ),
  UnlockAfterPayment: basketCommand(
    'UnlockAfterPayment',
    fc.record({
      paymentIntentId: intentId,
      reason: fc.constantFrom('cancelled' as const, 'provider-refused' as const),
    }),
  ),
  CheckOut: basketCommand('CheckOut', fc.record({ paymentIntentId: intentId })),
};

export const basketCommandTypes = Object.keys(basketCommandArbitraries) as ReadonlyArray<BasketCommandType>;

/** Any basket command, of any type. */
export const arbitraryBasketCommand: fc.Arbitrary<BasketCommand> = fc.oneof(
  ...basketCommandTypes.map((type): fc.Arbitrary<BasketCommand> => basketCommandArbitraries[type]),
);

const intentCommand = <T extends PaymentIntentCommandType, A extends object>(
  type: T,
  fields: fc.Arbitrary<A>,
) =>
  mergedArb(
    fc.record({ type: fc.constant(type), paymentIntentId: arbitraryUuid, at: arbitraryInstant }),
    fields,
  );

/** A payment's parts in one currency (C-1.4, C-8.2). */
export const arbitraryPaymentParts = arbitraryCurrency.chain((currency) =>
  fc.record({
    totalPaid: arbitraryMoney(currency),
    components: few(fc.record({ providerBasketId: pid, portionOfTotalPaid: arbitraryMoney(currency) })),
  }),
);

const pbAnswer = fc.record({ providerBasketId: pid });

/** One arbitrary per payment-intent command type. */
export const paymentIntentCommandArbitraries: {
  readonly [T in PaymentIntentCommandType]: fc.Arbitrary<PaymentIntentCommandOf<T>>;
} = {
  StartPaymentIntent: intentCommand(
    'StartPaymentIntent',
    mergedArb(
      mergedArb(
        fc.record({
          basketId: text,
          storeId: text,
          notificationId: arbitraryUuid,
          providerBasketIds: few(pid),
        }),
        arbitraryPaymentParts,
      ),
      optional({ contactId: text, payload: arbitraryFreeFormObject }),
    ),
  ),
  RecordProviderAnswer: intentCommand(
    'RecordProviderAnswer',
    fc.record({ providerBasketId: pid, answer: fc.constantFrom('confirmed' as const, 'refused' as const) }),
  ),
  RecordPaymentSession: intentCommand(
    'RecordPaymentSession',
    fc.record({ pspPaymentreference: pid, pspPayload: arbitraryFreeFormObject }),
  ),
  RequestCancellation: intentCommand('RequestCancellation', fc.record({ notificationId: arbitraryUuid })),
  RecordConfirmationReleased: intentCommand('RecordConfirmationReleased', pbAnswer),
  RecordSessionVoided: intentCommand('RecordSessionVoided', fc.constant({})),
  RecordPayment: intentCommand(
    'RecordPayment',
    fc.record({ tokenId: nonEmptyText, outcome: fc.constantFrom('succeeded' as const, 'declined' as const) }),
  ),
};

export const paymentIntentCommandTypes = Object.keys(
  paymentIntentCommandArbitraries,
) as ReadonlyArray<PaymentIntentCommandType>;

/** Any payment-intent command, of any type. */
export const arbitraryPaymentIntentCommand: fc.Arbitrary<PaymentIntentCommand> = fc.oneof(
  ...paymentIntentCommandTypes.map(
    (type): fc.Arbitrary<PaymentIntentCommand> => paymentIntentCommandArbitraries[type],
  ),
);

/** Kept here for the core's property tests, which import it from this file. */
export { instantLater } from './aim';
