import { type ExistingPaymentIntent, exists, problem } from '@basket/core';
import * as E from 'fp-ts/Either';
import type { AppContext } from '../context';
import type { AcceptedCommand } from '../ports/notifications';
import { runBasketPlan } from '../processing/basket-decision';
import { failed, succeeded } from '../processing/completion';
import { completeWithoutChange, fromBasketRun, type Handled, unfinished } from '../processing/handled';
import type { QueuedWorkOf } from '../processing/queued-command';
import { loadBasket } from '../streams/basket-stream';
import { loadIntent } from '../streams/payment-intent-stream';
import { runIntentPlan } from './intent-decision';

type Work = QueuedWorkOf<'payWithToken'>;

const notPayable = (ctx: AppContext, accepted: AcceptedCommand, detail: string) =>
  completeWithoutChange(ctx, accepted, () =>
    failed(accepted.notificationId, ctx.clock.now(), problem('payment-intent-state', detail)),
  );

/** The intent is paid: the basket is checked out, and the notification succeeds with it (C-8.5). */
const checkOut = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  intent: ExistingPaymentIntent,
): Promise<Handled> =>
  fromBasketRun(
    await runBasketPlan(ctx, {
      basketId: accepted.basketId,
      commands: (loaded, at) =>
        exists(loaded.state) &&
        loaded.state.status === 'locked' &&
        loaded.state.activePaymentIntentId === intent.id
          ? [{ type: 'CheckOut', basketId: accepted.basketId, at, paymentIntentId: intent.id }]
          : [],
      completion: (outcome) =>
        E.isRight(outcome)
          ? succeeded(accepted.notificationId, ctx.clock.now())
          : failed(accepted.notificationId, ctx.clock.now(), outcome.left),
    }),
  );

/**
 * Charges the token (the payment provider is idempotent per intent) and records the outcome: a
 * decline fails the notification with `payment-declined` in the same commit and leaves the intent
 * AwaitingPayment (C-4.3); a success completes the intent, then checks the basket out.
 */
const charge = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  work: Work,
  intent: ExistingPaymentIntent,
) => {
  const reference = intent.pspPaymentreference;
  if (reference === undefined) return notPayable(ctx, accepted, 'the payment intent has no payment session');
  const outcome = await ctx.paymentProvider.charge({
    paymentIntentId: intent.id,
    reference,
    contactId: work.contactId,
    tokenId: work.tokenId,
  });
  const run = await runIntentPlan(ctx, {
    paymentIntentId: intent.id,
    commands: (_loaded, at) => [
      { type: 'RecordPayment', paymentIntentId: intent.id, at, tokenId: work.tokenId, outcome },
    ],
    completion: (decided) => {
      if (E.isLeft(decided)) return failed(accepted.notificationId, ctx.clock.now(), decided.left);
      return outcome === 'declined'
        ? failed(
            accepted.notificationId,
            ctx.clock.now(),
            problem('payment-declined', 'the payment provider declined the token'),
          )
        : undefined;
    },
  });
  if (run._tag !== 'Decided') return run._tag === 'AlreadyCompleted' ? run : unfinished;
  if (run.completion !== undefined) return { _tag: 'Completed' as const, completion: run.completion };
  const paid = E.isRight(run.outcome) ? run.outcome.right.state : undefined;
  return paid !== undefined && paid.status === 'PaymentComplete' ? checkOut(ctx, accepted, paid) : unfinished;
};

/** Endpoint 17's work, re-entrant: a payment recorded before a crash goes on to the checkout. */
export const handlePayment = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  work: Work,
): Promise<Handled> => {
  const intent = (await loadIntent(ctx.storage.events, work.paymentIntentId)).state;
  if (intent.status === 'none') return notPayable(ctx, accepted, 'no such payment intent');
  if (intent.status === 'PaymentComplete') {
    const basket = (await loadBasket(ctx.storage, accepted.basketId, ctx.basketStates)).state;
    const unfinishedCheckout = intent.paidWithTokenId === work.tokenId && basket.status === 'locked';
    return unfinishedCheckout
      ? checkOut(ctx, accepted, intent)
      : notPayable(ctx, accepted, 'the payment intent is already paid');
  }
  if (intent.status !== 'AwaitingPayment') {
    return notPayable(ctx, accepted, `a payment intent that is ${intent.status} cannot be paid`);
  }
  return charge(ctx, accepted, work, intent);
};
