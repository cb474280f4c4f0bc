import type { Storage } from '@basket/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTestDatabase, postgresTestDatabase, type TestDatabase } from './support';

const at = '2026-11-21T18:04:05.123Z';
const later = '2026-11-21T18:10:00.000Z';

const basics = (name: string, open: () => Promise<TestDatabase>) =>
  describe(`store-postgres basics (${name})`, () => {
    let database: TestDatabase;
    let storage: Storage;
    beforeAll(async () => {
      database = await open();
      storage = await database.storage();
    });
    afterAll(() => database?.cleanup());

    it('appends, reads, snapshots, completes and publishes in one commit', async () => {
      const outcome = await storage.commands.accept({
        notificationId: '0b0f6a8e-7c1a-4a57-9f0e-1b8d8c1f2a01',
        storeId: 'store-1',
        basketId: 'b1',
        operation: 'createBasket',
        command: { type: 'CreateBasket' },
        accepted: '2026-11-21T19:04:05.123+01:00',
      });
      if (outcome._tag !== 'Accepted') throw new Error(`not accepted: ${outcome._tag}`);
      const accepted = outcome.command;
      expect(accepted.sequence).toBe(1);
      expect(accepted.accepted).toBe(at);
      expect(await storage.commands.oldestPending('b1')).toEqual(accepted);
      expect(await storage.commands.basketsWithPending(later, 10)).toEqual(['b1']);

      const result = await storage.unitOfWork.commit({
        streamId: 'basket-b1',
        expectedVersion: 0,
        events: [
          { type: 'BasketCreated', data: { storeId: 'store-1', list: [1, 2] } },
          { type: 'Touched', data: {} },
        ],
        holds: {
          holder: 'b1',
          holds: [{ resource: 'seat:p:1', quantity: 1, capacity: 1, expiresAt: later }],
        },
        completion: {
          notificationId: accepted.notificationId,
          outcome: { status: 'Succeeded', completed: at },
        },
        idempotency: {
          storeId: 'store-1',
          key: 'k1',
          fingerprint: 'f',
          response: { status: 202 },
          created: at,
        },
        snapshot: { version: 2, schema: 'basket/1', state: { open: true } },
        at,
      });
      expect(result).toEqual({ _tag: 'Committed', version: 2 });
      const events = await storage.events.readStream('basket-b1');
      expect(events.map((event) => [event.version, event.type, event.recorded])).toEqual([
        [1, 'BasketCreated', at],
        [2, 'Touched', at],
      ]);
      expect(events[0]?.data).toEqual({ storeId: 'store-1', list: [1, 2] });
      expect(await storage.events.readStream('basket-b1', 1)).toHaveLength(1);
      expect(await storage.snapshots.load('basket-b1')).toEqual({
        version: 2,
        schema: 'basket/1',
        state: { open: true },
      });
      expect(await storage.inventory.heldByOthers(['seat:p:1', 'seat:p:2'], 'b2', at)).toEqual(
        new Map([
          ['seat:p:1', 1],
          ['seat:p:2', 0],
        ]),
      );
      expect(await storage.inventory.heldByOthers(['seat:p:1'], 'b2', later)).toEqual(
        new Map([['seat:p:1', 0]]),
      );
      expect((await storage.idempotency.find('store-1', 'k1', at))?.response).toEqual({ status: 202 });
      expect(await storage.idempotency.find('store-1', 'k1', later)).toBeUndefined();
      const notification = await storage.commands.notification(accepted.notificationId);
      expect(notification).toMatchObject({ status: 'Succeeded', completed: at, created: at });
      const [message] = await storage.outbox.unpublished(10);
      expect(message?.notification).toEqual(notification);
      // The notification with its basket stream's current version, in one read (0: no stream yet).
      expect(await storage.commands.notificationWithBasketVersion?.(accepted.notificationId)).toEqual({
        record: notification,
        basketVersion: 2,
      });
      expect(await storage.commands.notificationWithBasketVersion?.('no-such-notification')).toBeUndefined();
      expect(await storage.commands.oldestPending('b1')).toBeUndefined();
    });

    it('answers conflicts as values and writes nothing of a refused commit', async () => {
      const stale = await storage.unitOfWork.commit({
        streamId: 'basket-b1',
        expectedVersion: 1,
        events: [],
        at,
      });
      expect(stale).toEqual({ _tag: 'VersionConflict', streamId: 'basket-b1', expected: 1, actual: 2 });
      const taken = await storage.unitOfWork.commit({
        streamId: 'basket-b2',
        expectedVersion: 0,
        events: [{ type: 'BasketCreated', data: {} }],
        holds: {
          holder: 'b2',
          holds: [{ resource: 'seat:p:1', quantity: 1, capacity: 1, expiresAt: later }],
        },
        at,
      });
      expect(taken).toEqual({ _tag: 'InsufficientInventory', resource: 'seat:p:1' });
      expect(await storage.events.readStream('basket-b2')).toEqual([]);
      const afterExpiry = await storage.unitOfWork.commit({
        streamId: 'basket-b2',
        expectedVersion: 0,
        events: [{ type: 'BasketCreated', data: {} }],
        holds: { holder: 'b2', holds: [{ resource: 'seat:p:1', quantity: 1, capacity: 1 }] },
        at: later,
      });
      expect(afterExpiry).toEqual({ _tag: 'Committed', version: 1 });
      const again = await storage.unitOfWork.commit({
        streamId: 'basket-b1',
        expectedVersion: 2,
        events: [],
        completion: {
          notificationId: '0b0f6a8e-7c1a-4a57-9f0e-1b8d8c1f2a01',
          outcome: { status: 'Succeeded', completed: later },
        },
        at: later,
      });
      expect(again).toEqual({
        _tag: 'AlreadyCompleted',
        notificationId: '0b0f6a8e-7c1a-4a57-9f0e-1b8d8c1f2a01',
      });
    });

    it('answers a transaction body’s first reads from its opening, as the reads would (TransactionPrefetch)', async () => {
      await storage.unitOfWork.commit({
        streamId: 'basket-b3',
        expectedVersion: 0,
        events: [1, 2, 3].map((n) => ({ type: 'Touched', data: { n } })),
        snapshot: { version: 2, schema: 'basket/1', state: { n: 2 } },
        at,
      });
      const seen = await storage.unitOfWork.transaction(
        'basket-b3',
        async (reads) => ({
          value: {
            // A later version than the opening read from: its tail.
            tail: (await reads.readStream('basket-b3', 2)).map((event) => event.version),
            pending: await reads.oldestPending('b3'),
          },
        }),
        { stream: { streamId: 'basket-b3', afterVersion: 1 }, pendingOf: 'b3' },
      );
      expect(seen).toEqual({ _tag: 'Done', value: { tail: [3], pending: undefined } });
      const fromSnapshot = await storage.unitOfWork.transaction(
        'basket-b3',
        async (reads) => {
          const snapshot = await reads.loadSnapshot('basket-b3');
          const events = await reads.readStream('basket-b3', snapshot?.version ?? 0);
          return { value: { at: snapshot?.version, events: events.map((event) => event.data) } };
        },
        { stream: { streamId: 'basket-b3' } },
      );
      expect(fromSnapshot).toEqual({ _tag: 'Done', value: { at: 2, events: [{ n: 3 }] } });
    });
  });

basics('PGlite', pgliteTestDatabase);
basics('PostgreSQL', () => postgresTestDatabase());
