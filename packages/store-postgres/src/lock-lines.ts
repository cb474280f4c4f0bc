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
 * the others to every other basket. One that has waited in line `timeoutMs` or more (0: no bound)
 * fails with `StorageUnavailableError` without running, as it would have past the statement
 * timeout waiting for the lock itself. The batches of transactions keep such a line of their own
 * (pg-batches.ts); this one serves the transactions that run alone.
 */
export const lockLines = (timeoutMs: number, now: () => number = Date.now) => {
  const tails = new Map<string, Promise<void>>();
  return <T>(lock: AdvisoryLock, run: () => Promise<T>): Promise<T> => {
    const name = lockName(lock);
    const before = tails.get(name);
    const since = now();
    const mine =
      before === undefined
        ? run()
        : before.then(() =>
            timeoutMs > 0 && now() - since >= timeoutMs ? Promise.reject(waitedTooLong()) : run(),
          );
    const tail = mine.then(
      () => undefined,
      () => undefined,
    );
    tails.set(name, tail);
    void tail.then(() => {
      if (tails.get(name) === tail) tails.delete(name);
    });
    return mine;
  };
};
