import type { HoldRow, HoldsChange } from '@basket/app';
import { type MemoryState, millis } from './state';

/** A hold counts until its `expiresAt`: at that instant it stops counting for everybody (C-7.8). */
export const isLive = (hold: HoldRow, now: number): boolean =>
  hold.expiresAt === undefined || millis(hold.expiresAt) > now;

/** Units of `resource` held, unexpired at `now`, by holders other than `holder`. */
export const liveUnitsOfOthers = (
  state: MemoryState,
  resource: string,
  holder: string,
  now: number,
): number => {
  let units = 0;
  for (const [other, rows] of state.holds) {
    if (other === holder) continue;
    for (const row of rows) if (row.resource === resource && isLive(row, now)) units += row.quantity;
  }
  return units;
};

const liveUnitsOf = (rows: ReadonlyArray<HoldRow>, resource: string, now: number): number =>
  rows
    .filter((row) => row.resource === resource && isLive(row, now))
    .reduce((sum, row) => sum + row.quantity, 0);

/**
 * The first resource whose capacity the change would exceed, or undefined. Only resources that grow
 * (beyond what the holder already holds unexpired) are checked, so keeping a hold never fails.
 */
export const overbookedResource = (
  state: MemoryState,
  change: HoldsChange,
  at: string,
): string | undefined => {
  const now = millis(at);
  const current = state.holds.get(change.holder) ?? [];
  const wanted = new Map<string, { quantity: number; capacity: number }>();
  for (const row of change.holds) {
    const seen = wanted.get(row.resource);
    wanted.set(row.resource, {
      quantity: (seen?.quantity ?? 0) + row.quantity,
      capacity: Math.min(seen?.capacity ?? row.capacity, row.capacity),
    });
  }
  for (const [resource, { quantity, capacity }] of wanted) {
    if (quantity <= liveUnitsOf(current, resource, now)) continue;
    if (liveUnitsOfOthers(state, resource, change.holder, now) + quantity > capacity) return resource;
  }
  return undefined;
};
