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
 * the lock itself; the one after it still waits for the one before. The batches of transactions keep
 * such a line of their own (pg-batches.ts); this one serves the transactions that run alone.
 */
export const lockLines = (timeoutMs: number) => {
  const tails = new Map<string, Promise<void>>();
  return <T>(lock: AdvisoryLock, run: () => Promise<T>): Promise<T> => {
    const name = lockName(lock);
    const before = tails.get(name);
    const mine = before === undefined ? run() : turn(before, timeoutMs).then(run);
    // The next starts once this one has ended, or once the one before it has, if this one never ran.
    const tail = (before ?? Promise.resolve()).then(() => mine.then(noop, noop));
    tails.set(name, tail);
    void tail.then(() => {
      if (tails.get(name) === tail) tails.delete(name);
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
