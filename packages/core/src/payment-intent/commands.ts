import * as t from 'io-ts';
import { Instant } from '../primitives/instant';
import { MoneyC } from '../primitives/money';
import { FreeFormObject, NonEmptyString, ProviderIdentity, Uuid } from '../primitives/scalars';
import { PaymentComponent } from '../values/payment';

/** Every intent command names its intent and says when it happens, so deciding needs no clock. */
const command = <T extends string, P extends t.Props>(type: T, props: P) =>
  t.type({ type: t.literal(type), paymentIntentId: Uuid, at: Instant, ...props }, type);

/**
 * createPaymentIntent, once the basket is locked for it (C-8.1): what is to be paid, per provider
 * basket (C-8.2), and the request body for the payment provider (`payload`).
 */
export const StartPaymentIntent = t.intersection(
  [
    command('StartPaymentIntent', {
      basketId: t.string,
      storeId: t.string,
      notificationId: Uuid,
      totalPaid: MoneyC,
      components: t.readonlyArray(PaymentComponent),
      providerBasketIds: t.readonlyArray(ProviderIdentity),
    }),
    t.partial({ contactId: t.string, payload: FreeFormObject }),
  ],
  'StartPaymentIntent',
);
/** A provider's answer to the confirmation of its basket (C-8.2). */
export const RecordProviderAnswer = command('RecordProviderAnswer', {
  providerBasketId: ProviderIdentity,
  answer: t.keyof({ confirmed: null, refused: null }),
});
/** The payment provider opened its session (C-8.2). */
export const RecordPaymentSession = command('RecordPaymentSession', {
  pspPaymentreference: ProviderIdentity,
  pspPayload: FreeFormObject,
});
/** deletePaymentIntent (C-8.4). */
export const RequestCancellation = command('RequestCancellation', { notificationId: Uuid });
/** A provider took back its confirmation during a cancellation (C-8.4). */
export const RecordConfirmationReleased = command('RecordConfirmationReleased', {
  providerBasketId: ProviderIdentity,
});
/** The payment provider voided its session during a cancellation (C-8.4). */
export const RecordSessionVoided = command('RecordSessionVoided', {});
/** The payment provider's outcome for a saved token (endpoint 17, C-4.3, C-8.5). */
export const RecordPayment = command('RecordPayment', {
  tokenId: NonEmptyString,
  outcome: t.keyof({ succeeded: null, declined: null }),
});

export const PaymentIntentCommand = t.union(
  [
    StartPaymentIntent,
    RecordProviderAnswer,
    RecordPaymentSession,
    RequestCancellation,
    RecordConfirmationReleased,
    RecordSessionVoided,
    RecordPayment,
  ],
  'PaymentIntentCommand',
);
export type PaymentIntentCommand = t.TypeOf<typeof PaymentIntentCommand>;
export type PaymentIntentCommandType = PaymentIntentCommand['type'];
export type PaymentIntentCommandOf<T extends PaymentIntentCommandType> = Extract<
  PaymentIntentCommand,
  { type: T }
>;
