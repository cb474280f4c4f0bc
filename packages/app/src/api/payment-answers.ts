import { ProblemCode } from '@basket/core';
import type { AppContext } from '../context';
import type { NotificationRecord, StoredProblem } from '../ports/notifications';
import { statusOf } from '../problems/problem';
import { loadIntent } from '../streams/payment-intent-stream';
import { notificationAnswer, problemAnswer } from './answers';
import type { Answer } from './types';
import { paymentIntentJson } from './views';

/**
 * The notification, once complete or after `waitMs` (whichever comes first), or as first read when
 * `signal` aborts.
 */
export const awaitNotification = (
  ctx: AppContext,
  notificationId: string,
  waitMs: number,
  signal?: AbortSignal,
) => ctx.hub.waitFor(notificationId, waitMs, () => ctx.storage.commands.notification(notificationId), signal);

/**
 * createPaymentIntent's answer (C-4.2, C-8.2): 200 with the intent when its creation machine is
 * ready within `waitMs`, else 202 with the notification id (always 202 after a refusal).
 */
export const paymentIntentAnswer = async (
  ctx: AppContext,
  paymentIntentId: string,
  notificationId: string,
  waitMs: number,
): Promise<Answer> => {
  const notification = await awaitNotification(ctx, notificationId, waitMs);
  if (notification?.status === 'Succeeded') {
    const intent = (await loadIntent(ctx.storage.events, paymentIntentId)).state;
    if (intent.status !== 'none' && intent.creation.ready)
      return { status: 200, body: paymentIntentJson(intent) };
  }
  return notificationAnswer(202, notificationId);
};

/** A stored problem answered again with its own status. */
export const storedProblemAnswer = (problem: StoredProblem): Answer => {
  const code = ProblemCode.is(problem.code) ? problem.code : 'internal-error';
  return { status: statusOf(code), problem: { ...problem, code, status: statusOf(code) } };
};

/**
 * Endpoint 17's answer from its notification (C-4.3): 204 when paid, the failure's own problem
 * (402 `payment-declined`, 409 `payment-intent-state`) otherwise. Endpoint 17 is synchronous and
 * has no 202: a payment provider that has not answered within `waitMs` is a 500 `internal-error`
 * that says the payment goes on. It is not kept as the key's answer, so the same request again
 * (same Idempotency-Key) answers the outcome once it is in (C-6.3).
 */
export const paymentAnswer = async (
  ctx: AppContext,
  notificationId: string,
  waitMs: number,
  /** Ends the wait early: the client went away (its answer is then the 500 of a payment still on). */
  signal?: AbortSignal,
): Promise<Answer> => {
  const notification: NotificationRecord | undefined = await awaitNotification(
    ctx,
    notificationId,
    waitMs,
    signal,
  );
  if (notification?.status === 'Succeeded') return { status: 204 };
  if (notification?.status === 'Failed' && notification.problem !== undefined) {
    return storedProblemAnswer(notification.problem);
  }
  if (notification === undefined) return problemAnswer('internal-error', 'the payment was not recorded');
  return problemAnswer(
    'internal-error',
    'the payment provider has not answered yet; the payment goes on: send this request again with ' +
      'the same Idempotency-Key for its outcome, or read the payment intent',
  );
};
