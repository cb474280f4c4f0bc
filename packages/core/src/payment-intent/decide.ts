import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import { type DomainProblem, problem } from '../decider';
import type { Instant } from '../primitives/instant';
import type { PaymentIntentCommand, PaymentIntentCommandOf } from './commands';
import type { PaymentIntentEvent, PaymentIntentEventOf } from './events';
import { paymentIntentTransitionOf } from './machine';
import {
  cancellationRunning,
  type ExistingPaymentIntent,
  type IntentMachine,
  machineSettled,
  type PaymentIntentState,
} from './state';

type Decision = Either<DomainProblem, ReadonlyArray<PaymentIntentEvent>>;

const refuse = (detail: string): Decision => E.left(problem('payment-intent-state', detail));

/** Every event must be a transition of the table from the status the previous one left (C-8.6). */
const inTable = (state: PaymentIntentState, events: ReadonlyArray<PaymentIntentEvent>): Decision => {
  let status = state.status;
  for (const event of events) {
    const next = paymentIntentTransitionOf(status, event.type);
    if (next === undefined) return refuse(`a payment intent that is ${status} cannot take ${event.type}`);
    status = next;
  }
  return E.right(events);
};

const start = (command: PaymentIntentCommandOf<'StartPaymentIntent'>, state: PaymentIntentState): Decision =>
  state.status !== 'none'
    ? refuse(`payment intent ${command.paymentIntentId} already exists`)
    : E.right([
        {
          type: 'PaymentIntentStarted',
          at: command.at,
          paymentIntentId: command.paymentIntentId,
          basketId: command.basketId,
          storeId: command.storeId,
          notificationId: command.notificationId,
          totalPaid: command.totalPaid,
          components: command.components,
          providerBasketIds: command.providerBasketIds,
          ...(command.contactId === undefined ? {} : { contactId: command.contactId }),
          ...(command.payload === undefined ? {} : { payload: command.payload }),
        },
      ]);

/** Ready once nobody else has to answer, unless the intent is being cancelled (C-8.2). */
const readyAfter = (
  state: ExistingPaymentIntent,
  at: Instant,
  stillPending: { providerBaskets: ReadonlyArray<string>; paymentProvider: boolean },
): ReadonlyArray<PaymentIntentEvent> =>
  stillPending.providerBaskets.length === 0 && !stillPending.paymentProvider && !cancellationRunning(state)
    ? [{ type: 'PaymentIntentReady', at }]
    : [];

const providerAnswer = (
  command: PaymentIntentCommandOf<'RecordProviderAnswer'>,
  state: ExistingPaymentIntent,
): Decision => {
  const { providerBasketId, at } = command;
  if (!state.creation.pendingProviderBaskets.includes(providerBasketId)) {
    return refuse(
      state.providerBasketIds.includes(providerBasketId)
        ? `provider basket ${providerBasketId} already answered`
        : `provider basket ${providerBasketId} is not part of this payment intent`,
    );
  }
  if (command.answer === 'confirmed') {
    return E.right([
      { type: 'ProviderBasketConfirmed', at, providerBasketId },
      ...readyAfter(state, at, {
        providerBaskets: state.creation.pendingProviderBaskets.filter((id) => id !== providerBasketId),
        paymentProvider: state.creation.pendingPaymentProvider,
      }),
    ]);
  }
  // A refusal during a cancellation changes nothing more: the cancellation ends the intent.
  return E.right([
    { type: 'ProviderBasketRefused', at, providerBasketId },
    ...(cancellationRunning(state)
      ? []
      : [{ type: 'PaymentIntentCancelled', at, reason: 'provider-refused' } as const]),
  ]);
};

const paymentSession = (
  command: PaymentIntentCommandOf<'RecordPaymentSession'>,
  state: ExistingPaymentIntent,
): Decision =>
  !state.creation.pendingPaymentProvider
    ? refuse('the payment provider already opened its session')
    : E.right([
        {
          type: 'PaymentSessionOpened',
          at: command.at,
          pspPaymentreference: command.pspPaymentreference,
          pspPayload: command.pspPayload,
        },
        ...readyAfter(state, command.at, {
          providerBaskets: state.creation.pendingProviderBaskets,
          paymentProvider: false,
        }),
      ]);

