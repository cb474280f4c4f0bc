import type { ExistingPaymentIntent, IntentMachine } from '../payment-intent/state';
import type { PaymentIntent, PaymentIntentStateMachine } from './payment-intent';

const machineView = (machine: IntentMachine): PaymentIntentStateMachine => ({
  pendingProviderBasjets: [...machine.pendingProviderBaskets],
  pendingPaymentProvider: machine.pendingPaymentProvider,
  ready: machine.ready,
  ...(machine.notificationId === undefined ? {} : { notificationId: machine.notificationId }),
});

/** The interface's PaymentIntent (C-1.1 spellings; absent optionals omitted, C-1.2). */
export const paymentIntentView = (state: ExistingPaymentIntent): PaymentIntent => ({
  id: state.id,
  status: state.status,
  created: state.created,
  updated: state.updated,
  paymentDetails: {
    totalPaid: state.paymentDetails.totalPaid,
    components: state.paymentDetails.components.map((c) => ({
      providerBasketId: c.providerBasketId,
      portionOfTotalPaid: c.portionOfTotalPaid,
    })),
  },
  creationStateMachine: machineView(state.creation),
  ...(state.cancellation === undefined ? {} : { cancellationStateMachine: machineView(state.cancellation) }),
  ...(state.pspPaymentreference === undefined ? {} : { pspPaymentreference: state.pspPaymentreference }),
  ...(state.pspPayload === undefined ? {} : { pspPayload: state.pspPayload }),
});
