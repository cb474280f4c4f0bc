import {
  type BasketCommand,
  type BasketEvent,
  type BasketState,
  type DomainProblem,
  exists,
  holdsOf,
  isProviderIdentity,
  type PaymentIntentCommand,
  type PaymentIntentEvent,
  type PaymentIntentState,
  type ProviderIdentity,
  providerOf,
  resourceOfKey,
  type Uuid,
} from '@basket/core';
import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import type { AppContext } from '../context';
import type { AcceptedCommand, NotificationCompletion } from '../ports/notifications';
import { failed } from '../processing/completion';
import { unfinished } from '../processing/handled';
import type { QueuedWorkOf } from '../processing/queued-command';
import { type Applied, basketAggregate, decideAll, intentAggregate, type Loaded } from '../streams/aggregate';
import { holdRows } from '../transact/facts';
import { type Plan, type Transacted, type Tx, transact } from '../transact/transact';
import type { IntentOutcome } from './intent-decision';
import { asUuid, continueWith, lockedBy, type SagaStep, startIntentCommand } from './support';

type Work = QueuedWorkOf<'createPaymentIntent'>;
/**
 * What a commit of the saga came to: the notification's completion, or a step it cannot take now;
 * and the intent as the commit left it.
 */
type Decided = {
  readonly completion?: NotificationCompletion;
  readonly unfinished?: true;
  readonly intent?: PaymentIntentState;
};

/** A provider's answer to confirming one of the basket's provider baskets. */
export type ProviderAnswer = {
  readonly providerBasketId: ProviderIdentity;
  readonly answer: 'confirmed' | 'refused';
};

/** The writes of a basket decision and of an intent decision in one commit (the basket's with its holds). */
const bothWrites = (
  tx: Tx,
  paymentIntentId: string,
  basket: { loaded: Loaded<BasketState>; applied: Applied<BasketEvent, BasketState> },
  intent: { loaded: Loaded<PaymentIntentState>; outcome: IntentDecision },
): Omit<Plan<Decided>, 'value'> => {
  const basketChanged = basket.applied.events.length > 0;
  const intentApplied = E.isRight(intent.outcome) ? intent.outcome.right : undefined;
  return {
    writes: [
      ...(basketChanged ? [tx.basketWrite(basket.loaded, basket.applied)] : []),
      ...(intentApplied !== undefined && intentApplied.events.length > 0
        ? [tx.intentWrite(paymentIntentId, intent.loaded, intentApplied)]
        : []),
    ],
    ...(basketChanged ? { holds: holdRows(holdsOf(basket.applied.state), tx.catalog) } : {}),
  };
};

type IntentDecision = Either<DomainProblem, Applied<PaymentIntentEvent, PaymentIntentState>>;

const decideIntent = (
  loaded: Loaded<PaymentIntentState>,
  commands: ReadonlyArray<PaymentIntentCommand>,
): Promise<IntentDecision> => decideAll(intentAggregate, loaded, commands, async () => undefined);

const stepOf = (result: Transacted<Decided>): SagaStep => {
  if (result._tag === 'Refused')
    return result.conflict._tag === 'AlreadyCompleted' ? { _tag: 'AlreadyCompleted' } : unfinished;
  const { completion } = result.value;
  if (result.value.unfinished) return unfinished;
  return completion === undefined ? continueWith(result.value.intent) : { _tag: 'Completed', completion };
};

/** The intent a decision left, when it was accepted. */
const intentAfter = (outcome: IntentDecision): PaymentIntentState | undefined =>
  E.isRight(outcome) ? outcome.right.state : undefined;

const outcomeOf = (outcome: IntentDecision): IntentOutcome =>
  E.map(({ state, version }: Applied<PaymentIntentEvent, PaymentIntentState>) => ({ state, version }))(
    outcome,
  );

/**
 * Locks the basket for the intent (C-8.1's preconditions decided again, on the freshest state) and
 * starts the intent's stream with what is to be paid per provider basket (C-8.2), in one commit. A
 * basket that may not be locked fails the notification and starts nothing.
 */
