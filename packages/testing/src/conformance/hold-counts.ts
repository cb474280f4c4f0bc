import type { HoldRow } from '@basket/app';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  at,
  commit,
  events,
  expectCommitted,
  freshBasket,
  freshResource,
  hold,
  MINUTE,
  type StorageRef,
  uuid,
} from './fixture';

/** One holder's commit in a step: its new holds (by resource index), at a time offset in minutes. */
type Change = {
  readonly holder: number;
  readonly at: number;
  readonly holds: ReadonlyArray<{
    readonly resource: number;
    readonly quantity: number;
    readonly expiresIn?: number;
  }>;
};

const HOLDERS = 4;
const RESOURCES = 2;
/**
 * Resources of the one product the property holds, read together: a read of many resources of one
 * product may be answered as a range of keys (PostgreSQL), which holds keys not asked for too.
 */
const PRODUCT_RESOURCES = 40;

const changeArbitrary = fc.record({
  holder: fc.integer({ min: 0, max: HOLDERS - 1 }),
  at: fc.integer({ min: 0, max: 30 }),
  // One row per resource, as a basket's holds are (the storages differ on merging several rows of
  // one resource with different expiries: PostgreSQL keeps one row, the latest expiry).
  holds: fc.uniqueArray(
    fc.record(
      {
        resource: fc.integer({ min: 0, max: RESOURCES - 1 }),
        quantity: fc.integer({ min: 1, max: 3 }),
        expiresIn: fc.integer({ min: -5, max: 30 }),
      },
      { requiredKeys: ['resource', 'quantity'] },
    ),
    { maxLength: RESOURCES, selector: (row) => row.resource },
  ),
});

/**
 * The units a storage counts per resource (C-7.3a, C-7.8) always equal the sum of the unexpired
 * holds that were committed: after any sequence of replacements, releases, expiries, refusals and
 * concurrent commits, at any time. Storages keep a count per resource rather than summing every
 * hold on each check; this is the property that count must keep.
 */
export const holdCountCases = (storage: StorageRef): void => {
  describe('units held per resource', () => {
    it('always equal the sum of the unexpired holds committed (property, concurrent commits)', {
      timeout: 120_000,
    }, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 3, max: 12 }),
          // Steps of commits sent together: at most one per holder, so they race only on resources.
          fc.array(fc.uniqueArray(changeArbitrary, { selector: (c) => c.holder, maxLength: 3 }), {
            minLength: 1,
            maxLength: 6,
          }),
          fc.array(fc.integer({ min: -10, max: 70 }), { minLength: 1, maxLength: 4 }),
          async (capacity, steps, probes) => {
            // Keys of one product, the held ones among them (first, and one in the middle).
            const product = freshResource('stock');
            const all = Array.from(
              { length: PRODUCT_RESOURCES },
              (_, i) => `${product}:r${String(i).padStart(2, '0')}`,
            );
            const resources = [all[0] ?? '', all[PRODUCT_RESOURCES / 2] ?? ''];
            const holders = Array.from({ length: HOLDERS }, () => freshBasket());
            const versions = holders.map(() => 0);
            const committed = new Map<number, ReadonlyArray<HoldRow>>();
            const rowsOf = (change: Change): ReadonlyArray<HoldRow> =>
              change.holds.map((h) =>
                hold(
                  resources[h.resource] ?? '',
                  h.quantity,
                  capacity,
                  h.expiresIn === undefined ? undefined : at((change.at + h.expiresIn) * MINUTE),
                ),
              );
            const expected = (resource: string, now: number, except?: number): number => {
              let units = 0;
              for (const [holder, rows] of committed) {
                if (holder === except) continue;
                for (const row of rows)
                  if (
                    row.resource === resource &&
                    (row.expiresAt === undefined || Date.parse(row.expiresAt) > now)
                  )
                    units += row.quantity;
              }
              return units;
            };
            // All of the product's keys, and all but the held one in the middle (its units never answered).
            const [, middle] = resources;
            const reads = [all, all.filter((resource) => resource !== middle)];
            const check = async (minutes: number) => {
              const now = at(minutes * MINUTE);
              for (const read of [resources, ...reads]) {
                const stranger = await storage().inventory.heldByOthers(read, `probe-${uuid()}`, now);
                const byFirst = await storage().inventory.heldByOthers(read, holders[0]?.basketId ?? '', now);
                for (const resource of read) {
                  expect(stranger.get(resource) ?? 0).toBe(expected(resource, Date.parse(now)));
                  expect(byFirst.get(resource) ?? 0).toBe(expected(resource, Date.parse(now), 0));
                }
                expect([...stranger.keys()].sort()).toEqual([...new Set(read)].sort());
              }
            };
            for (const step of steps) {
              const results = await Promise.all(
                step.map((change) => {
                  const basket = holders[change.holder] ?? freshBasket();
                  return storage().unitOfWork.commit(
                    commit({
                      streamId: basket.streamId,
                      expectedVersion: versions[change.holder] ?? 0,
                      events: events('HoldsChanged'),
                      holds: { holder: basket.basketId, holds: rowsOf(change) },
                      at: at(change.at * MINUTE),
                    }),
                  );
                }),
              );
              for (const [index, result] of results.entries()) {
                const change = step[index] as Change;
                if (result._tag === 'Committed') {
                  versions[change.holder] = result.version;
                  committed.set(change.holder, rowsOf(change));
                } else expect(result._tag).toBe('InsufficientInventory');
              }
              for (const minutes of probes) await check(minutes);
            }
            // Releasing everything brings every count back to nothing.
            for (const [index, basket] of holders.entries()) {
              if (versions[index] === 0) continue;
              expectCommitted(
                await storage().unitOfWork.commit(
                  commit({
                    streamId: basket.streamId,
                    expectedVersion: versions[index] ?? 0,
                    events: events('HoldsReleased'),
                    holds: { holder: basket.basketId, holds: [] },
                    at: at(0),
                  }),
                ),
                (versions[index] ?? 0) + 1,
              );
              committed.delete(index);
            }
            for (const minutes of probes) await check(minutes);
          },
        ),
        { numRuns: 30 },
      );
    });
  });
};
