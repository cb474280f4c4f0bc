import { Notification, type SucceededNotification } from '@basket/core';
import { decodeReply } from './decode';
import { BasketProblemError, BasketTimeoutError } from './errors';
import { operationLine } from './operation-line';
import { MAX_WAIT_MS, type SettleOptions } from './options';
import type { Transport } from './transport';

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
    for (;;) {
      const left = deadline === undefined ? pollWaitMs : Math.min(pollWaitMs, deadline - Date.now());
      const notification = await beforeDeadline(deadline, options.signal, timedOut, (signal) =>
        get(notificationId, { waitMs: Math.max(0, left), ...(signal === undefined ? {} : { signal }) }),
      );
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
