import { StorageUnavailableError } from '@basket/app';
import type { AdvisoryLock } from './db';

/** A lock's name within a process: its class and key. */
export const lockName = ({ kind, key }: AdvisoryLock): string => `${kind}:${key}`;

/** What a transaction that waited in line past the timeout fails with, having run nothing. */
export const waitedTooLong = (): StorageUnavailableError =>
  new StorageUnavailableError('a transaction of the same basket did not end in time; nothing was run');

/**
 * Lines of a process's transactions that take one lock: each starts once the one before it of the
 * same lock has ended, in order of arrival. A transaction behind another of its basket would only
 * wait for the lock, on a connection of the pool; in line it waits on none, so that a crowd of one
 * basket's requests (a hot basket, a basket another session holds) takes one connection and leaves
 * the others to every other basket. One that waits in line `timeoutMs` (0: no bound) fails then with
 * `StorageUnavailableError` without running, as it would have past the statement timeout waiting for
 * the lock itself; the one after it still waits for the one before. One that does get its turn
 * waits for the lock itself only as long as is left of `timeoutMs`. The batches of transactions keep
 * such a line of their own (pg-batches.ts); this one serves the transactions that run alone.
 */
export const lockLines = (timeoutMs: number) => {
  /** The last of each line: settled once it and those before it have ended; `ended`, at once. */
  const tails = new Map<string, { readonly done: Promise<void>; ended: boolean }>();
  return <T>(lock: AdvisoryLock, run: (lockWaitMs: number | undefined) => Promise<T>): Promise<T> => {
    const name = lockName(lock);
    const prior = tails.get(name);
    const before = prior === undefined || prior.ended ? undefined : prior.done;
    const since = Date.now();
    const entry: { done: Promise<void>; ended: boolean } = { done: Promise.resolve(), ended: false };
    /** `run`, marking the line free the moment it ends (before its caller goes on). */
    const ran = async (lockWaitMs: number | undefined): Promise<T> => {
      try {
        return await run(lockWaitMs);
      } finally {
        entry.ended = true;
      }
    };
    // After a wait in line, the lock is waited for in what is left of the time (0: no bound).
    const mine =
      before === undefined
        ? ran(undefined)
        : turn(before, timeoutMs).then(() =>
            ran(timeoutMs > 0 ? Math.max(1, timeoutMs - (Date.now() - since)) : undefined),
          );
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

/** Settles once `before` has (its turn), or fails with `waitedTooLong` after `timeoutMs` (0: never). */
const turn = (before: Promise<void>, timeoutMs: number): Promise<void> =>
  new Promise<void>((go, fail) => {
    let waited = false;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            waited = true;
            fail(waitedTooLong());
          }, timeoutMs)
        : undefined;
    timer?.unref();
    void before.then(() => {
      clearTimeout(timer);
      if (!waited) go();
    });
  });
