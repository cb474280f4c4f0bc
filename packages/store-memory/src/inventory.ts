import type { InventoryStore } from '@basket/app';
import { isLive, liveUnitsOfOthers } from './holds';
import { type MemoryState, millis } from './state';

export const memoryInventoryStore = (state: MemoryState): InventoryStore => ({
  heldByOthers: async (resources, holder, now) => {
    const at = millis(now);
    return new Map(resources.map((resource) => [resource, liveUnitsOfOthers(state, resource, holder, at)]));
  },
  expiredHolders: async (now, limit) => {
    const at = millis(now);
    const expired: Array<{ holder: string; since: number }> = [];
    for (const [holder, rows] of state.holds) {
      const since = rows
        .filter((row) => row.expiresAt !== undefined && !isLive(row, at))
        .map((row) => millis(row.expiresAt ?? now));
      if (since.length > 0) expired.push({ holder, since: Math.min(...since) });
    }
    // The longest expired first, so that a limited sweep makes progress on the oldest.
    return expired
      .sort((a, b) => a.since - b.since || (a.holder < b.holder ? -1 : 1))
      .slice(0, Math.max(0, limit))
      .map((entry) => entry.holder);
  },
});
