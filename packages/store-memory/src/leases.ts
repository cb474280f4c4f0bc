import type { CommandLeases, RelayLease } from '@basket/app';
import type { MemoryState } from './state';

/**
 * Leases by name on the machine's clock (a lease is about processes being alive, not about the
 * basket's time): held until `ttlMs` after it was last acquired; at that instant it is free.
 */
const acquire = (state: MemoryState, name: string, holder: string, ttlMs: number, at: number): boolean => {
  const lease = state.leases.get(name);
  if (lease !== undefined && lease.holder !== holder && lease.until > at) return false;
  state.leases.set(name, { holder, until: at + Math.max(0, ttlMs) });
  return true;
};

const release = (state: MemoryState, name: string, holder: string): void => {
  if (state.leases.get(name)?.holder === holder) state.leases.delete(name);
};

/** The outbox relay's lease. */
export const memoryRelayLease = (state: MemoryState, now: () => number = Date.now): RelayLease => ({
  acquire: async (holder, ttlMs) => acquire(state, 'outbox-relay', holder, ttlMs, now()),
  release: async (holder) => release(state, 'outbox-relay', holder),
});

/** Claims on baskets' Pending commands, one lease per basket, named apart from the relay's. */
export const memoryCommandLeases = (state: MemoryState, now: () => number = Date.now): CommandLeases => ({
  acquire: async (basketId, holder, ttlMs) => acquire(state, `commands:${basketId}`, holder, ttlMs, now()),
  release: async (basketId, holder) => release(state, `commands:${basketId}`, holder),
});
