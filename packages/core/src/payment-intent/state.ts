import * as t from 'io-ts';
import { Instant } from '../primitives/instant';
import { FreeFormObject, ProviderIdentity, Uuid } from '../primitives/scalars';
import { PaymentDetails, PaymentIntentStatus } from '../values/payment';

/**
 * One of the intent's two state machines (C-8.2, C-8.4): who still has to answer, and whether all
 * have. The creation machine waits for each provider basket's confirmation and the payment
 * provider's session; the cancellation machine for each confirmation's release and the session's void.
 */
export const IntentMachine = t.intersection(
  [
    t.type({
      pendingProviderBaskets: t.readonlyArray(ProviderIdentity),
      pendingPaymentProvider: t.boolean,
      ready: t.boolean,
    }),
    t.partial({ notificationId: Uuid }),
  ],
  'IntentMachine',
);
export type IntentMachine = t.TypeOf<typeof IntentMachine>;

/** Why an intent ended Cancelled: deletePaymentIntent (C-8.4) or a provider's refusal (C-8.2). */
export const CancellationReason = t.keyof(
  { requested: null, 'provider-refused': null },
  'CancellationReason',
);
export type CancellationReason = t.TypeOf<typeof CancellationReason>;

export const ExistingPaymentIntent = t.intersection(
  [
    t.type({
      status: PaymentIntentStatus,
      id: Uuid,
      basketId: t.string,
      storeId: t.string,
      created: Instant,
      updated: Instant,
      paymentDetails: PaymentDetails,
      /** Every provider basket of the basket when the intent started. */
      providerBasketIds: t.readonlyArray(ProviderIdentity),
      /** Provider baskets whose provider confirmed, in answer order: what a cancellation releases. */
      confirmedProviderBaskets: t.readonlyArray(ProviderIdentity),
      creation: IntentMachine,
    }),
    t.partial({
      contactId: t.string,
      /** The request body of createPaymentIntent, passed to the payment provider. */
      payload: FreeFormObject,
      cancellation: IntentMachine,
      pspPaymentreference: ProviderIdentity,
      pspPayload: FreeFormObject,
      /** Set once the intent is Cancelled. */
      cancellationReason: CancellationReason,
      /** The provider basket whose provider refused (C-8.2). */
      refusedBy: ProviderIdentity,
      /** Tokens the payment provider declined, oldest first (C-4.3). */
      declinedTokenIds: t.readonlyArray(t.string),
      /** The token that paid (C-8.5). */
      paidWithTokenId: t.string,
    }),
  ],
  'ExistingPaymentIntent',
);
export type ExistingPaymentIntent = t.TypeOf<typeof ExistingPaymentIntent>;

export const PaymentIntentState = t.union(
  [t.type({ status: t.literal('none') }), ExistingPaymentIntent],
  'PaymentIntentState',
);
export type PaymentIntentState = t.TypeOf<typeof PaymentIntentState>;

/** Status of an intent, `none` before it started. */
export type PaymentIntentLifecycle = PaymentIntentState['status'];

export const initialPaymentIntentState: PaymentIntentState = { status: 'none' };

export const paymentIntentExists = (state: PaymentIntentState): state is ExistingPaymentIntent =>
  state.status !== 'none';

/** A machine that nobody has to answer any more. */
export const machineSettled = (machine: IntentMachine): boolean =>
  machine.pendingProviderBaskets.length === 0 && !machine.pendingPaymentProvider;

/** A cancellation is under way: the intent is still active but waits for releases (C-8.4). */
export const cancellationRunning = (state: ExistingPaymentIntent): boolean =>
  state.cancellation !== undefined && state.status !== 'Cancelled';

/** The stream an intent's events live in. */
export const paymentIntentStreamId = (paymentIntentId: string): string => `payment-intent-${paymentIntentId}`;
