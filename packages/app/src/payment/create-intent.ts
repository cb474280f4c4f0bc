import {
  afterExpiry,
  type BasketState,
  type ExistingPaymentIntent,
  exists,
  type Instant,
  type PaymentIntentState,
  type ProviderIdentity,
  problem,
  providerOf,
} from '@basket/core';
import * as E from 'fp-ts/Either';
import type { AppContext } from '../context';
import { toJsonObject } from '../json';
import type { AcceptedCommand } from '../ports/notifications';
import { runBasketPlan } from '../processing/basket-decision';
import { failed, succeeded } from '../processing/completion';
import { completeWithoutChange, fromBasketRun, type Handled } from '../processing/handled';
import type { QueuedWorkOf } from '../processing/queued-command';
import { loadIntent } from '../streams/payment-intent-stream';
import { answerWithin, nowOf } from '../time';
import { lockAndStart, type ProviderAnswer, recordAnswers } from './intent-creation-commits';
import { type IntentOutcome, runIntentPlan } from './intent-decision';
import { nextStep, runSaga, type SagaStep } from './support';
import { unlockPlan } from './unlock';

type Work = QueuedWorkOf<'createPaymentIntent'>;

/** The creation machine's notification succeeds in the commit that makes the intent ready (C-8.2). */
const readyCompletion = (ctx: AppContext, accepted: AcceptedCommand) => (outcome: IntentOutcome) =>
  E.isRight(outcome) && outcome.right.state.status === 'AwaitingPayment'
    ? succeeded(accepted.notificationId, ctx.clock.now())
    : undefined;

/**
 * Asks every provider still to answer (in parallel), confirms the basket's provider baskets that
 * they confirmed, then records the answers on the intent: confirmations first, then a refusal. A
 * provider basket the basket no longer has (its holds ran out meanwhile) counts as refused.
 */
const confirm = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  intent: ExistingPaymentIntent,
): Promise<SagaStep> => {
  const paymentIntentId = intent.id;
  const answers = await Promise.all(
    intent.creation.pendingProviderBaskets.map(async (providerBasketId) => {
      const request = { providerId: providerOf(providerBasketId), providerBasketId, paymentIntentId };
      const asked = ctx.providers.confirm(request);
      // A provider that does not answer in time has not confirmed: the intent goes the refusal way
      // (C-8.2) instead of keeping the basket locked and its queue blocked. Should it confirm after
      // all, it is told to release (C-8.4).
      const timedOut = Symbol('timed out');
      const answer = await answerWithin<ProviderAnswer['answer'] | typeof timedOut>(
        asked,
        ctx.config.providerAnswerTimeoutMs,
        timedOut,
      );
      if (answer !== timedOut) return { providerBasketId, answer };
      void asked
        .then(async (late) => {
          if (late !== 'confirmed') return;
          const now = (await loadIntent(ctx.storage.events, paymentIntentId)).state;
          await releaseUnrecorded(ctx, now, [providerBasketId], true);
        })
        .catch(ctx.onError);
      return { providerBasketId, answer: 'refused' as const };
    }),
  );
  const next = await recordAnswers(ctx, accepted, paymentIntentId, answers, readyCompletion(ctx, accepted));
  const confirmed = answers.filter((a) => a.answer === 'confirmed').map((a) => a.providerBasketId);
  // Completed: this commit made the intent ready, so it holds every confirmation (nothing to read).
  if (confirmed.length > 0 && next._tag !== 'Completed') {
    const after = next._tag === 'Continue' ? next.intent : undefined;
    const intent = after ?? (await loadIntent(ctx.storage.events, paymentIntentId)).state;
    await releaseUnrecorded(ctx, intent, confirmed, next._tag === 'AlreadyCompleted');
  }
  return next;
};

/**
 * Takes back the confirmations the intent did not take: late answers of an attempt that another
 * process had taken over (C-5.1), arriving after the intent moved on, or after the command was
 * finished elsewhere with the intent cancelled and what it recorded released. No provider keeps a
 * confirmation for an intent that will not be paid (C-8.4); a provider takes a release of what it
 * does not hold as no change. (An intent this attempt itself finds cancelled by a refusal releases
 * what it recorded in its next step, `refused`.)
 */
const releaseUnrecorded = async (
  ctx: AppContext,
  intent: PaymentIntentState,
  confirmed: ReadonlyArray<ProviderIdentity>,
  /** A cancelled intent keeps nothing: its own releases are done (or it was refused by this answer). */
  finishedElsewhere: boolean,
): Promise<void> => {
  if (intent.status === 'none') return;
  const kept =
    intent.status === 'Cancelled' && finishedElsewhere
      ? []
      : [
          ...intent.confirmedProviderBaskets,
          ...(intent.status === 'PreparingPayment' ? intent.creation.pendingProviderBaskets : []),
        ];
  await Promise.all(
    confirmed
      .filter((providerBasketId) => !kept.includes(providerBasketId))
      .map((providerBasketId) =>
        ctx.providers.release({
          providerId: providerOf(providerBasketId),
          providerBasketId,
          paymentIntentId: intent.id,
        }),
      ),
  );
};

