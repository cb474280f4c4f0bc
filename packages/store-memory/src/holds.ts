import type { HoldRow, HoldsChange } from '@basket/app';
import { type ExpiringUnits, type MemoryState, millis } from './state';

/** A hold counts until its `expiresAt`: at that instant it stops counting for everybody (C-7.8). */
export const isLive = (hold: HoldRow, now: number): boolean =>
  hold.expiresAt === undefined || millis(hold.expiresAt) > now;

/** The first index of `expiring` whose `at` is above `at` (sorted by `at`). */
const firstAfter = (expiring: ReadonlyArray<ExpiringUnits>, at: number): number => {
  let [low, high] = [0, expiring.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((expiring[middle] as ExpiringUnits).at <= at) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** Adds `sign` × a row to its resource's units. */
const count = (state: MemoryState, holder: string, row: HoldRow, sign: 1 | -1): void => {
  let units = state.holdUnits.get(row.resource);
  if (units === undefined) {
    units = { total: 0, expiring: [] };
    state.holdUnits.set(row.resource, units);
  }
  units.total += sign * row.quantity;
  if (row.expiresAt === undefined) return;
  const at = millis(row.expiresAt);
  if (sign === 1) {
    units.expiring.splice(firstAfter(units.expiring, at), 0, { at, holder, quantity: row.quantity });
    return;
  }
  // The rows of one expiry sit together, just before `firstAfter(at)`.
  for (let i = firstAfter(units.expiring, at) - 1; i >= 0 && units.expiring[i]?.at === at; i--) {
    const entry = units.expiring[i];
    if (entry?.holder === holder && entry.quantity === row.quantity) {
      units.expiring.splice(i, 1);
      break;
    }
  }
  if (units.total === 0 && units.expiring.length === 0) state.holdUnits.delete(row.resource);
};

/** Replaces the holder's rows, keeping each resource's units with them. */
export const setHolds = (state: MemoryState, holder: string, rows: ReadonlyArray<HoldRow>): void => {
  for (const row of state.holds.get(holder) ?? []) count(state, holder, row, -1);
  if (rows.length > 0) state.holds.set(holder, rows);
  else state.holds.delete(holder);
  for (const row of rows) count(state, holder, row, 1);
};

/**
 * Units of `resource` held, unexpired at `now`, by holders other than `holder`: the resource's
 * units less the expired rows not yet released (at the front of its expiry index; the sweeper
 * releases them) and less the holder's own unexpired rows. Never a walk over every holder.
 */
export const liveUnitsOfOthers = (
  state: MemoryState,
  resource: string,
  holder: string,
  now: number,
): number => {
  const units = state.holdUnits.get(resource);
  if (units === undefined) return 0;
  let live = units.total;
  const expired = firstAfter(units.expiring, now);
  for (let i = 0; i < expired; i++) live -= (units.expiring[i] as ExpiringUnits).quantity;
  return live - liveUnitsOf(state.holds.get(holder) ?? [], resource, now);
};

const liveUnitsOf = (rows: ReadonlyArray<HoldRow>, resource: string, now: number): number =>
  rows
    .filter((row) => row.resource === resource && isLive(row, now))
    .reduce((sum, row) => sum + row.quantity, 0);

/** Latest expiry in ms of the rows of `resource` (Infinity: one never expires; -Infinity: none). */
const latestExpiry = (rows: ReadonlyArray<HoldRow>, resource: string): number =>
  rows.reduce(
    (latest, row) =>
      row.resource !== resource
        ? latest
        : Math.max(latest, row.expiresAt === undefined ? Number.POSITIVE_INFINITY : millis(row.expiresAt)),
    Number.NEGATIVE_INFINITY,
  );

/**
 * Whether the holder's hold of `resource` would run out later than it does (or never): checked like
 * one that grows, since a commit's `at` may be earlier than the moment its hold ran out and others
 * took the units (the PostgreSQL store's migration 12).
 */
const isExtended = (
  current: ReadonlyArray<HoldRow>,
  wanted: ReadonlyArray<HoldRow>,
  resource: string,
): boolean => {
  const held = latestExpiry(current, resource);
  return (
    held !== Number.NEGATIVE_INFINITY &&
    held !== Number.POSITIVE_INFINITY &&
    latestExpiry(wanted, resource) > held
  );
};

/**
 * The first resource whose capacity the change would exceed, or undefined. Only resources that grow
 * (beyond what the holder already holds unexpired) or whose hold is extended are checked, so keeping
 * a hold as it is never fails.
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
    if (quantity <= liveUnitsOf(current, resource, now) && !isExtended(current, change.holds, resource))
      continue;
    if (liveUnitsOfOthers(state, resource, change.holder, now) + quantity > capacity) return resource;
  }
  return undefined;
};
