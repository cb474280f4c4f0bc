import type { Commit, CommitResult, IdempotencyRecord, Snapshot, Storage } from '@basket/app';
import { describe, expect, it } from 'vitest';
import {
  accept,
  at,
  commit,
  DAY,
  events,
  freshBasket,
  freshResource,
  heldBy,
  hold,
  MINUTE,
  outboxOf,
  type StorageRef,
  storeId,
  succeeded,
  uuid,
} from './fixture';

const snapshot: Snapshot = { version: 2, schema: 'basket/1', state: { refused: true } };

/** Everything a refused commit could have written, to check that none of it was. */
const refusedCommit = async (
  storage: Storage,
  build: (parts: Pick<Commit, 'holds' | 'completion' | 'idempotency' | 'snapshot' | 'events'>) => Commit,
  holder: string,
  notificationId: string,
): Promise<{ readonly result: CommitResult; readonly resource: string; readonly key: string }> => {
  const resource = freshResource();
  const key = `key-${uuid()}`;
  const idempotency: IdempotencyRecord = {
    storeId,
    key,
    fingerprint: 'f',
    response: { status: 200 },
    created: at(),
  };
  const result = await storage.unitOfWork.commit(
    build({
      events: events('Refused', 'Refused'),
      holds: { holder, holds: [hold(resource, 1, 1, at(MINUTE))] },
      completion: succeeded(notificationId),
      idempotency,
      snapshot,
    }),
  );
  return { result, resource, key };
};

const expectNothingWritten = async (
  storage: Storage,
  written: { readonly resource: string; readonly key: string },
  streamId: string,
  eventCount: number,
): Promise<void> => {
  expect(await storage.events.readStream(streamId)).toHaveLength(eventCount);
  expect(await heldBy(storage, written.resource, at())).toBe(0);
  expect(await storage.idempotency.find(storeId, written.key, at(-DAY))).toBeUndefined();
  expect(await storage.snapshots.load(streamId)).toBeUndefined();
};

/** C-3.4: a commit that is refused for any reason writes nothing at all. */
export const atomicityCases = (storage: StorageRef): void => {
  describe('all or nothing (C-3.4)', () => {
    it('a VersionConflict writes no events, holds, completion, outbox row, idempotency record or snapshot', async () => {
      const { basketId, streamId } = freshBasket();
      const command = await accept(storage(), basketId);
      await storage().unitOfWork.commit(commit({ streamId, events: events('Created') }));
      const written = await refusedCommit(
        storage(),
        (parts) => commit({ streamId, expectedVersion: 0, ...parts }),
        basketId,
        command.notificationId,
      );
      expect(written.result).toMatchObject({ _tag: 'VersionConflict' });
      await expectNothingWritten(storage(), written, streamId, 1);
      expect(await storage().commands.notification(command.notificationId)).toMatchObject({
        status: 'Pending',
      });
      expect(await outboxOf(storage(), [command.notificationId])).toEqual([]);
    });

    it('an InsufficientInventory writes nothing, the holder’s earlier holds included', async () => {
      const { basketId, streamId } = freshBasket();
      const command = await accept(storage(), basketId);
      const kept = freshResource();
      await storage().unitOfWork.commit(
        commit({
          streamId,
          events: events('Created'),
          holds: { holder: basketId, holds: [hold(kept, 1, 1)] },
        }),
      );
      const taken = freshResource();
      await storage().unitOfWork.commit(
        commit({ streamId: freshBasket().streamId, holds: { holder: uuid(), holds: [hold(taken, 1, 1)] } }),
      );
      const written = await refusedCommit(
        storage(),
        (parts) =>
          commit({
            streamId,
            expectedVersion: 1,
            ...parts,
            holds: { holder: basketId, holds: [...(parts.holds?.holds ?? []), hold(taken, 1, 1)] },
          }),
        basketId,
        command.notificationId,
      );
      expect(written.result).toEqual({ _tag: 'InsufficientInventory', resource: taken });
      await expectNothingWritten(storage(), written, streamId, 1);
      expect(await heldBy(storage(), kept, at())).toBe(1);
      expect(await storage().commands.notification(command.notificationId)).toMatchObject({
        status: 'Pending',
      });
      expect(await outboxOf(storage(), [command.notificationId])).toEqual([]);
    });

    it('an AlreadyCompleted writes no events, holds, second outbox row, idempotency record or snapshot', async () => {
      const { basketId, streamId } = freshBasket();
      const command = await accept(storage(), basketId);
      await storage().unitOfWork.commit(
        commit({ streamId, events: events('Created'), completion: succeeded(command.notificationId, at(3)) }),
      );
      const written = await refusedCommit(
        storage(),
        (parts) => commit({ streamId, expectedVersion: 1, ...parts }),
        basketId,
        command.notificationId,
      );
      expect(written.result).toEqual({ _tag: 'AlreadyCompleted', notificationId: command.notificationId });
      await expectNothingWritten(storage(), written, streamId, 1);
      expect(await storage().commands.notification(command.notificationId)).toMatchObject({
        completed: at(3),
      });
      expect(await outboxOf(storage(), [command.notificationId])).toHaveLength(1);
    });

    it('an IdempotencyKeyTaken writes no events, holds, completion, outbox row, record or snapshot (C-6.3)', async () => {
      const { basketId, streamId } = freshBasket();
      const command = await accept(storage(), basketId);
      const taken = `key-${uuid()}`;
      const first: IdempotencyRecord = {
        storeId,
        key: taken,
        fingerprint: 'first',
        response: {},
        created: at(),
      };
      await storage().unitOfWork.commit(commit({ streamId: freshBasket().streamId, idempotency: first }));
      const written = await refusedCommit(
        storage(),
        (parts) =>
          commit({
            streamId,
            ...parts,
            idempotency: { storeId, key: taken, fingerprint: 'second', response: {}, created: at(MINUTE) },
          }),
        basketId,
        command.notificationId,
      );
      expect(written.result).toEqual({ _tag: 'IdempotencyKeyTaken', storeId, key: taken });
      await expectNothingWritten(storage(), written, streamId, 0);
      expect(await storage().idempotency.find(storeId, taken, at(-DAY))).toEqual(first);
      expect(await storage().commands.notification(command.notificationId)).toMatchObject({
        status: 'Pending',
      });
      expect(await outboxOf(storage(), [command.notificationId])).toEqual([]);
    });

    it('a commit that passes every check writes all of it', async () => {
      const { basketId, streamId } = freshBasket();
      const command = await accept(storage(), basketId);
      const written = await refusedCommit(
        storage(),
        (parts) => commit({ streamId, ...parts }),
        basketId,
        command.notificationId,
      );
      expect(written.result).toEqual({ _tag: 'Committed', version: 2 });
      expect(await storage().events.readStream(streamId)).toHaveLength(2);
      expect(await heldBy(storage(), written.resource, at())).toBe(1);
      expect(await storage().idempotency.find(storeId, written.key, at(-DAY))).toBeDefined();
      expect(await storage().snapshots.load(streamId)).toEqual(snapshot);
      expect(await storage().commands.notification(command.notificationId)).toMatchObject({
        status: 'Succeeded',
      });
      expect(await outboxOf(storage(), [command.notificationId])).toHaveLength(1);
    });
  });
};