export const lockAndStart = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  work: Work,
): Promise<SagaStep> =>
  stepOf(
    await transact(ctx, accepted.basketId, async (tx): Promise<Plan<Decided>> => {
      const loaded = await tx.basket();
      const lock: ReadonlyArray<BasketCommand> = lockedBy(loaded.state, work.paymentIntentId)
        ? []
        : [
            {
              type: 'LockForPayment',
              basketId: accepted.basketId,
              at: tx.now,
              paymentIntentId: work.paymentIntentId,
            },
          ];
      const locked = await decideAll(basketAggregate, loaded, lock, tx.basketFacts);
      if (E.isLeft(locked)) {
        const completion = failed(accepted.notificationId, ctx.clock.now(), locked.left);
        return { value: { completion }, completion };
      }
      const basket = locked.right.state;
      // No basket to start an intent for (a lock decided on none is refused above): left as it is.
      if (!exists(basket)) return { value: { unfinished: true } };
      const intent = await tx.intent(work.paymentIntentId);
      const start: ReadonlyArray<PaymentIntentCommand> =
        intent.state.status !== 'none'
          ? []
          : [
              startIntentCommand(basket, {
                paymentIntentId: asUuid(work.paymentIntentId),
                notificationId: asUuid(accepted.notificationId),
                at: tx.now,
                payload: work.payload,
                contactId: work.contactId,
              }),
            ];
      const started = await decideIntent(intent, start);
      const after = intentAfter(started);
      return {
        value: after === undefined ? {} : { intent: after },
        ...bothWrites(
          tx,
          work.paymentIntentId,
          { loaded, applied: locked.right },
          { loaded: intent, outcome: started },
        ),
      };
    }),
  );

/**
 * Records the providers' answers (C-8.2) in one commit: the basket's provider baskets that were
 * confirmed (one the basket no longer has, its holds having run out, counts as refused), then the
 * answers on the intent, confirmations first and at most one refusal. The notification succeeds
 * here if that makes the intent ready (`completion`).
 */
export const recordAnswers = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  paymentIntentId: Uuid,
  answers: ReadonlyArray<ProviderAnswer>,
  completion: (outcome: IntentOutcome) => NotificationCompletion | undefined,
): Promise<SagaStep> => {
  const result = await commitAnswers(ctx, accepted, paymentIntentId, answers, completion);
  // A confirmation whose holds the catalog no longer has room for (a seat, slot or variant taken out
  // of it, a seat marked sold) is refused by every commit: its provider basket counts as refused
  // (C-8.2), instead of the saga retrying until the holds run out with the basket locked.
  if (result._tag === 'Refused' && result.conflict._tag === 'InsufficientInventory') {
    const productId = resourceOfKey(result.conflict.resource)?.productId;
    const provider =
      productId !== undefined && isProviderIdentity(productId) ? providerOf(productId) : undefined;
    const turned = answers.map((answer) =>
      answer.answer === 'confirmed' && providerOf(answer.providerBasketId) === provider
        ? { ...answer, answer: 'refused' as const }
        : answer,
    );
    if (turned.some((answer, i) => answer !== answers[i]))
      return recordAnswers(ctx, accepted, paymentIntentId, turned, completion);
  }
  return stepOf(result);
};

const commitAnswers = (
  ctx: AppContext,
  accepted: AcceptedCommand,
  paymentIntentId: Uuid,
  answers: ReadonlyArray<ProviderAnswer>,
  completion: (outcome: IntentOutcome) => NotificationCompletion | undefined,
): Promise<Transacted<Decided>> =>
  transact(ctx, accepted.basketId, async (tx): Promise<Plan<Decided>> => {
    const loaded = await tx.basket();
    let applied: Applied<BasketEvent, BasketState> = { events: [], ...loaded };
    const recorded: ProviderAnswer[] = [];
    for (const answer of answers) {
      const { state } = applied;
      const confirmed =
        exists(state) &&
        state.providerBaskets.some((pb) => pb.id === answer.providerBasketId && pb.confirmed);
      if (answer.answer === 'refused' || confirmed) {
        recorded.push(answer);
        continue;
      }
      const confirm: BasketCommand = {
        type: 'ConfirmProviderBasket',
        basketId: accepted.basketId,
        at: tx.now,
        paymentIntentId,
        providerBasketId: answer.providerBasketId,
      };
      const decided = await decideAll(basketAggregate, applied, [confirm], tx.basketFacts);
      if (E.isLeft(decided)) {
        recorded.push({ ...answer, answer: 'refused' });
        continue;
      }
      applied = { ...decided.right, events: [...applied.events, ...decided.right.events] };
      recorded.push(answer);
    }
    const ordered = [
      ...recorded.filter((a) => a.answer === 'confirmed'),
      ...recorded.filter((a) => a.answer === 'refused').slice(0, 1),
    ];
    const intent = await tx.intent(paymentIntentId);
    const pending = intent.state.status === 'none' ? [] : intent.state.creation.pendingProviderBaskets;
    const outcome = await decideIntent(
      intent,
      ordered
        .filter((a) => pending.includes(a.providerBasketId))
        .map((a) => ({
          type: 'RecordProviderAnswer',
          paymentIntentId,
          at: tx.now,
          providerBasketId: a.providerBasketId,
          answer: a.answer,
        })),
    );
    const completed = completion(outcomeOf(outcome));
    const after = intentAfter(outcome);
    return {
      value: {
        ...(completed === undefined ? {} : { completion: completed }),
        ...(after === undefined ? {} : { intent: after }),
      },
      ...bothWrites(tx, paymentIntentId, { loaded, applied }, { loaded: intent, outcome }),
      ...(completed === undefined ? {} : { completion: completed }),
    };
  });
