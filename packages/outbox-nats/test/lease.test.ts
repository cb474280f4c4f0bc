import { describe, expect, it } from 'vitest';
import { createMemoryRelayLease } from '../src';
import { createLeaseKeeper, type RelayLease } from '../src/lease';

describe('memory relay lease', () => {
  it('has one holder until it expires or is released', async () => {
    let now = 0;
    const lease = createMemoryRelayLease(() => now);
    expect(await lease.acquire('a', 100)).toBe(true);
    expect(await lease.acquire('b', 100)).toBe(false);
    now = 50;
    expect(await lease.acquire('a', 100)).toBe(true);
    now = 149;
    expect(await lease.acquire('b', 100)).toBe(false);
    now = 150;
    expect(await lease.acquire('b', 100)).toBe(true);
    expect(await lease.acquire('a', 100)).toBe(false);
    await lease.release('a');
    expect(await lease.acquire('a', 100)).toBe(false);
    await lease.release('b');
    expect(await lease.acquire('a', 100)).toBe(true);
  });
});

describe('lease keeper', () => {
  const counting = (answers: boolean[]): { lease: RelayLease; calls: () => number } => {
    let calls = 0;
    return {
      lease: {
        acquire: async () => answers[calls++] ?? false,
        release: async () => {},
      },
      calls: () => calls,
    };
  };

  it('always allows publishing without a lease', async () => {
    expect(await createLeaseKeeper(undefined, 'a', 300).ensure()).toBe(true);
  });

  it('renews once a third of the ttl has passed, timed from before the acquire', async () => {
    let now = 0;
    const { lease, calls } = counting([true, true, false]);
    const keeper = createLeaseKeeper(lease, 'a', 300, () => now);
    expect(await keeper.ensure()).toBe(true);
    now = 99;
    expect(await keeper.ensure()).toBe(true);
    expect(calls()).toBe(1);
    now = 100;
    expect(await keeper.ensure()).toBe(true);
    expect(calls()).toBe(2);
    now = 200;
    expect(await keeper.ensure()).toBe(false);
    // Lost: every later call asks the lease again.
    expect(await keeper.ensure()).toBe(false);
    expect(calls()).toBe(4);
  });

  it('asks again after a failed acquire', async () => {
    let calls = 0;
    const lease: RelayLease = {
      acquire: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
        return true;
      },
      release: async () => {},
    };
    const keeper = createLeaseKeeper(lease, 'a', 300, () => 0);
    await expect(keeper.ensure()).rejects.toThrow('database down');
    expect(await keeper.ensure()).toBe(true);
  });
});
