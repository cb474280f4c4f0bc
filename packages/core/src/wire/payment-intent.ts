import * as t from 'io-ts';
import { MoneyC } from '../money';
import { struct } from './combinators';
import { Instant } from './instant';
import { FreeFormObject, ProviderIdentity, Uuid } from './primitives';

export const PaymentIntentStatus = t.keyof(
  { PreparingPayment: null, AwaitingPayment: null, Cancelled: null, PaymentComplete: null },
  'PaymentIntentStatus',
);
export type PaymentIntentStatus = t.TypeOf<typeof PaymentIntentStatus>;

export const PaymentComponent = struct(
  { providerBasketId: ProviderIdentity, portionOfTotalPaid: MoneyC },
  {},
  'PaymentComponent',
);
export type PaymentComponent = t.TypeOf<typeof PaymentComponent>;

export const PaymentDetails = struct(
  { totalPaid: MoneyC, components: t.array(PaymentComponent) },
  {},
  'PaymentDetails',
);
export type PaymentDetails = t.TypeOf<typeof PaymentDetails>;

/** `pendingProviderBasjets` is spelled exactly as the interface spells it (C-1.1). */
export const PaymentIntentStateMachine = struct(
  { pendingProviderBasjets: t.array(ProviderIdentity), pendingPaymentProvider: t.boolean, ready: t.boolean },
  { notificationId: Uuid },
  'PaymentIntentStateMachine',
);
export type PaymentIntentStateMachine = t.TypeOf<typeof PaymentIntentStateMachine>;

/** `pspPaymentreference` is spelled exactly as the interface spells it (C-1.1). */
export const PaymentIntent = struct(
  {
    id: Uuid,
    status: PaymentIntentStatus,
    created: Instant,
    updated: Instant,
    paymentDetails: PaymentDetails,
    creationStateMachine: PaymentIntentStateMachine,
  },
  {
    cancellationStateMachine: PaymentIntentStateMachine,
    pspPaymentreference: ProviderIdentity,
    pspPayload: FreeFormObject,
  },
  'PaymentIntent',
);
export type PaymentIntent = t.TypeOf<typeof PaymentIntent>;
