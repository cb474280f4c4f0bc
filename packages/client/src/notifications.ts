import { Notification, type SucceededNotification } from '@basket/core';
import { decodeReply } from './decode';
import { BasketNetworkError, BasketProblemError, BasketResponseError, BasketTimeoutError } from './errors';
import { operationLine } from './operation-line';
import { MAX_WAIT_MS, type SettleOptions } from './options';
import { pause, type Transport } from './transport';

export type Notifications = {
  /** `GET /notifications/{id}` (C-5.2); `waitMs` holds the answer while it is Pending. */
  readonly get: (
    notificationId: string,
    options?: { readonly waitMs?: number; readonly signal?: AbortSignal },
  ) => Promise<Notification>;
  /**
   * Long-polls until the notification completes: answers it when Succeeded, throws a
   * BasketProblemError (with `notification`) when Failed.
   */
  readonly settle: (notificationId: string, options?: SettleOptions) => Promise<SucceededNotification>;
};

/**
 * Runs `poll` with a signal that aborts at `deadline` (with `timedOut()`) or with `outer`: a slow
 * answer (a proxy holding a long poll, a slow network) cannot outlast `settled({ timeoutMs })`.
 */
const beforeDeadline = async <A>(
  deadline: number | undefined,
  outer: AbortSignal | undefined,
  timedOut: () => Error,
  poll: (signal: AbortSignal | undefined) => Promise<A>,
): Promise<A> => {
  if (deadline === undefined) return poll(outer);
  const controller = new AbortController();
  const abortWithOuter = () => controller.abort(outer?.reason);
  if (outer?.aborted === true) abortWithOuter();
  outer?.addEventListener('abort', abortWithOuter, { once: true });
  const timer = setTimeout(() => controller.abort(timedOut()), Math.max(0, deadline - Date.now()));
  try {
    return await poll(controller.signal);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', abortWithOuter);
  }
};

/**
 * How long `settle` keeps polling through failed polls in a row when it has no deadline of its own:
 * a read is safe to send again, and a server behind a load balancer may take this long to restart.
 */
const FAILING_POLLS_MS = 30_000;

/** The pause after the `n`th failed poll in a row (the transport's own retries came before it). */
const failedPollPause = (n: number): number => Math.min(2000, 250 * 2 ** (n - 1));

/**
 * A poll that failed on the way rather than in the service's judgement: no answer after the
 * transport's retries, or a 5xx (a restarting server, a load balancer with no server to send it
 * to). The notification's command was accepted all the same, so polling again is what is left to do.
 */
const failedOnTheWay = (error: unknown): boolean =>
  error instanceof BasketNetworkError ||
  ((error instanceof BasketProblemError || error instanceof BasketResponseError) && error.status >= 500);

/** `seen` is told of every notification read, so that the client's ETags follow its commands' completions. */
export const createNotifications = (
  transport: Transport,
  pollWaitMs: number,
  seen: (notification: Notification) => void,
): Notifications => {
  const get: Notifications['get'] = async (notificationId, options = {}) => {
    const waitMs = Math.min(Math.max(0, Math.floor(options.waitMs ?? 0)), MAX_WAIT_MS);
    const { method, path } = operationLine('getNotification', { notificationId });
    const reply = await transport({
      method,
      path: waitMs > 0 ? `${path}?waitMs=${waitMs}` : path,
      modifying: false,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    const notification = decodeReply(Notification, reply);
    seen(notification);
    return notification;
  };

  const settle: Notifications['settle'] = async (notificationId, options = {}) => {
    const deadline = options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs;
    const timedOut = () => new BasketTimeoutError(notificationId, options.timeoutMs ?? 0);
    let failing: { readonly since: number; count: number } | undefined;
    for (;;) {
      const left = deadline === undefined ? pollWaitMs : Math.min(pollWaitMs, deadline - Date.now());
      let notification: Notification;
      try {
        notification = await beforeDeadline(deadline, options.signal, timedOut, (signal) =>
          get(notificationId, { waitMs: Math.max(0, left), ...(signal === undefined ? {} : { signal }) }),
        );
      } catch (error) {
        if (!failedOnTheWay(error) || options.signal?.aborted === true) throw error;
        failing ??= { since: Date.now(), count: 0 };
        failing.count += 1;
        const pauseMs = failedPollPause(failing.count);
        const until = deadline ?? failing.since + FAILING_POLLS_MS;
        if (Date.now() + pauseMs >= until) throw deadline === undefined ? error : timedOut();
        await beforeDeadline(deadline, options.signal, timedOut, (signal) => pause(pauseMs, signal));
        continue;
      }
      failing = undefined;
      if (notification.status === 'Succeeded') return notification;
      if (notification.status === 'Failed') {
        throw new BasketProblemError(
          notification.problem,
          { method: 'GET', path: `/notifications/${notificationId}` },
          notification,
        );
      }
      if (deadline !== undefined && Date.now() >= deadline) throw timedOut();
    }
  };

  return { get, settle };
};
