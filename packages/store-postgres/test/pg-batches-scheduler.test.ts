import { describe, expect, it, vi } from 'vitest';
import type { TransactionOpening, TransactionQueryable } from '../src/db';
import { transactionBatches } from '../src/pg-batches';
import { LockBusy } from '../src/pg-opening';

/** A transaction's opening on lock `key` (kind 2, a basket's) with one read, batched under `s`. */
const opening = (
  key: number,
  since?: number,
): TransactionOpening & { readonly batch: { key: string; all: () => string } } => ({
  lock: { kind: 2, key },
  reads: [{ sql: 'SELECT 1', params: [] }],
  batch: { key: 's', all: () => '' },
  ...(since === undefined ? {} : { since }),
});

/** The connection given to bodies here, which send nothing. */
const noStatements: TransactionQueryable = {
  query: () => Promise.reject(new Error('no statement in these tests')),
  exec: () => Promise.reject(new Error('no statement in these tests')),
  commitWith: () => Promise.reject(new Error('no statement in these tests')),
};

/**
 * The scheduler of batches (pg-batches.ts) with a database of its own making: locks 7 and over are
 * held by another session (every opening that takes it only if free fails with `LockBusy`), and a
 * transaction alone waits for it until the test lets it through.
 */
const held = ({ timeoutMs = 0, maxAlone = 8 } = {}) => {
  let waiting = 0;
  let mostWaiting = 0;
  const lets: Array<() => void> = [];
  /** Runs of a transaction's opening that try its lock, and looks at a lock alone, by lock key. */
  const tries = new Map<number, number>();
  const looks = new Map<number, number>();
  const batches = transactionBatches(
    {
      connect: () => Promise.reject(new Error('no batch of two or more forms in these tests')),
      alone: async (fn) => {
        waiting += 1;
        mostWaiting = Math.max(mostWaiting, waiting);
        await new Promise<void>((resolve) => lets.push(resolve));
        waiting -= 1;
        return fn(noStatements, []);
      },
      ifFree: async (fn, { lock }) => {
        tries.set(lock.key, (tries.get(lock.key) ?? 0) + 1);
        if (lock.key >= 7) throw new LockBusy();
        return fn(noStatements, []);
      },
      lockFree: async ({ key }) => {
        looks.set(key, (looks.get(key) ?? 0) + 1);
        return key < 7;
      },
      prepareOpenings: () => true,
      notPreparable: () => {},
    },
    { inFlight: 2, maxMembers: 32, timeoutMs, maxAlone },
  );
  return { batches, lets, tries, looks, mostWaiting: () => mostWaiting };
};

