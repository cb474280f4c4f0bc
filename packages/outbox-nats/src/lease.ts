import type { RelayLease } from '@basket/app';

export type { RelayLease };

/** A lease in this process's memory: for relays within one process, and for tests. */
export const createMemoryRelayLease = (now: () => number = Date.now): RelayLease => {
  let current: { holder: string; expiresAt: number } | undefined;
  return {
    acquire: async (holder, ttlMs) => {
      const at = now();
      if (current === undefined || current.holder === holder || current.expiresAt <= at) {
        current = { holder, expiresAt: at + ttlMs };
        return true;
      }
      return false;
    },
    release: async (holder) => {
      if (current?.holder === holder) current = undefined;
    },
  };
};

export type LeaseKeeper = {
  /**
   * True when this relay may publish now: it holds the lease, renewed once a third of the TTL has
   * passed since the last successful acquire (timed from before that call, so that a publish
   * started now ends well before the lease could have lapsed).
   */
  readonly ensure: () => Promise<boolean>;
  readonly release: () => Promise<void>;
};

export const createLeaseKeeper = (
  lease: RelayLease | undefined,
  holder: string,
  ttlMs: number,
  now: () => number = () => performance.now(),
): LeaseKeeper => {
  let renewAt = Number.NEGATIVE_INFINITY;
  return {
    ensure: async () => {
      if (lease === undefined) return true;
      const started = now();
      if (started < renewAt) return true;
      renewAt = Number.NEGATIVE_INFINITY;
      const held = await lease.acquire(holder, ttlMs);
      if (held) renewAt = started + ttlMs / 3;
      return held;
    },
    release: async () => {
      renewAt = Number.NEGATIVE_INFINITY;
      if (lease !== undefined) await lease.release(holder);
    },
  };
};
