import type { CommandLeases, RelayLease } from '@basket/app';
import type { MemoryState } from './state';

type Lease = { readonly holder: string; readonly until: number };

/**
 * Leases on the machine's clock (a lease is about processes being alive, not about the basket's
 * time): held until `ttlMs` after it was last acquired; at that instant it is free.
 */
const taken = (lease: Lease | undefined, holder: string, at: number): boolean =>
  lease !== undefined && lease.holder !== holder && lease.until > at;

/** The outbox relay's lease. */
export const memoryRelayLease = (state: MemoryState, now: () => number = Date.now): RelayLease => ({
  acquire: async (holder, ttlMs) => {
    const at = now();
    if (taken(state.lease, holder, at)) return false;
    state.lease = { holder, until: at + Math.max(0, ttlMs) };
    return true;
  },
  release: async (holder) => {
    if (state.lease?.holder === holder) state.lease = undefined;
  },
});

/** Claims on baskets' Pending commands, one lease per basket. */
export const memoryCommandLeases = (state: MemoryState, now: () => number = Date.now): CommandLeases => ({
  acquire: async (basketId, holder, ttlMs) => {
    const at = now();
    if (taken(state.commandLeases.get(basketId), holder, at)) return false;
    state.commandLeases.set(basketId, { holder, until: at + Math.max(0, ttlMs) });
    return true;
  },
  release: async (basketId, holder) => {
    if (state.commandLeases.get(basketId)?.holder === holder) state.commandLeases.delete(basketId);
  },
});
