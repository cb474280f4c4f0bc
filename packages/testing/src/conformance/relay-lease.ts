import { describe, expect, it } from 'vitest';
import { comesTrue, elapse, LEASE_MS, type StorageRef, uuid } from './fixture';

const HOUR = 3_600_000;

/**
 * RelayLease (C-5.5): one outbox relay at a time among processes sharing a store. The lease is one
 * per store, so these cases need no live relay on it while they run; they release what they take.
 */
export const relayLeaseCases = (storage: StorageRef): void => {
  describe('outbox relay lease (C-5.5)', () => {
    it('is held by one holder at a time, renewed by acquiring again, and free once released', async () => {
      const [a, b] = [`relay-${uuid()}`, `relay-${uuid()}`];
      const lease = storage().relayLease;
      try {
        expect(await lease.acquire(a, HOUR)).toBe(true);
        expect(await lease.acquire(b, HOUR)).toBe(false);
        expect(await lease.acquire(a, HOUR)).toBe(true);
        await lease.release(b);
        expect(await lease.acquire(b, HOUR)).toBe(false);
        await lease.release(a);
        expect(await lease.acquire(b, HOUR)).toBe(true);
        expect(await lease.acquire(a, HOUR)).toBe(false);
      } finally {
        await lease.release(a);
        await lease.release(b);
      }
    });

    it('lets exactly one of several concurrent holders take a free lease', async () => {
      const holders = Array.from({ length: 5 }, () => `relay-${uuid()}`);
      const lease = storage().relayLease;
      try {
        const taken = await Promise.all(holders.map((holder) => lease.acquire(holder, HOUR)));
        expect(taken.filter(Boolean)).toHaveLength(1);
      } finally {
        await Promise.all(holders.map((holder) => lease.release(holder)));
      }
    });

    it('lasts the milliseconds it was taken for: not taken over before, taken over within seconds after', async () => {
      const [a, b] = [`relay-${uuid()}`, `relay-${uuid()}`];
      const lease = storage().relayLease;
      try {
        expect(await lease.acquire(a, LEASE_MS)).toBe(true);
        expect(await lease.acquire(b, HOUR)).toBe(false);
        // A lease kept for seconds, not milliseconds, would hold for minutes.
        expect(await comesTrue(() => lease.acquire(b, HOUR), 20 * LEASE_MS)).toBe(true);
      } finally {
        await lease.release(a);
        await lease.release(b);
      }
    });

    it('is extended by acquiring it again: renewed for an hour, it outlives its first time', async () => {
      const [a, b] = [`relay-${uuid()}`, `relay-${uuid()}`];
      const lease = storage().relayLease;
      try {
        expect(await lease.acquire(a, LEASE_MS)).toBe(true);
        expect(await lease.acquire(a, HOUR)).toBe(true);
        await elapse(2 * LEASE_MS);
        expect(await lease.acquire(b, HOUR)).toBe(false);
      } finally {
        await lease.release(a);
        await lease.release(b);
      }
    });

    it('is taken over once it has run out', async () => {
      const [a, b] = [`relay-${uuid()}`, `relay-${uuid()}`];
      const lease = storage().relayLease;
      try {
        expect(await lease.acquire(a, 0)).toBe(true);
        // A lease of 0 ms runs out as it is taken: no waiting needed.
        expect(await lease.acquire(b, HOUR)).toBe(true);
        expect(await lease.acquire(a, HOUR)).toBe(false);
      } finally {
        await lease.release(a);
        await lease.release(b);
      }
    });
  });
};
