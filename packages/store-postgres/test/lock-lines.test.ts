import { describe, expect, it, vi } from 'vitest';
import { lockLines, lockWaitLeft } from '../src/lock-lines';
import { waitForBlocked, withHeldLocks } from './support';

/** A promise and the function that settles it. */
const gate = () => {
  let open = (): void => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
};

/** Lines with `timeoutMs`, and a first transaction of lock 7 that runs until `held` opens. */
const behindOneThatRuns = (timeoutMs: number) => {
  const inLine = lockLines(timeoutMs);
  const lock = { kind: 2, key: 7 };
  const held = gate();
  const started: string[] = [];
  const first = inLine(lock, Date.now(), async () => {
    started.push('first');
    await held.opened;
  });
  return { inLine, lock, held, started, first };
};

describe('lines of transactions per lock (lock-lines.ts)', () => {
  it('starts each of one lock once the one before it has ended, in order, a failure included', async () => {
    const inLine = lockLines(0);
    const lock = { kind: 2, key: 7 };
    const started: number[] = [];
    const gates = [gate(), gate(), gate()];
    const runs = gates.map(({ opened }, i) =>
      inLine(lock, Date.now(), async () => {
        started.push(i);
        await opened;
        if (i === 1) throw new Error('the second fails');
        return i;
      }),
    );
    await vi.waitFor(() => expect(started).toEqual([0]));
    gates[0]?.open();
    await vi.waitFor(() => expect(started).toEqual([0, 1]));
    gates[1]?.open();
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2]));
    gates[2]?.open();
    expect(await Promise.allSettled(runs)).toEqual([
      { status: 'fulfilled', value: 0 },
      { status: 'rejected', reason: new Error('the second fails') },
      { status: 'fulfilled', value: 2 },
    ]);
  });

  it('fails one that waits in line past the timeout without running it; the next still waits its turn', async () => {
    const { inLine, lock, held, started, first } = behindOneThatRuns(50);
    const late = inLine(lock, Date.now(), async () => {
      started.push('late');
    });
    // Failed while the first still runs (a transaction of the same basket that does not end).
    await expect(late).rejects.toMatchObject({ name: 'StorageUnavailableError' });
    const next = inLine(lock, Date.now(), async () => {
      started.push('next');
      return 'next';
    });
    expect(started).toEqual(['first']);
    held.open();
    await first;
    expect(await next).toBe('next');
    expect(started).toEqual(['first', 'next']);
  });

  it("counts the timeout from the request's arrival: one that arrived that long ago fails at once behind another", async () => {
    const { inLine, lock, held, started, first } = behindOneThatRuns(60_000);
    // A request of a group that waited in the app behind the group before it (basket-batches.ts).
    const late = inLine(lock, Date.now() - 60_000, async () => {
      started.push('late');
    });
    await expect(late).rejects.toMatchObject({ name: 'StorageUnavailableError' });
    expect(started).toEqual(['first']);
    held.open();
    await first;
    // With its lock free, one that arrived as long ago still runs.
    expect(await inLine(lock, Date.now() - 60_000, async () => 'ran')).toBe('ran');
  });

  it('bounds the wait for the lock itself by what is left of the timeout once a request has spent some', () => {
    const now = 1_000_000;
    // Just arrived: the statement timeout bounds the wait, and no statement sets a bound.
    expect(lockWaitLeft(60_000, now - 10, now)).toBeUndefined();
    expect(lockWaitLeft(60_000, now - 59_000, now)).toBe(1_000);
    // Past the timeout: a free lock is still taken, a held one not waited for.
    expect(lockWaitLeft(60_000, now - 70_000, now)).toBe(1);
    // No timeout configured: no bound.
    expect(lockWaitLeft(0, now - 70_000, now)).toBeUndefined();
  });

  it('runs transactions of other locks at once', async () => {
    const inLine = lockLines(0);
    const held = gate();
    const first = inLine({ kind: 2, key: 7 }, Date.now(), () => held.opened);
    expect(await inLine({ kind: 2, key: 8 }, Date.now(), async () => 'other')).toBe('other');
    expect(await inLine({ kind: 3, key: 7 }, Date.now(), async () => 'other class')).toBe('other class');
    held.open();
    await first;
  });
});

/**
 * Without batches (`BASKET_DATABASE_BATCHES=0`), a crowd of one basket's transactions while another
 * session holds its lock: one of them waits for the lock on a connection, the others in line on
 * none, and the other baskets keep the rest of the pool.
 */
