import type { RelayLease } from '@basket/app';
import type { MemoryState } from './state';

/**
 * The outbox relay's lease, on the machine's clock (the lease is about processes being alive, not
 * about the basket's time): held until `ttlMs` after it was last acquired; at that instant it is free.
 */
export const memoryRelayLease = (state: MemoryState, now: () => number = Date.now): RelayLease => ({
  acquire: async (holder, ttlMs) => {
    const at = now();
    const lease = state.lease;
    if (lease !== undefined && lease.holder !== holder && lease.until > at) return false;
    state.lease = { holder, until: at + Math.max(0, ttlMs) };
    return true;
  },
  release: async (holder) => {
    if (state.lease?.holder === holder) state.lease = undefined;
  },
});
