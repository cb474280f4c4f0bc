import type { CommandLeases, Storage } from '@basket/app';
import { describe, expect, it } from 'vitest';
import { comesTrue, elapse, freshBasket, LEASE_MS, type StorageRef, uuid } from './fixture';

const HOUR = 3_600_000;

const leasesOf = (storage: Storage): CommandLeases => {
  if (storage.commandLeases === undefined) throw new Error('this storage has no commandLeases');
  return storage.commandLeases;
};

/**
 * `Storage.commandLeases` (C-5.1, C-6.5): one process at a time carries out a basket's Pending
 * commands; another takes them up once its claim ran out. Each case uses baskets of its own.
 */
export const commandLeaseCases = (storage: StorageRef): void => {
  describe("claims on a basket's Pending commands", () => {
    it('are held by one holder at a time per basket, renewed by acquiring again, and free once released', async () => {
      const leases = leasesOf(storage());
      const [one, other] = [freshBasket().basketId, freshBasket().basketId];
      const [a, b] = [`processor-${uuid()}`, `processor-${uuid()}`];
      expect(await leases.acquire(one, a, HOUR)).toBe(true);
      expect(await leases.acquire(one, b, HOUR)).toBe(false);
      // Another basket's claim is its own.
      expect(await leases.acquire(other, b, HOUR)).toBe(true);
      expect(await leases.acquire(one, a, HOUR)).toBe(true);
      // Releasing a claim one does not hold changes nothing.
      await leases.release(one, b);
      expect(await leases.acquire(one, b, HOUR)).toBe(false);
      await leases.release(one, a);
      expect(await leases.acquire(one, b, HOUR)).toBe(true);
      expect(await leases.acquire(one, a, HOUR)).toBe(false);
      await leases.release(one, b);
      await leases.release(other, b);
    });

    it('let exactly one of several concurrent holders take a free claim', async () => {
      const leases = leasesOf(storage());
      const { basketId } = freshBasket();
      const holders = Array.from({ length: 5 }, () => `processor-${uuid()}`);
      const taken = await Promise.all(holders.map((holder) => leases.acquire(basketId, holder, HOUR)));
      expect(taken.filter(Boolean)).toHaveLength(1);
      await Promise.all(holders.map((holder) => leases.release(basketId, holder)));
    });

    it('last the milliseconds they were taken for: not taken over before, taken over within seconds after', async () => {
      const leases = leasesOf(storage());
      const { basketId } = freshBasket();
      const [a, b] = [`processor-${uuid()}`, `processor-${uuid()}`];
      expect(await leases.acquire(basketId, a, LEASE_MS)).toBe(true);
      expect(await leases.acquire(basketId, b, HOUR)).toBe(false);
      // A claim kept for seconds, not milliseconds, would leave a crashed process's saga for minutes.
      expect(await comesTrue(() => leases.acquire(basketId, b, HOUR), 20 * LEASE_MS)).toBe(true);
      await leases.release(basketId, b);
    });

    it('are extended by acquiring them again: renewed for an hour, a claim outlives its first time', async () => {
      const leases = leasesOf(storage());
      const { basketId } = freshBasket();
      const [a, b] = [`processor-${uuid()}`, `processor-${uuid()}`];
      expect(await leases.acquire(basketId, a, LEASE_MS)).toBe(true);
      expect(await leases.acquire(basketId, a, HOUR)).toBe(true);
      await elapse(2 * LEASE_MS);
      expect(await leases.acquire(basketId, b, HOUR)).toBe(false);
      await leases.release(basketId, a);
    });

    it('are taken over once run out (a process that stopped renewing)', async () => {
      const leases = leasesOf(storage());
      const { basketId } = freshBasket();
      const [a, b] = [`processor-${uuid()}`, `processor-${uuid()}`];
      // A claim of 0 ms runs out as it is taken: no waiting needed.
      expect(await leases.acquire(basketId, a, 0)).toBe(true);
      expect(await leases.acquire(basketId, b, HOUR)).toBe(true);
      expect(await leases.acquire(basketId, a, HOUR)).toBe(false);
      await leases.release(basketId, b);
    });
  });
};
