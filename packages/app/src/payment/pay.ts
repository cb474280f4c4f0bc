import {
  cancellationRunning,
  type DomainProblem,
  type ExistingPaymentIntent,
  exists,
  holdsOf,
  problem,
} from '@basket/core';
import * as E from 'fp-ts/Either';
import type { AppContext } from '../context';
import type { AcceptedCommand, NotificationCompletion } from '../ports/notifications';
import { failed, succeeded } from '../processing/completion';
import { completeWithoutChange, type Handled, unfinished } from '../processing/handled';
import type { QueuedWorkOf } from '../processing/queued-command';
import { basketAggregate, decideAll, intentAggregate } from '../streams/aggregate';
import { loadIntent } from '../streams/payment-intent-stream';
import { holdRows } from '../transact/facts';
import { transact } from '../transact/transact';
import { asUuid } from './support';

type Work = QueuedWorkOf<'payWithToken'>;

const notPayable = (ctx: AppContext, accepted: AcceptedCommand, detail: string) =>
  completeWithoutChange(ctx, accepted, () =>
    failed(accepted.notificationId, ctx.clock.now(), problem('payment-intent-state', detail)),
  );

/** A payment provider's outcome of a charge, to record on its intent. */
export type PaymentOutcome = {
  readonly paymentIntentId: string;
  readonly tokenId: string;
  readonly outcome: 'succeeded' | 'declined';
};

/**
 * Records the payment provider's outcome of a charge, in one transaction with the command's
 * completion (C-8.6: an outcome comes from exactly one command, recorded once): a decline fails the
 * notification with `payment-declined` and leaves the intent AwaitingPayment (C-4.3); a success
 * completes the intent and checks the basket out in that same commit (C-8.5), the command completed
 * as `whenPaid` says (endpoint 17's succeeds; a cancellation that found the session paid fails). A
 * second processing of the command (another process, a restart) finds it no longer Pending and
 * writes nothing.
 */
export const recordPayment = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  payment: PaymentOutcome,
  whenPaid: (at: string) => NotificationCompletion,
): Promise<Handled> => {
  const result = await transact(ctx, accepted.basketId, async (tx) => {
    const intentLoaded = await tx.intent(payment.paymentIntentId);
    const basketLoaded = await tx.basket();
    const fail = (refusal: DomainProblem) => {
      const completion = failed(accepted.notificationId, tx.now, refusal);
      return { value: completion, completion };
    };
    const paid = await decideAll(
      intentAggregate,
      intentLoaded,
      [
        {
          type: 'RecordPayment',
          paymentIntentId: asUuid(payment.paymentIntentId),
          at: tx.now,
          tokenId: payment.tokenId,
          outcome: payment.outcome,
        },
      ],
      async () => undefined,
    );
    if (E.isLeft(paid)) return fail(paid.left);
    const intentWrite = tx.intentWrite(payment.paymentIntentId, intentLoaded, paid.right);
    if (payment.outcome === 'declined') {
      const completion = failed(
        accepted.notificationId,
        tx.now,
        problem('payment-declined', 'the payment provider declined the token'),
      );
      return { value: completion, completion, writes: [intentWrite] };
    }
    const checkedOut = await decideAll(
      basketAggregate,
      basketLoaded,
      [
        {
          type: 'CheckOut',
          basketId: accepted.basketId,
          at: tx.now,
          paymentIntentId: payment.paymentIntentId,
        },
      ],
      tx.basketFacts,
    );
    if (E.isLeft(checkedOut)) return fail(checkedOut.left);
    const completion = whenPaid(tx.now);
    return {
      value: completion,
      completion,
      writes: [tx.basketWrite(basketLoaded, checkedOut.right), intentWrite],
      holds: holdRows(holdsOf(checkedOut.right.state), tx.catalog),
    };
  });
  if (result._tag === 'Done') return { _tag: 'Completed', completion: result.value };
  return result.conflict._tag === 'AlreadyCompleted' ? { _tag: 'AlreadyCompleted' } : unfinished;
};

/** Charges the token (the payment provider is idempotent per intent) and records the outcome. */
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
  return recordPayment(ctx, accepted, { paymentIntentId: intent.id, tokenId: work.tokenId, outcome }, (at) =>
    succeeded(accepted.notificationId, at),
  );
};

/**
 * Endpoint 17's work. The payment and the checkout are one commit, so a paid intent always has a
 * checked-out basket; an intent paid before by an older version of this code (two commits, a crash
 * between) is checked out here.
 */
export const handlePayment = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  work: Work,
): Promise<Handled> => {
  const intent = (await loadIntent(ctx.storage.events, work.paymentIntentId)).state;
  if (intent.status === 'none') return notPayable(ctx, accepted, 'no such payment intent');
  if (intent.status === 'PaymentComplete') return finishCheckout(ctx, accepted, work, intent);
  if (intent.status !== 'AwaitingPayment') {
    return notPayable(ctx, accepted, `a payment intent that is ${intent.status} cannot be paid`);
  }
  // Refused before the charge: a payment taken now could no longer be recorded (C-8.4, C-8.6).
  if (cancellationRunning(intent)) return notPayable(ctx, accepted, 'the payment intent is being cancelled');
  return charge(ctx, accepted, work, intent);
};

const finishCheckout = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  work: Work,
  intent: ExistingPaymentIntent,
): Promise<Handled> => {
  const result = await transact(ctx, accepted.basketId, async (tx) => {
    const loaded = await tx.basket();
    const unfinishedCheckout =
      intent.paidWithTokenId === work.tokenId &&
      exists(loaded.state) &&
      loaded.state.status === 'locked' &&
      loaded.state.activePaymentIntentId === intent.id;
    if (!unfinishedCheckout) {
      const completion = failed(
        accepted.notificationId,
        tx.now,
        problem('payment-intent-state', 'the payment intent is already paid'),
      );
      return { value: completion, completion };
    }
    const checkedOut = await decideAll(
      basketAggregate,
      loaded,
      [{ type: 'CheckOut', basketId: accepted.basketId, at: tx.now, paymentIntentId: intent.id }],
      tx.basketFacts,
    );
    const completion = E.isRight(checkedOut)
      ? succeeded(accepted.notificationId, tx.now)
      : failed(accepted.notificationId, tx.now, checkedOut.left);
    return {
      value: completion,
      completion,
      ...(E.isRight(checkedOut)
        ? {
            writes: [tx.basketWrite(loaded, checkedOut.right)],
            holds: holdRows(holdsOf(checkedOut.right.state), tx.catalog),
          }
        : {}),
    };
  });
  if (result._tag === 'Done') return { _tag: 'Completed', completion: result.value };
  return result.conflict._tag === 'AlreadyCompleted' ? { _tag: 'AlreadyCompleted' } : unfinished;
};
