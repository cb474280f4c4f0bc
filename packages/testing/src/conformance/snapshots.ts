import type { Snapshot } from '@basket/app';
import { describe, expect, it } from 'vitest';
import { commit, events, freshBasket, type StorageRef } from './fixture';

const snapshot = (version: number): Snapshot => ({
  version,
  schema: 'basket/1',
  state: { version, lines: [{ id: `line-${version}`, quantity: version }], note: null },
});

/** SnapshotStore: the newest snapshot of a stream is kept, saved directly or with a commit. */
export const snapshotCases = (storage: StorageRef): void => {
  describe('snapshots', () => {
    it('loads nothing for a stream without a snapshot', async () => {
      expect(await storage().snapshots.load(freshBasket().streamId)).toBeUndefined();
    });

    it('loads what was saved', async () => {
      const { streamId } = freshBasket();
      await storage().snapshots.save(streamId, snapshot(3));
      expect(await storage().snapshots.load(streamId)).toEqual(snapshot(3));
    });

    it('keeps the newest: an older snapshot never replaces a newer one', async () => {
      const { streamId } = freshBasket();
      await storage().snapshots.save(streamId, snapshot(5));
      await storage().snapshots.save(streamId, snapshot(3));
      expect(await storage().snapshots.load(streamId)).toEqual(snapshot(5));
      await storage().snapshots.save(streamId, snapshot(9));
      expect(await storage().snapshots.load(streamId)).toEqual(snapshot(9));
    });

    it('keeps the newest whatever order concurrent saves run in', async () => {
      const { streamId } = freshBasket();
      await Promise.all([4, 8, 2, 6].map((version) => storage().snapshots.save(streamId, snapshot(version))));
      expect(await storage().snapshots.load(streamId)).toEqual(snapshot(8));
    });

    it('stores a commit’s snapshot with its events, under the same newest-kept rule', async () => {
      const { streamId } = freshBasket();
      await storage().unitOfWork.commit(
        commit({ streamId, events: events('A', 'B'), snapshot: snapshot(2) }),
      );
      expect(await storage().snapshots.load(streamId)).toEqual(snapshot(2));
      await storage().snapshots.save(streamId, snapshot(10));
      await storage().unitOfWork.commit(
        commit({ streamId, expectedVersion: 2, events: events('C'), snapshot: snapshot(3) }),
      );
      expect(await storage().snapshots.load(streamId)).toEqual(snapshot(10));
    });

    it('keeps snapshots of streams apart', async () => {
      const one = freshBasket().streamId;
      const two = freshBasket().streamId;
      await storage().snapshots.save(one, snapshot(1));
      expect(await storage().snapshots.load(two)).toBeUndefined();
    });
  });
};
