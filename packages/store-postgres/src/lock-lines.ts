import { StorageUnavailableError } from '@basket/app';
import type { AdvisoryLock } from './db';

/** A lock's name within a process: its class and key. */
export const lockName = ({ kind, key }: AdvisoryLock): string => `${kind}:${key}`;

/** What a transaction that waited in line past the timeout fails with, having run nothing. */
export const waitedTooLong = (): StorageUnavailableError =>
  new StorageUnavailableError('a transaction of the same basket did not end in time; nothing was run');

/**
 * Time a request may spend before its transaction without the transaction's wait for its lock being
 * bounded by what is left: within it, the statement timeout bounds that wait (a request waits at most
 * this much longer than the timeout), and a transaction sends no statements to set a bound.
 */
const UNBOUNDED_SLACK_MS = 100;

/**
 * How long a transaction whose request arrived at `since` may wait for its lock: what is left of
 * `timeoutMs` (1 ms at least: a free lock is still taken), or undefined (up to the statement
 * timeout) when no bound is set (`timeoutMs` 0) or the request has spent little time yet.
 */
export const lockWaitLeft = (timeoutMs: number, since: number, now = Date.now()): number | undefined =>
  timeoutMs <= 0 || now - since < UNBOUNDED_SLACK_MS ? undefined : Math.max(1, timeoutMs - (now - since));

/**
 * Lines of a process's transactions that take one lock: each starts once the one before it of the
 * same lock has ended, in order of arrival, batched or alone. A transaction behind another of its
 * basket would only wait for the lock, on a connection of the pool; in line it waits on none, so
 * that a crowd of one basket's requests (a hot basket, a basket another session holds) takes one
 * connection and leaves the others to every other basket.
 *
 * `since` is when the transaction's request arrived (before any wait in the app: a request in a
 * group of its basket's requests waits for the group before it). One still in line `timeoutMs`
 * after it (0: no bound) fails then with `StorageUnavailableError` without running, as it would
 * have past the statement timeout waiting for the lock itself; the one after it still waits for the
 * one before. One that gets its turn waits for the lock itself only for what is left
 * (`lockWaitLeft`): no request waits longer than the timeout, in line and for the lock together.
 */
export const lockLines = (timeoutMs: number) => {
  /** The last of each line: settled once it and those before it have ended; `ended`, at once. */
  const tails = new Map<string, { readonly done: Promise<void>; ended: boolean }>();
  return <T>(lock: AdvisoryLock, since: number, run: () => Promise<T>): Promise<T> => {
    const name = lockName(lock);
    const prior = tails.get(name);
    const before = prior === undefined || prior.ended ? undefined : prior.done;
    const entry: { done: Promise<void>; ended: boolean } = { done: Promise.resolve(), ended: false };
    /** `run`, marking the line free the moment it ends (before its caller goes on). */
    const ran = async (): Promise<T> => {
      try {
        return await run();
      } finally {
        entry.ended = true;
      }
    };
    const mine = before === undefined ? ran() : turn(before, timeoutMs, since).then(ran);
    // The next starts once this one has ended, or once the one before it has, if this one never ran.
    entry.done = (before ?? Promise.resolve()).then(() => mine.then(noop, noop));
    tails.set(name, entry);
    void entry.done.then(() => {
      entry.ended = true;
      if (tails.get(name) === entry) tails.delete(name);
    });
    return mine;
  };
};

const noop = (): void => {};

/**
 * Settles once `before` has (its turn), or fails with `waitedTooLong` once `timeoutMs` have passed
 * since `since` (0: never).
 */
const turn = (before: Promise<void>, timeoutMs: number, since: number): Promise<void> =>
  new Promise<void>((go, fail) => {
    let waited = false;
    const timer =
      timeoutMs > 0
        ? setTimeout(
            () => {
              waited = true;
              fail(waitedTooLong());
            },
            Math.max(0, timeoutMs - (Date.now() - since)),
          )
        : undefined;
    timer?.unref();
    void before.then(() => {
      clearTimeout(timer);
      if (!waited) go();
    });
  });
