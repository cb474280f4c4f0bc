import * as t from 'io-ts';
import { struct } from '../primitives/combinators';
import { Instant } from '../primitives/instant';
import { FreeFormObject, ProviderIdentity, Uuid } from '../primitives/scalars';
import { PaymentDetails, PaymentIntentStatus } from '../values/payment';

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

export { PaymentComponent, PaymentDetails, PaymentIntentStatus } from '../values/payment';
