import type { Storage, StorageStats } from '@basket/app';
import { describe, expect, it } from 'vitest';
import {
  accept,
  at,
  commit,
  events,
  expectCommitted,
  freshBasket,
  freshResource,
  hold,
  MINUTE,
  type StorageRef,
  succeeded,
} from './fixture';

const statsOf = (storage: Storage): StorageStats => {
  if (storage.stats === undefined) throw new Error('this storage has no stats');
  return storage.stats;
};

const unitsOf = async (stats: StorageStats, resource: string, now: string): Promise<number> =>
  (await stats.heldUnits(now)).find((row) => row.resource === resource)?.units ?? 0;

/**
 * `Storage.stats`: the figures of the server's metrics. Counted as differences, so that a store
 * shared with other suites does not disturb them.
 */
export const statsCases = (storage: StorageRef): void => {
  describe('storage stats', () => {
    it('counts Pending commands until they complete', async () => {
      const stats = statsOf(storage());
      const before = await stats.pendingCommands();
      const { basketId, streamId } = freshBasket();
      const first = await accept(storage(), basketId);
      await accept(storage(), basketId);
      expect(await stats.pendingCommands()).toBe(before + 2);
      const result = await storage().unitOfWork.commit(
        commit({ streamId, events: events('Done'), completion: succeeded(first.notificationId) }),
      );
      expectCommitted(result, 1);
      expect(await stats.pendingCommands()).toBe(before + 1);
    });

    it('sums the units of holds that run out and have not, per resource, across holders', async () => {
      const stats = statsOf(storage());
      const seat = freshResource('seat');
      const stock = freshResource('stock');
      const one = freshBasket();
      const two = freshBasket();
      const holdFor = (basket: typeof one, rows: Parameters<typeof hold>[]) =>
        storage().unitOfWork.commit(
          commit({
            streamId: basket.streamId,
            events: events('HoldsChanged'),
            holds: { holder: basket.basketId, holds: rows.map((row) => hold(...row)) },
          }),
        );
      expectCommitted(
        await holdFor(one, [
          [seat, 1, 1, at(10 * MINUTE)],
          [stock, 3, 100, at(10 * MINUTE)],
        ]),
        1,
      );
      expectCommitted(await holdFor(two, [[stock, 4, 100, at(30 * MINUTE)]]), 1);
      // A hold without an expiry (a basket being paid, or paid) is not counted.
      const paid = freshBasket();
      expectCommitted(await holdFor(paid, [[stock, 5, 100, undefined]]), 1);
      expect(await unitsOf(stats, seat, at())).toBe(1);
      expect(await unitsOf(stats, stock, at())).toBe(7);
      // C-7.8: a hold past its expiresAt no longer counts.
      expect(await unitsOf(stats, seat, at(20 * MINUTE))).toBe(0);
      expect(await unitsOf(stats, stock, at(20 * MINUTE))).toBe(4);
    });
  });
};
