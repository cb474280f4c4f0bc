import { Notification, type SucceededNotification } from '@basket/core';
import { decodeReply } from './decode';
import { BasketProblemError, BasketTimeoutError } from './errors';
import { operationLine } from './operation-line';
import { MAX_WAIT_MS, type SettleOptions } from './options';
import { readThroughFailures } from './read-through-failures';
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
      const notification = await readThroughFailures(
        (signal) =>
          get(notificationId, { waitMs: Math.max(0, left), ...(signal === undefined ? {} : { signal }) }),
        { deadline, signal: options.signal, timedOut },
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