describe('a basket held by another session, without batches', () => {
  const { applicationName, other, hold, append, written } = withHeldLocks('unbatched', {
    max: 4,
    batchesInFlight: 0,
    timeoutMs: 120_000,
  });

  const waitingOnLocks = async () => {
    const [row] = await other.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
      [applicationName],
    );
    return Number(row?.n);
  };

  it('takes one connection for the crowd and leaves the pool to the others', async () => {
    const release = await hold('basket-unbatched-held');
    try {
      // Twice the pool's connections.
      const crowd = Array.from({ length: 8 }, () => append('basket-unbatched-held'));
      await waitForBlocked(other, applicationName, 1);
      const others = ['basket-unbatched-a', 'basket-unbatched-b', 'basket-unbatched-c'];
      const results = others.map((stream) => append(stream));
      for (const stream of others)
        await vi.waitFor(async () => expect(await written(stream)).toBe(1), { timeout: 20_000 });
      expect(await waitingOnLocks()).toBe(1);
      await release();
      const settled = await Promise.all([...crowd, ...results]);
      expect(settled.map((result) => result._tag)).toEqual(settled.map(() => 'Done'));
      expect(await written('basket-unbatched-held')).toBe(8);
    } finally {
      await release();
    }
  }, 60_000);

  it('lets half the pool at most wait for baskets held elsewhere, and the other baskets run', async () => {
    // As many held baskets as the pool has connections: each waiting on one, they would take it all.
    const held = ['basket-many-1', 'basket-many-2', 'basket-many-3', 'basket-many-4'];
    const release = await hold(...held);
    try {
      const waiting = held.map((stream) => append(stream));
      await waitForBlocked(other, applicationName, 2);
      const free = append('basket-many-free');
      await vi.waitFor(async () => expect(await written('basket-many-free')).toBe(1), { timeout: 20_000 });
      expect(await waitingOnLocks()).toBe(2);
      await release();
      const settled = await Promise.all([...waiting, free]);
      expect(settled.map((result) => result._tag)).toEqual(settled.map(() => 'Done'));
      for (const stream of held) expect(await written(stream)).toBe(1);
    } finally {
      await release();
    }
  }, 60_000);
});

/**
 * With batches, a transaction whose basket another session holds waits for the lock alone, in what
 * is left of its time: PostgreSQL's lock_timeout for that statement, so that a request waits no
 * longer than the statement timeout in line and for the lock together.
 */
describe('a basket held by another session, its lock waited for in what is left of the time', () => {
  const { applicationName, other, hold, append, written } = withHeldLocks('budget', {
    max: 4,
    batchesInFlight: 2,
    timeoutMs: 1500,
  });

  it('waits with lock_timeout at most the statement timeout, and fails as past it, writing nothing', async () => {
    const release = await hold('basket-budget-held');
    try {
      const waiting = append('basket-budget-held');
      await waitForBlocked(other, applicationName, 1);
      const [row] = await other.query(
        `SELECT query FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
        [applicationName],
      );
      const bound = /SET LOCAL lock_timeout = (\d+)/.exec(String(row?.query));
      expect(Number(bound?.[1])).toBeGreaterThan(0);
      expect(Number(bound?.[1])).toBeLessThanOrEqual(1500);
      await expect(waiting).rejects.toMatchObject({ name: 'StorageUnavailableError' });
      expect(await written('basket-budget-held')).toBe(0);
    } finally {
      await release();
    }
  }, 30_000);
});

/**
 * A request that waited in the app before its transaction (a group of its basket's requests behind
 * the group before it, basket-batches.ts) has that much less time to wait for the lock: the timeout
 * counts from its arrival, with batches and without.
 */
describe.each([
  ['with batches', 2],
  ['without batches', 0],
])('a basket held by another session, %s, for a request that arrived long ago', (label, batchesInFlight) => {
  const name = `arrival-${batchesInFlight}`;
  const { hold, append, written } = withHeldLocks(name, { max: 4, batchesInFlight, timeoutMs: 120_000 });

  it(`fails at once, writing nothing, with its time spent (${label})`, async () => {
    const release = await hold(`basket-${name}`);
    try {
      // Arrived as long ago as the timeout: it does not wait the 120 s for the lock (the test's own
      // limit is 30 s), and fails while the lock is still held.
      await expect(append(`basket-${name}`, { since: Date.now() - 120_000 })).rejects.toMatchObject({
        name: 'StorageUnavailableError',
      });
      expect(await written(`basket-${name}`)).toBe(0);
    } finally {
      await release();
    }
    // Its lock free, a request that arrived as long ago is carried out.
    expect(await append(`basket-${name}`, { since: Date.now() - 120_000 })).toMatchObject({ _tag: 'Done' });
    expect(await written(`basket-${name}`)).toBe(1);
  }, 30_000);
});