/** The payment provider opens its session once every provider basket is confirmed (C-8.2). */
const openSession = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  intent: ExistingPaymentIntent,
): Promise<SagaStep> => {
  const session = await ctx.paymentProvider.openSession({
    paymentIntentId: intent.id,
    amount: intent.paymentDetails.totalPaid,
    payload: toJsonObject(intent.payload ?? {}),
  });
  const run = await runIntentPlan(ctx, {
    basketId: accepted.basketId,
    paymentIntentId: intent.id,
    commands: (loaded, at) =>
      loaded.state.status === 'PreparingPayment' && loaded.state.creation.pendingPaymentProvider
        ? [
            {
              type: 'RecordPaymentSession',
              paymentIntentId: intent.id,
              at,
              pspPaymentreference: session.reference,
              pspPayload: session.payload,
            },
          ]
        : [],
    completion: readyCompletion(ctx, accepted),
  });
  return nextStep(run);
};

/**
 * What `provider-refused` says of the refusal: a provider basket whose holds ran out before its
 * provider confirmed it (C-7.8) was not refused by the provider, and the detail says so.
 */
const refusalDetail = (refusedBy: string | undefined, basket: BasketState, now: Instant): string => {
  if (refusedBy === undefined) return 'a provider refused to confirm its provider basket';
  const after = afterExpiry(basket, now);
  const expired = !exists(after) || !after.providerBaskets.some((pb) => pb.id === refusedBy);
  return expired
    ? `the holds of provider basket ${refusedBy} ran out before its provider confirmed it`
    : `the provider of ${refusedBy} refused to confirm it, did not answer in time, or no longer has room in its catalog for what it holds`;
};

/**
 * A provider refused (C-8.2): the intent is Cancelled; the basket is unlocked with its lines kept,
 * first, so that it is the buyer's again at once; then the others take back their confirmations,
 * and the notification fails with `provider-refused`. The refusing one is told too, since a
 * provider that answered too late may have confirmed after all. A saga that stops in between
 * resumes here: the unlock is not made twice, the releases are.
 */
const refused = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  intent: ExistingPaymentIntent,
): Promise<Handled> => {
  const unlocked = await runBasketPlan(ctx, unlockPlan(accepted.basketId, intent.id, 'provider-refused'));
  if (unlocked._tag !== 'Decided') return fromBasketRun(unlocked);
  const toRelease = [...intent.confirmedProviderBaskets, ...(intent.refusedBy ? [intent.refusedBy] : [])];
  await Promise.all(
    toRelease.map((providerBasketId) =>
      ctx.providers.release({
        providerId: providerOf(providerBasketId),
        providerBasketId,
        paymentIntentId: intent.id,
      }),
    ),
  );
  const detail = refusalDetail(intent.refusedBy, unlocked.loaded.state, nowOf(ctx.clock));
  return completeWithoutChange(ctx, accepted, () =>
    failed(accepted.notificationId, ctx.clock.now(), problem('provider-refused', detail)),
  );
};

/** The next step of the creation machine, from the intent as the last step left it. */
const step = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  work: Work,
  intent: PaymentIntentState,
): Promise<SagaStep> => {
  if (intent.status === 'none') {
    // Locked and started in one commit; a basket already locked for this intent (by a saga that
    // stopped between the two) is only started.
    return lockAndStart(ctx, accepted, work);
  }
  switch (intent.status) {
    case 'PreparingPayment':
      if (intent.creation.pendingProviderBaskets.length > 0) return confirm(ctx, accepted, intent);
      return openSession(ctx, accepted, intent);
    case 'AwaitingPayment':
    case 'PaymentComplete':
      return completeWithoutChange(ctx, accepted, () => succeeded(accepted.notificationId, ctx.clock.now()));
    case 'Cancelled':
      if (intent.cancellationReason === 'provider-refused') return refused(ctx, accepted, intent);
      return completeWithoutChange(ctx, accepted, () =>
        failed(
          accepted.notificationId,
          ctx.clock.now(),
          problem('payment-intent-state', 'the payment intent was cancelled'),
        ),
      );
  }
};

/** createPaymentIntent's saga (C-8.1, C-8.2), re-entrant: after a crash it resumes from the streams. */
export const handleCreateIntent = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  work: Work,
): Promise<Handled> => runSaga(ctx, work.paymentIntentId, (intent) => step(ctx, accepted, work, intent));
