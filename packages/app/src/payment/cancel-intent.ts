import {
  cancellationRunning,
  type ExistingPaymentIntent,
  type PaymentIntentCommand,
  type PaymentIntentState,
  problem,
  providerOf,
} from '@basket/core';
import type { AppContext } from '../context';
import type { AcceptedCommand } from '../ports/notifications';
import { runBasketPlan } from '../processing/basket-decision';
import { failed, succeeded } from '../processing/completion';
import { completeWithoutChange, fromBasketRun, type Handled, unfinished } from '../processing/handled';
import type { QueuedWorkOf } from '../processing/queued-command';
import { runIntentPlan } from './intent-decision';
import { recordPayment } from './pay';
import { asUuid, nextStep, runSaga, type SagaStep } from './support';
import { unlockPlan } from './unlock';

type Work = QueuedWorkOf<'deletePaymentIntent'>;

/** The intent is Cancelled: the basket is unlocked with its lines and holds kept (C-8.4). */
const unlock = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  paymentIntentId: string,
): Promise<Handled> =>
  fromBasketRun(
    await runBasketPlan(
      ctx,
      unlockPlan(accepted.basketId, paymentIntentId, 'cancelled', {
        completion: () => succeeded(accepted.notificationId, ctx.clock.now()),
      }),
    ),
  );

/** Starts the cancellation machine (C-8.4); cancellationRunning twice changes nothing. */
const requestCancellation = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  intent: ExistingPaymentIntent,
) => {
  const run = await runIntentPlan(ctx, {
    basketId: accepted.basketId,
    paymentIntentId: intent.id,
    commands: (loaded, at) =>
      loaded.state.status === 'none' ||
      cancellationRunning(loaded.state) ||
      loaded.state.status === 'Cancelled'
        ? []
        : [
            {
              type: 'RequestCancellation',
              paymentIntentId: intent.id,
              at,
              notificationId: asUuid(accepted.notificationId),
            },
          ],
  });
  return nextStep(run);
};

/**
 * The payment provider voids its session first: a session found paid (a payment whose recording was
 * given up, C-8.6) means the money is taken, so the payment is recorded and the basket checked out,
 * and this cancellation fails; nothing has been released then. Otherwise each provider takes back its
 * confirmation, and the last answer cancels.
 */
const releaseAll = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  intent: ExistingPaymentIntent,
): Promise<SagaStep> => {
  const running = intent.cancellation;
  if (running === undefined) return unfinished;
  const reference = intent.pspPaymentreference;
  if (running.pendingPaymentProvider && reference !== undefined) {
    const voided = await ctx.paymentProvider.voidSession({ paymentIntentId: intent.id, reference });
    if (voided.outcome === 'paid') {
      const payment = { paymentIntentId: intent.id, tokenId: voided.tokenId, outcome: 'succeeded' } as const;
      return recordPayment(ctx, accepted, payment, (at) =>
        failed(
          accepted.notificationId,
          at,
          problem('payment-intent-state', 'the payment intent was paid before it could be cancelled'),
        ),
      );
    }
  }
  await Promise.all(
    running.pendingProviderBaskets.map((providerBasketId) =>
      ctx.providers.release({
        providerId: providerOf(providerBasketId),
        providerBasketId,
        paymentIntentId: intent.id,
      }),
    ),
  );
  const run = await runIntentPlan(ctx, {
    basketId: accepted.basketId,
    paymentIntentId: intent.id,
    commands: (loaded, at) => {
      const still =
        loaded.state.status !== 'none' && cancellationRunning(loaded.state)
          ? loaded.state.cancellation
          : undefined;
      if (still === undefined) return [];
      const released: ReadonlyArray<PaymentIntentCommand> = still.pendingProviderBaskets
        .filter((id) => running.pendingProviderBaskets.includes(id))
        .map((providerBasketId) => ({
          type: 'RecordConfirmationReleased',
          paymentIntentId: intent.id,
          at,
          providerBasketId,
        }));
      const voided: ReadonlyArray<PaymentIntentCommand> =
        still.pendingPaymentProvider && running.pendingPaymentProvider
          ? [{ type: 'RecordSessionVoided', paymentIntentId: intent.id, at }]
          : [];
      return [...released, ...voided];
    },
  });
  return nextStep(run);
};

const step = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  work: Work,
  intent: PaymentIntentState,
): Promise<SagaStep> => {
  const fail = (code: 'payment-intent-not-found' | 'payment-intent-state', detail: string) =>
    completeWithoutChange(ctx, accepted, () =>
      failed(accepted.notificationId, ctx.clock.now(), problem(code, detail)),
    );
  if (intent.status === 'none')
    return fail('payment-intent-not-found', `no payment intent ${work.paymentIntentId}`);
  if (intent.status === 'PaymentComplete')
    return fail('payment-intent-state', 'a paid payment intent cannot be cancelled');
  if (intent.status === 'Cancelled') return unlock(ctx, accepted, intent.id);
  if (!cancellationRunning(intent)) return requestCancellation(ctx, accepted, intent);
  return releaseAll(ctx, accepted, intent);
};

/** deletePaymentIntent's saga (C-8.4), re-entrant from the intent's stream. */
export const handleCancelIntent = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  work: Work,
): Promise<Handled> => runSaga(ctx, work.paymentIntentId, (intent) => step(ctx, accepted, work, intent));
