import type { StorageStats } from '@basket/app';
import type { MemoryState } from './state';

/** Pending commands and the units of holds that run out (see `StorageStats.heldUnits`), counted in the state. */
export const memoryStats = (state: MemoryState): StorageStats => ({
  pendingCommands: async () =>
    [...state.queue.values()].filter((entry) => entry.notification.status === 'Pending').length,
  heldUnits: async (now) => {
    const units = new Map<string, number>();
    for (const rows of state.holds.values()) {
      for (const row of rows) {
        if (row.quantity <= 0 || row.expiresAt === undefined || Date.parse(row.expiresAt) <= Date.parse(now))
          continue;
        units.set(row.resource, (units.get(row.resource) ?? 0) + row.quantity);
      }
    }
    return [...units].map(([resource, held]) => ({ resource, units: held }));
  },
});
