import { describe, expect, it } from 'vitest';
import {
  accept,
  at,
  commit,
  events,
  freshBasket,
  freshResource,
  hold,
  idempotencyRecord,
  outboxOf,
  problem,
  type StorageRef,
  storeId,
  uuid,
} from './fixture';

/**
 * UnitOfWork.transaction (C-6.4): decisions made and written in one transaction under a lock, the
 * request's command accepted in the commit that decides it, several streams in one commit.
 */
export const transactionCases = (storage: StorageRef): void => {
  describe('transactions under a lock', () => {
    it('reads inside the transaction and commits what the body answers, with its value', async () => {
      const { streamId } = freshBasket();
      await storage().unitOfWork.commit(commit({ streamId, events: events('A') }));
      const result = await storage().unitOfWork.transaction(streamId, async (reads) => {
        const read = await reads.readStream(streamId, 0);
        return {
          value: read.length,
          commit: commit({ streamId, expectedVersion: read.length, events: events('B') }),
        };
      });
      expect(result).toEqual({ _tag: 'Done', value: 1, version: 2 });
      expect((await storage().events.readStream(streamId)).map((e) => e.type)).toEqual(['A', 'B']);
    });

    it('answers Done without a version when the body writes nothing', async () => {
      const { streamId } = freshBasket();
      expect(await storage().unitOfWork.transaction(streamId, async () => ({ value: 'nothing' }))).toEqual({
        _tag: 'Done',
        value: 'nothing',
      });
    });

    it('serialises transactions on one lock: each body sees what the one before committed', async () => {
      const { streamId } = freshBasket();
      const runs = Array.from({ length: 8 }, (_, n) =>
        storage().unitOfWork.transaction(streamId, async (reads) => {
          const version = (await reads.readStream(streamId, 0)).length;
          return {
            value: version,
            commit: commit({ streamId, expectedVersion: version, events: events(`E${n}`) }),
          };
        }),
      );
      const results = await Promise.all(runs);
      expect(results.map((r) => r._tag)).toEqual(results.map(() => 'Done'));
      expect(results.map((r) => r.value).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(await storage().events.readStream(streamId)).toHaveLength(8);
    });

    it('accepts a command with its outcome in the commit: completed, with its outbox row, at the next sequence', async () => {
      const { basketId, streamId } = freshBasket();
      const earlier = await accept(storage(), basketId);
      const notificationId = uuid();
      const result = await storage().unitOfWork.transaction(streamId, async () => ({
        value: undefined,
        commit: commit({
          streamId,
          events: events('Decided'),
          accepts: [
            {
              command: {
                notificationId,
                storeId,
                basketId,
                operation: 'addProductToBasket',
                command: { kind: 'basket' },
                accepted: at(5),
              },
              outcome: { status: 'Failed', completed: at(6), problem },
            },
          ],
        }),
      }));
      expect(result).toMatchObject({ _tag: 'Done', version: 1 });
      expect(await storage().commands.notification(notificationId)).toEqual({
        notificationId,
        storeId,
        basketId,
        operation: 'addProductToBasket',
        status: 'Failed',
        created: at(5),
        completed: at(6),
        problem,
      });
      expect((await outboxOf(storage(), [notificationId])).map((m) => m.notification.status)).toEqual([
        'Failed',
      ]);
      // The earlier command is still the oldest Pending one; the new one came after it.
      expect((await storage().commands.oldestPending(basketId))?.notificationId).toBe(earlier.notificationId);
    });

    it('accepts several commands of a basket in one commit, in order, each completed with its outbox row (group commit)', async () => {
      const { basketId, streamId } = freshBasket();
      const ids = [uuid(), uuid(), uuid()];
      const acceptance = (notificationId: string, n: number) => ({
        command: {
          notificationId,
          storeId,
          basketId,
          operation: 'addProductToBasket',
          command: { kind: 'basket', n },
          accepted: at(n),
        },
        outcome: { status: 'Succeeded' as const, completed: at(n) },
      });
      const result = await storage().unitOfWork.transaction(streamId, async () => ({
        value: undefined,
        commit: commit({ streamId, events: events('A', 'B', 'C'), accepts: ids.map(acceptance) }),
      }));
      expect(result).toMatchObject({ _tag: 'Done', version: 3 });
      for (const [n, notificationId] of ids.entries()) {
        expect(await storage().commands.notification(notificationId)).toMatchObject({
          notificationId,
          status: 'Succeeded',
          created: at(n),
        });
      }
      // Published in the order they were accepted (C-5.5).
      expect((await outboxOf(storage(), ids)).map((m) => m.notification.notificationId)).toEqual(ids);
      // A later acceptance comes after all three: it is the basket's oldest Pending command.
      const later = await accept(storage(), basketId);
      expect((await storage().commands.oldestPending(basketId))?.notificationId).toBe(later.notificationId);
    });

    it('accepts a command Pending when it has no outcome yet, readable as the oldest Pending inside', async () => {
      const { basketId, streamId } = freshBasket();
      const notificationId = uuid();
      await storage().unitOfWork.transaction(streamId, async () => ({
        value: undefined,
        commit: commit({
          streamId,
          accepts: [
            {
              command: {
                notificationId,
                storeId,
                basketId,
                operation: 'createPaymentIntent',
                paymentIntentId: uuid(),
                command: { kind: 'createPaymentIntent' },
                accepted: at(),
              },
            },
          ],
        }),
      }));
      const seen = await storage().unitOfWork.transaction(streamId, async (reads) => ({
        value: (await reads.oldestPending(basketId))?.notificationId,
      }));
      expect(seen).toEqual({ _tag: 'Done', value: notificationId });
      expect(await outboxOf(storage(), [notificationId])).toEqual([]);
    });

    it('appends to further streams in the same commit, each version-checked', async () => {
      const { streamId } = freshBasket();
      const other = `payment-intent-${uuid()}`;
      const both = await storage().unitOfWork.transaction(streamId, async () => ({
        value: 'both',
        commit: commit({
          streamId,
          events: events('Locked'),
          also: [{ streamId: other, expectedVersion: 0, events: events('Started') }],
        }),
      }));
      expect(both).toMatchObject({ _tag: 'Done', version: 1 });
      expect((await storage().events.readStream(other)).map((e) => e.type)).toEqual(['Started']);
      const stale = await storage().unitOfWork.transaction(streamId, async () => ({
        value: 'stale',
        commit: commit({
          streamId,
          expectedVersion: 1,
          events: events('Unlocked'),
          also: [{ streamId: other, expectedVersion: 0, events: events('Again') }],
        }),
      }));
      expect(stale).toMatchObject({
        _tag: 'Refused',
        value: 'stale',
        conflict: { _tag: 'VersionConflict', streamId: other },
      });
      expect(await storage().events.readStream(streamId)).toHaveLength(1);
      expect(await storage().events.readStream(other)).toHaveLength(1);
    });

    it('a refused commit writes nothing of the transaction: no events, no accepted command, no record', async () => {
      const { basketId, streamId } = freshBasket();
      const resource = freshResource();
      await storage().unitOfWork.commit(
        commit({
          streamId: `basket-${uuid()}`,
          holds: { holder: `other-${uuid()}`, holds: [hold(resource, 1, 1)] },
        }),
      );
      const notificationId = uuid();
      const key = `tx-${uuid()}`;
      const result = await storage().unitOfWork.transaction(streamId, async () => ({
        value: 'refused',
        commit: commit({
          streamId,
          events: events('Added'),
          holds: { holder: basketId, holds: [hold(resource, 1, 1)] },
          idempotency: idempotencyRecord(key),
          accepts: [
            {
              command: {
                notificationId,
                storeId,
                basketId,
                operation: 'selectSeats',
                command: {},
                accepted: at(),
              },
              outcome: { status: 'Succeeded', completed: at() },
            },
          ],
        }),
      }));
      expect(result).toMatchObject({
        _tag: 'Refused',
        value: 'refused',
        conflict: { _tag: 'InsufficientInventory' },
      });
      expect(await storage().events.readStream(streamId)).toEqual([]);
      expect(await storage().commands.notification(notificationId)).toBeUndefined();
      expect(await storage().idempotency.find(storeId, key, at(-1000))).toBeUndefined();
    });
  });
};