describe('the scheduler of batches, a basket held by another session', () => {
  it('lets one transaction of the held basket wait for its lock at a time: a crowd of its requests takes one connection', async () => {
    const { batches, lets, mostWaiting } = held();
    const crowd = Array.from({ length: 12 }, (_, i) => batches.run(async () => i, opening(7)));
    for (let turn = 0; turn < 12; turn += 1) {
      await vi.waitFor(() => expect(lets.length).toBeGreaterThan(0));
      expect(mostWaiting()).toBe(1);
      lets.shift()?.();
    }
    // In order of arrival, each once.
    expect(await Promise.all(crowd)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(mostWaiting()).toBe(1);
  });

  it('fails, without running them, the transactions of the held basket that wait in line past the timeout', async () => {
    const { batches, lets, mostWaiting } = held({ timeoutMs: 50 });
    const ran: number[] = [];
    const crowd = Array.from({ length: 4 }, (_, i) =>
      batches.run(async () => {
        ran.push(i);
        return i;
      }, opening(7)),
    );
    // The three behind the first fail while it still waits for its lock.
    const late = await Promise.allSettled(crowd.slice(1));
    for (const result of late)
      expect(result).toMatchObject({ status: 'rejected', reason: { name: 'StorageUnavailableError' } });
    expect(lets).toHaveLength(1);
    lets.shift()?.();
    expect(await crowd[0]).toBe(0);
    expect(ran).toEqual([0]);
    expect(mostWaiting()).toBe(1);
  });

  it('fails at once, without waiting for the lock, one whose request arrived the timeout ago', async () => {
    const { batches, lets } = held({ timeoutMs: 60_000 });
    const ran: string[] = [];
    const late = batches.run(async () => ran.push('late'), opening(7, Date.now() - 60_000));
    await expect(late).rejects.toMatchObject({ name: 'StorageUnavailableError' });
    expect(lets).toHaveLength(0);
    expect(ran).toEqual([]);
    // One that arrived as long ago whose lock is free runs.
    expect(await batches.run(async () => 'free', opening(1, Date.now() - 60_000))).toBe('free');
  });

  it('lets `maxAlone` transactions of held baskets wait for their locks at once, and the other baskets run', async () => {
    const { batches, lets, mostWaiting } = held({ maxAlone: 2 });
    // One after another, each alone in its turn (no batch of two forms here).
    const heldOnes: Array<Promise<unknown>> = [];
    for (const key of [7, 8, 9, 10, 11, 12]) {
      heldOnes.push(batches.run(async () => key, opening(key)));
      await vi.waitFor(() => expect(lets.length).toBe(Math.min(2, heldOnes.length)));
    }
    expect(await batches.run(async () => 'free', opening(1))).toBe('free');
    for (let turn = 0; turn < 6; turn += 1) {
      await vi.waitFor(() => expect(lets.length).toBeGreaterThan(0));
      expect(mostWaiting()).toBeLessThanOrEqual(2);
      lets.shift()?.();
    }
    expect(await Promise.all(heldOnes)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(mostWaiting()).toBe(2);
  });

  it('runs the other baskets while the held one waits', async () => {
    const { batches, lets } = held();
    const crowd = Array.from({ length: 5 }, () => batches.run(async () => 'held', opening(7)));
    await vi.waitFor(() => expect(lets.length).toBe(1));
    expect(await Promise.all([1, 2, 3].map((key) => batches.run(async () => key, opening(key))))).toEqual([
      1, 2, 3,
    ]);
    for (let turn = 0; turn < 5; turn += 1) {
      await vi.waitFor(() => expect(lets.length).toBe(1));
      lets.shift()?.();
    }
    expect(await Promise.all(crowd)).toEqual(crowd.map(() => 'held'));
  });

  it('runs at once, over the cap, a transaction whose basket was busy only a moment (another process’s batch)', async () => {
    // Lock 7 is held for long; lock 3 is busy at the first try only.
    const tries = new Map<number, number>();
    const lets: Array<() => void> = [];
    const batches = transactionBatches(
      {
        connect: () => Promise.reject(new Error('no batch of two or more forms in this test')),
        alone: async (fn) => {
          await new Promise<void>((resolve) => lets.push(resolve));
          return fn(noStatements, []);
        },
        ifFree: async (fn, { lock }) => {
          const tried = (tries.get(lock.key) ?? 0) + 1;
          tries.set(lock.key, tried);
          if (lock.key === 7 || tried === 1) throw new LockBusy();
          return fn(noStatements, []);
        },
        lockFree: async ({ key }) => key !== 7,
        prepareOpenings: () => true,
        notPreparable: () => {},
      },
      { inFlight: 2, maxMembers: 32, timeoutMs: 60_000, maxAlone: 1 },
    );
    const held = batches.run(async () => 'held', opening(7));
    await vi.waitFor(() => expect(lets).toHaveLength(1));
    // The one place for a wait on a connection is taken: before, it waited for that place.
    expect(await batches.run(async () => 'busy a moment', opening(3))).toBe('busy a moment');
    expect(tries.get(3)).toBe(2);
    lets.shift()?.();
    expect(await held).toBe('held');
  });

  it('fails one over the cap when its time is up, though no place for a wait frees', async () => {
    const { batches, lets, tries, looks } = held({ timeoutMs: 300, maxAlone: 1 });
    const first = batches.run(async () => 'first', opening(7));
    await vi.waitFor(() => expect(lets).toHaveLength(1));
    const second = batches.run(async () => 'second', opening(8));
    await expect(second).rejects.toMatchObject({ name: 'StorageUnavailableError' });
    expect(lets).toHaveLength(1);
    // Meanwhile it looked at its lock, and never ran its opening again while the lock was taken.
    expect(looks.get(8)).toBeGreaterThan(0);
    expect(tries.get(8)).toBe(1);
    lets.shift()?.();
    expect(await first).toBe('first');
  });
});