const cancellation = (
  command: PaymentIntentCommandOf<'RequestCancellation'>,
  state: ExistingPaymentIntent,
): Decision => {
  // Cancelling twice changes nothing (C-8.4): the first cancellation goes on.
  if (state.status === 'Cancelled' || cancellationRunning(state)) return E.right([]);
  if (state.status === 'PaymentComplete') return refuse('a paid payment intent cannot be cancelled');
  const started = {
    type: 'CancellationStarted',
    at: command.at,
    notificationId: command.notificationId,
    pendingProviderBaskets: state.confirmedProviderBaskets,
    pendingPaymentProvider: state.pspPaymentreference !== undefined,
  } as const;
  return E.right(
    machineSettled({ ...started, ready: false })
      ? [started, { type: 'PaymentIntentCancelled', at: command.at, reason: 'requested' }]
      : [started],
  );
};

type CancellationAnswer = PaymentIntentEventOf<'ConfirmationReleased' | 'SessionVoided'>;

/** The machine once `answer` is in, or undefined when `answer` was not pending. */
const afterAnswer = (running: IntentMachine, answer: CancellationAnswer): IntentMachine | undefined => {
  if (answer.type === 'SessionVoided') {
    return running.pendingPaymentProvider ? { ...running, pendingPaymentProvider: false } : undefined;
  }
  const { providerBasketId } = answer;
  return running.pendingProviderBaskets.includes(providerBasketId)
    ? {
        ...running,
        pendingProviderBaskets: running.pendingProviderBaskets.filter((id) => id !== providerBasketId),
      }
    : undefined;
};

/** A cancellation answer; the last one ends the intent Cancelled (C-8.4). */
const cancellationAnswer = (state: ExistingPaymentIntent, answer: CancellationAnswer): Decision => {
  const running = cancellationRunning(state) ? state.cancellation : undefined;
  if (running === undefined) return refuse(`no cancellation is running, so ${answer.type} is not expected`);
  const after = afterAnswer(running, answer);
  if (after === undefined) return refuse(`${answer.type} is not pending in the cancellation`);
  return E.right(
    machineSettled(after)
      ? [answer, { type: 'PaymentIntentCancelled', at: answer.at, reason: 'requested' }]
      : [answer],
  );
};

/**
 * A payment the payment provider took before the cancellation could void its session (C-8.6: the
 * money is taken, so the payment stands and the cancellation gives way). The app voids the session
 * before it asks any provider to release its confirmation, so while the session is still to be
 * voided nothing has been released.
 */
const paidBeforeVoided = (
  command: PaymentIntentCommandOf<'RecordPayment'>,
  state: ExistingPaymentIntent,
): boolean => command.outcome === 'succeeded' && state.cancellation?.pendingPaymentProvider === true;

const payment = (
  command: PaymentIntentCommandOf<'RecordPayment'>,
  state: ExistingPaymentIntent,
): Decision => {
  if (state.status === 'PaymentComplete') return refuse('the payment intent is already paid');
  if (state.status !== 'AwaitingPayment')
    return refuse(`a payment intent that is ${state.status} cannot be paid`);
  if (cancellationRunning(state) && !paidBeforeVoided(command, state))
    return refuse('the payment intent is being cancelled');
  const { at, tokenId } = command;
  return E.right([
    command.outcome === 'succeeded'
      ? { type: 'PaymentCompleted', at, tokenId }
      : { type: 'PaymentDeclined', at, tokenId },
  ]);
};

const decideExisting = (command: PaymentIntentCommand, state: ExistingPaymentIntent): Decision => {
  switch (command.type) {
    case 'StartPaymentIntent':
      return start(command, state);
    case 'RecordProviderAnswer':
      return providerAnswer(command, state);
    case 'RecordPaymentSession':
      return paymentSession(command, state);
    case 'RequestCancellation':
      return cancellation(command, state);
    case 'RecordConfirmationReleased':
      return cancellationAnswer(state, {
        type: 'ConfirmationReleased',
        at: command.at,
        providerBasketId: command.providerBasketId,
      });
    case 'RecordSessionVoided':
      return cancellationAnswer(state, { type: 'SessionVoided', at: command.at });
    case 'RecordPayment':
      return payment(command, state);
  }
};

/**
 * Decides an intent command (C-8.2 to C-8.6). A command the intent's status does not allow is
 * `payment-intent-state`; every decision is also checked against the transition table.
 */
export const decidePaymentIntent = (command: PaymentIntentCommand, state: PaymentIntentState): Decision => {
  if (command.type === 'StartPaymentIntent')
    return E.flatMap(start(command, state), (events) => inTable(state, events));
  if (state.status === 'none' || state.id !== command.paymentIntentId) {
    return E.left(
      problem('payment-intent-not-found', `payment intent ${command.paymentIntentId} does not exist`),
    );
  }
  return E.flatMap(decideExisting(command, state), (events) => inTable(state, events));
};
