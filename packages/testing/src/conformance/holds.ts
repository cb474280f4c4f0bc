import type { CommitResult, HoldRow, Storage } from '@basket/app';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  at,
  commit,
  DAY,
  events,
  expectCommitted,
  freshBasket,
  freshResource,
  heldBy,
  hold,
  MINUTE,
  type StorageRef,
  uuid,
} from './fixture';

/** A basket's commit that replaces its holds, at `when`. */
const holdFor = (
  storage: Storage,
  basket: { readonly basketId: string; readonly streamId: string },
  holds: ReadonlyArray<HoldRow>,
  expectedVersion = 0,
  when = at(),
): Promise<CommitResult> =>
  storage.unitOfWork.commit(
    commit({
      streamId: basket.streamId,
      expectedVersion,
      events: events('HoldsChanged'),
      holds: { holder: basket.basketId, holds },
      at: when,
    }),
  );

/** Inventory holds: replaced per holder with a capacity check against others' unexpired holds (C-7.3a, C-7.8). */
export const holdsCases = (storage: StorageRef): void => {
  describe('inventory holds', () => {
    it('reports units held by others, not by the asking holder, per resource', async () => {
      const [seat, stock] = [freshResource('seat'), freshResource('stock')];
      const a = freshBasket();
      const b = freshBasket();
      expectCommitted(await holdFor(storage(), a, [hold(seat, 1, 1, at(MINUTE)), hold(stock, 3, 10)]), 1);
      expectCommitted(await holdFor(storage(), b, [hold(stock, 2, 10, at(MINUTE))]), 1);
      const seenByB = await storage().inventory.heldByOthers([seat, stock], b.basketId, at());
      expect([seenByB.get(seat) ?? 0, seenByB.get(stock) ?? 0]).toEqual([1, 3]);
      const seenByA = await storage().inventory.heldByOthers([seat, stock], a.basketId, at());
      expect([seenByA.get(seat) ?? 0, seenByA.get(stock) ?? 0]).toEqual([0, 2]);
      expect(await heldBy(storage(), stock, at())).toBe(5);
    });

    it('stops counting a hold at its expiresAt, for reads and for commits (C-7.8)', async () => {
      const seat = freshResource();
      const a = freshBasket();
      const b = freshBasket();
      const expiry = at(15 * MINUTE);
      expectCommitted(await holdFor(storage(), a, [hold(seat, 1, 1, expiry)]), 1);
      expect(await heldBy(storage(), seat, at(15 * MINUTE - 1))).toBe(1);
      expect(await heldBy(storage(), seat, expiry)).toBe(0);
      expect(await holdFor(storage(), b, [hold(seat, 1, 1)], 0, at(15 * MINUTE - 1))).toEqual({
        _tag: 'InsufficientInventory',
        resource: seat,
      });
      expectCommitted(await holdFor(storage(), b, [hold(seat, 1, 1)], 0, expiry), 1);
      expect(await heldBy(storage(), seat, at(DAY))).toBe(1);
    });

    it('never expires a hold without expiresAt (confirmed or sold)', async () => {
      const seat = freshResource();
      expectCommitted(await holdFor(storage(), freshBasket(), [hold(seat, 1, 1)]), 1);
      expect(await heldBy(storage(), seat, at(DAY))).toBe(1);
      expect(await holdFor(storage(), freshBasket(), [hold(seat, 1, 1)], 0, at(DAY))).toMatchObject({
        _tag: 'InsufficientInventory',
      });
    });

    it('refuses holds beyond capacity with InsufficientInventory naming the resource', async () => {
      const slot = freshResource('slot');
      const other = freshResource('stock');
      expectCommitted(await holdFor(storage(), freshBasket(), [hold(slot, 2, 3, at(MINUTE))]), 1);
      const b = freshBasket();
      expect(await holdFor(storage(), b, [hold(other, 1, 5), hold(slot, 2, 3, at(MINUTE))])).toEqual({
        _tag: 'InsufficientInventory',
        resource: slot,
      });
      expect(await heldBy(storage(), other, at())).toBe(0);
      expectCommitted(await holdFor(storage(), b, [hold(other, 1, 5), hold(slot, 1, 3, at(MINUTE))]), 1);
      expect(await heldBy(storage(), slot, at())).toBe(3);
    });

    it('does not count a holder’s own holds against it, and checks what grows', async () => {
      const seat = freshResource();
      const a = freshBasket();
      expectCommitted(await holdFor(storage(), a, [hold(seat, 1, 2, at(MINUTE))]), 1);
      expectCommitted(await holdFor(storage(), a, [hold(seat, 2, 2, at(2 * MINUTE))], 1), 2);
      expect(await holdFor(storage(), a, [hold(seat, 3, 2, at(2 * MINUTE))], 2)).toMatchObject({
        _tag: 'InsufficientInventory',
      });
      expect(await heldBy(storage(), seat, at())).toBe(2);
    });

    it('checks a hold that is extended, so one that expired and was taken is not kept by a commit judged earlier', async () => {
      // A's commit decided before its hold expired at T runs after B took the units at T: making
      // the hold a sale (no expiry) or longer would keep units B holds (two baskets on one seat).
      const late = at(MINUTE - 1000);
      for (const [capacity, mine, theirs] of [
        [1, 1, 1],
        [256, 200, 100],
      ] as const) {
        const resource = freshResource(capacity === 1 ? 'seat' : 'stock');
        const [a, b] = [freshBasket(), freshBasket()];
        expectCommitted(await holdFor(storage(), a, [hold(resource, mine, capacity, at(MINUTE))]), 1);
        expectCommitted(
          await holdFor(storage(), b, [hold(resource, theirs, capacity, at(3 * MINUTE))], 0, at(MINUTE)),
          1,
        );
        for (const extended of [
          hold(resource, mine, capacity),
          hold(resource, mine, capacity, at(2 * MINUTE)),
        ]) {
          expect(await holdFor(storage(), a, [extended], 1, late)).toEqual({
            _tag: 'InsufficientInventory',
            resource,
          });
        }
        // Kept as it was (the same expiry), it is no longer counted from T on: nothing to check.
        expectCommitted(
          await holdFor(storage(), a, [hold(resource, mine, capacity, at(MINUTE))], 1, late),
          2,
        );
        expect(await heldBy(storage(), resource, at(MINUTE + 1))).toBe(theirs);
      }
    });

    it('extends or sells a hold nobody else took, whatever the commit’s now', async () => {
      const seat = freshResource();
      const a = freshBasket();
      expectCommitted(await holdFor(storage(), a, [hold(seat, 1, 1, at(MINUTE))]), 1);
      expectCommitted(await holdFor(storage(), a, [hold(seat, 1, 1, at(2 * MINUTE))], 1, at(MINUTE + 1)), 2);
      expectCommitted(await holdFor(storage(), a, [hold(seat, 1, 1)], 2, at(MINUTE)), 3);
      expect(await heldBy(storage(), seat, at(DAY))).toBe(1);
    });

    it('replaces all of a holder’s holds: what is no longer held is released at once', async () => {
      const [first, second] = [freshResource(), freshResource()];
      const a = freshBasket();
      const b = freshBasket();
      expectCommitted(await holdFor(storage(), a, [hold(first, 1, 1, at(MINUTE))]), 1);
      expectCommitted(await holdFor(storage(), a, [hold(second, 1, 1, at(MINUTE))], 1), 2);
      expectCommitted(await holdFor(storage(), b, [hold(first, 1, 1, at(MINUTE))]), 1);
      expectCommitted(await holdFor(storage(), a, [], 2), 3);
      expect(await heldBy(storage(), second, at())).toBe(0);
      expect(await heldBy(storage(), first, at())).toBe(1);
    });

    it('leaves a holder’s holds as they are when a commit carries no holds', async () => {
      const seat = freshResource();
      const a = freshBasket();
      expectCommitted(await holdFor(storage(), a, [hold(seat, 1, 1)]), 1);
      expectCommitted(
        await storage().unitOfWork.commit(
          commit({ streamId: a.streamId, expectedVersion: 1, events: events('X') }),
        ),
        2,
      );
      expect(await heldBy(storage(), seat, at())).toBe(1);
    });

    it('lets one of two holders racing for the last unit win (C-7.5)', async () => {
      const seat = freshResource();
      const results = await Promise.all([
        holdFor(storage(), freshBasket(), [hold(seat, 1, 1, at(MINUTE))]),
        holdFor(storage(), freshBasket(), [hold(seat, 1, 1, at(MINUTE))]),
      ]);
      expect(results.map((result) => result._tag).sort()).toEqual(['Committed', 'InsufficientInventory']);
      expect(await heldBy(storage(), seat, at())).toBe(1);
    });

    it('never holds more than capacity, whatever concurrent holders ask (property)', {
      timeout: 60_000,
    }, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 4 }),
          fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 2, maxLength: 6 }),
          async (capacity, wants) => {
            const resource = freshResource('slot');
            const results = await Promise.all(
              wants.map((quantity) =>
                holdFor(storage(), freshBasket(), [hold(resource, quantity, capacity, at(MINUTE))]),
              ),
            );
            const granted = wants.filter((_, index) => results[index]?._tag === 'Committed');
            const total = granted.reduce((sum, quantity) => sum + quantity, 0);
            expect(total).toBeLessThanOrEqual(capacity);
            expect(await heldBy(storage(), resource, at())).toBe(total);
            for (const [index, result] of results.entries()) {
              if (result._tag !== 'Committed')
                expect(result).toEqual({ _tag: 'InsufficientInventory', resource });
              // A refused holder could not have fitted in what the winners left, had it gone last.
              if (result._tag !== 'Committed') expect(total + (wants[index] ?? 0)).toBeGreaterThan(capacity);
            }
          },
        ),
        { numRuns: 25 },
      );
    });

    it('lists holders with a hold expired at or before now, at most `limit` (the C-7.8 sweeper)', async () => {
      // A base time of this test's own, so that holds of other tests expire elsewhere.
      const base = Date.parse('1995-01-01T00:00:00.000Z') + Math.floor(Math.random() * 300_000_000_000);
      const when = (offset: number): string => new Date(base + offset).toISOString();
      const early = freshBasket();
      const late = freshBasket();
      const live = freshBasket();
      const sold = freshBasket();
      expectCommitted(
        await holdFor(storage(), early, [hold(freshResource(), 1, 1, when(0))], 0, when(-MINUTE)),
        1,
      );
      const lateHolds = [hold(freshResource(), 1, 1, when(MINUTE)), hold(freshResource(), 1, 1)];
      expectCommitted(await holdFor(storage(), late, lateHolds, 0, when(-MINUTE)), 1);
      expectCommitted(
        await holdFor(storage(), live, [hold(freshResource(), 1, 1, when(MINUTE + 1))], 0, when(-MINUTE)),
        1,
      );
      expectCommitted(await holdFor(storage(), sold, [hold(freshResource(), 1, 1)], 0, when(-MINUTE)), 1);
      const mine = new Set([early, late, live, sold].map((basket) => basket.basketId));
      const listed = async (now: string, limit: number) =>
        (await storage().inventory.expiredHolders(now, limit)).filter((holder) => mine.has(holder));
      expect(await listed(when(-1), 10_000)).toEqual([]);
      expect(await listed(when(0), 10_000)).toEqual([early.basketId]);
      expect((await listed(when(MINUTE), 10_000)).sort()).toEqual([early.basketId, late.basketId].sort());
      expect((await storage().inventory.expiredHolders(when(MINUTE), 1)).length).toBeLessThanOrEqual(1);
      expect(await storage().inventory.expiredHolders(when(MINUTE), 0)).toEqual([]);
      expectCommitted(await holdFor(storage(), early, [], 1, when(2 * MINUTE)), 2);
      expect((await listed(when(MINUTE), 10_000)).sort()).toEqual([late.basketId]);
      // Leave no expired holds behind for a sweeper sharing the store.
      for (const basket of [late, live, sold]) await holdFor(storage(), basket, [], 1, when(2 * MINUTE));
      expect(await listed(when(DAY), 10_000)).toEqual([]);
    });

    it('keys holds by holder, not by the commit’s stream', async () => {
      const seat = freshResource();
      const holder = uuid();
      const { streamId } = freshBasket();
      const result = await storage().unitOfWork.commit(
        commit({ streamId, events: events('A'), holds: { holder, holds: [hold(seat, 1, 1)] } }),
      );
      expectCommitted(result, 1);
      const seen = await storage().inventory.heldByOthers([seat], holder, at());
      expect(seen.get(seat) ?? 0).toBe(0);
    });
  });
};
