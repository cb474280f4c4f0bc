import type { JsonObject } from '../ports/json';
import type { NotificationRecord } from '../ports/notifications';
import { notificationView } from './view';

/**
 * Subscribers of completed notifications (C-5.5, in-process). A listener that throws, or answers a
 * promise that rejects, is reported to the app's `onError`; processing goes on.
 */
export type NotificationListener = (notification: JsonObject) => void;

/**
 * In-process news of completed notifications: listeners (C-5.5's in-process subscribers) and
 * waiters (`getNotification?waitMs`, createPaymentIntent's sync wait, endpoint 17), so that nobody
 * polls for completions made here. A completion by another process sharing the store is not heard:
 * a waiter therefore also reads the store every `recheckMs` (and when its time is up).
 */
export type CompletionHub = {
  readonly completed: (record: NotificationRecord) => void;
  readonly subscribe: (listener: NotificationListener) => () => void;
  /**
   * A notification completed in this process lately, as committed (the last `SETTLED_KEPT`). A
   * completed notification never changes again (C-5.2), so this is what the storage holds for it.
   */
  readonly settled: (notificationId: string) => NotificationRecord | undefined;
  /**
   * The notification once it is no longer Pending, or as it is after `ms` (undefined: unknown).
   * When `signal` aborts (the waiting client went away), the wait ends at once with the notification
   * as first read, and nothing more is read for it.
   */
  readonly waitFor: (
    notificationId: string,
    ms: number,
    read: () => Promise<NotificationRecord | undefined>,
    signal?: AbortSignal,
  ) => Promise<NotificationRecord | undefined>;
};

/** How many completed notifications `settled` remembers (a few hundred bytes each). */
export const SETTLED_KEPT = 4096;

export const createCompletionHub = (
  recheckMs: number,
  onError: (error: unknown) => void = () => {},
): CompletionHub => {
  const listeners = new Set<NotificationListener>();
  /** A subscriber's failure is its own: reported, and processing goes on (whatever `onError` does). */
  const report = (error: unknown): void => {
    try {
      onError(error);
    } catch {
      // Nothing is left to tell.
    }
  };
  const waiters = new Map<string, Set<(record: NotificationRecord) => void>>();
  // In completion order: the first key is the oldest.
  const settled = new Map<string, NotificationRecord>();

  const completed = (record: NotificationRecord): void => {
    if (record.status !== 'Pending') {
      settled.set(record.notificationId, record);
      if (settled.size > SETTLED_KEPT) {
        const oldest = settled.keys().next();
        if (oldest.done !== true) settled.delete(oldest.value);
      }
    }
    for (const wake of waiters.get(record.notificationId) ?? []) wake(record);
    waiters.delete(record.notificationId);
    const view = notificationView(record);
    for (const listener of listeners) {
      try {
        // An async listener answers a promise where its type says void.
        const answered: unknown = listener(view);
        if (answered instanceof Promise) answered.catch(report);
      } catch (error) {
        report(error);
      }
    }
  };

  const waitFor: CompletionHub['waitFor'] = async (notificationId, ms, read, signal) => {
    let wake: (record: NotificationRecord) => void = () => {};
    const woken = new Promise<NotificationRecord>((resolve) => {
      wake = resolve;
    });
    const set = waiters.get(notificationId) ?? new Set();
    set.add(wake);
    waiters.set(notificationId, set);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let recheck: ReturnType<typeof setInterval> | undefined;
    let left = () => {};
    try {
      // Registered before reading, so a completion between the read and the wait is not missed.
      const now = await read();
      if (now === undefined || now.status !== 'Pending' || ms <= 0 || signal?.aborted) return now;
      const gone = new Promise<NotificationRecord>((resolve) => {
        left = () => resolve(now);
        signal?.addEventListener('abort', left, { once: true });
      });
      const timedOut = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), ms);
      });
      if (recheckMs > 0) {
        recheck = setInterval(() => {
          read().then(
            (record) => record !== undefined && record.status !== 'Pending' && wake(record),
            () => undefined,
          );
        }, recheckMs);
      }
      return (await Promise.race([woken, gone, timedOut])) ?? (await read());
    } finally {
      signal?.removeEventListener('abort', left);
      if (timer !== undefined) clearTimeout(timer);
      if (recheck !== undefined) clearInterval(recheck);
      const remaining = waiters.get(notificationId);
      remaining?.delete(wake);
      if (remaining?.size === 0) waiters.delete(notificationId);
    }
  };

  return {
    completed,
    settled: (notificationId) => settled.get(notificationId),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    waitFor,
  };
};
