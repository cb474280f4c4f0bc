import { type Draft, produce } from 'immer';
import type { PaymentIntentEvent } from './events';
import { paymentIntentTransitionOf } from './machine';
import type { ExistingPaymentIntent, IntentMachine, PaymentIntentState } from './state';

const without = <A>(items: ReadonlyArray<A>, item: A): A[] => items.filter((i) => i !== item);

const runningCancellation = (draft: Draft<ExistingPaymentIntent>): Draft<IntentMachine> | undefined =>
  draft.cancellation !== undefined && !draft.cancellation.ready ? draft.cancellation : undefined;

/** Folds one intent event. Events are facts: an event the table does not allow is a bug. */
export const evolvePaymentIntent = (
  state: PaymentIntentState,
  event: PaymentIntentEvent,
): PaymentIntentState => {
  const status = paymentIntentTransitionOf(state.status, event.type);
  if (status === undefined)
    throw new Error(`payment intent cannot take ${event.type} in status ${state.status}`);
  if (event.type === 'PaymentIntentStarted') {
    return {
      status: 'PreparingPayment',
      id: event.paymentIntentId,
      basketId: event.basketId,
      storeId: event.storeId,
      ...(event.contactId === undefined ? {} : { contactId: event.contactId }),
      ...(event.payload === undefined ? {} : { payload: event.payload }),
      created: event.at,
      updated: event.at,
      paymentDetails: { totalPaid: event.totalPaid, components: [...event.components] },
      providerBasketIds: event.providerBasketIds,
      confirmedProviderBaskets: [],
      creation: {
        pendingProviderBaskets: event.providerBasketIds,
        pendingPaymentProvider: true,
        ready: false,
        notificationId: event.notificationId,
      },
    };
  }
  if (state.status === 'none')
    throw new Error(`payment intent event ${event.type} before PaymentIntentStarted`);
  return produce(state, (draft) => {
    if (status !== 'none') draft.status = status;
    draft.updated = event.at;
    switch (event.type) {
      case 'ProviderBasketConfirmed': {
        draft.creation.pendingProviderBaskets = without(
          draft.creation.pendingProviderBaskets,
          event.providerBasketId,
        );
        draft.confirmedProviderBaskets.push(event.providerBasketId);
        // A confirmation that arrives while a cancellation runs must be released too (C-8.4).
        runningCancellation(draft)?.pendingProviderBaskets.push(event.providerBasketId);
        return;
      }
      case 'ProviderBasketRefused':
        draft.creation.pendingProviderBaskets = without(
          draft.creation.pendingProviderBaskets,
          event.providerBasketId,
        );
        draft.refusedBy = event.providerBasketId;
        return;
      case 'PaymentSessionOpened': {
        draft.creation.pendingPaymentProvider = false;
        draft.pspPaymentreference = event.pspPaymentreference;
        draft.pspPayload = event.pspPayload;
        const cancellation = runningCancellation(draft);
        if (cancellation) cancellation.pendingPaymentProvider = true;
        return;
      }
      case 'PaymentIntentReady':
        draft.creation.ready = true;
        return;
      case 'CancellationStarted':
        draft.cancellation = {
          pendingProviderBaskets: [...event.pendingProviderBaskets],
          pendingPaymentProvider: event.pendingPaymentProvider,
          ready: false,
          notificationId: event.notificationId,
        };
        return;
      case 'ConfirmationReleased': {
        draft.confirmedProviderBaskets = without(draft.confirmedProviderBaskets, event.providerBasketId);
        const cancellation = runningCancellation(draft);
        if (cancellation) {
          cancellation.pendingProviderBaskets = without(
            cancellation.pendingProviderBaskets,
            event.providerBasketId,
          );
        }
        return;
      }
      case 'SessionVoided': {
        const cancellation = runningCancellation(draft);
        if (cancellation) cancellation.pendingPaymentProvider = false;
        return;
      }
      case 'PaymentIntentCancelled':
        draft.cancellationReason = event.reason;
        if (draft.cancellation) draft.cancellation.ready = true;
        return;
      case 'PaymentDeclined':
        draft.declinedTokenIds = [...(draft.declinedTokenIds ?? []), event.tokenId];
        return;
      case 'PaymentCompleted':
        draft.paidWithTokenId = event.tokenId;
        // Paid before a cancellation could void the session: the cancellation is over (C-8.6).
        delete draft.cancellation;
        return;
    }
  });
};
