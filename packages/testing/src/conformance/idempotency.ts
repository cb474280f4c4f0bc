import type { IdempotencyRecord } from '@basket/app';
import { describe, expect, it } from 'vitest';
import {
  acceptOutcome,
  at,
  commit,
  DAY,
  events,
  expectCommitted,
  freshBasket,
  MINUTE,
  type StorageRef,
  storeId,
  T0,
  uuid,
} from './fixture';

const record = (key: string, created = at()): IdempotencyRecord => ({
  storeId,
  key,
  fingerprint: `POST /baskets/x/voucher ${key}`,
  response: { status: 200, body: { notificationId: uuid() } },
  created,
});

/** IdempotencyStore (C-6.3): records written with a commit or an accept, found for 24 hours per store. */
export const idempotencyCases = (storage: StorageRef): void => {
  describe('idempotency records (C-6.3)', () => {
    it('finds a record committed with a unit of work', async () => {
      const key = `key-${uuid()}`;
      const written = record(key);
      await storage().unitOfWork.commit(commit({ streamId: freshBasket().streamId, idempotency: written }));
      expect(await storage().idempotency.find(storeId, key, at(-DAY))).toEqual(written);
    });

    it('finds a record stored with an accepted command', async () => {
      const key = `key-${uuid()}`;
      const written = record(key);
      const outcome = await storage().commands.accept(
        {
          notificationId: uuid(),
          storeId,
          basketId: freshBasket().basketId,
          operation: 'addVoucherToBasket',
          command: { type: 'AddVoucher' },
          accepted: at(),
        },
        written,
      );
      expect(outcome._tag).toBe('Accepted');
      expect(await storage().idempotency.find(storeId, key, at(-DAY))).toEqual(written);
    });

    it('finds a record only when it was created at or after notBefore (24 h window)', async () => {
      const key = `key-${uuid()}`;
      await storage().unitOfWork.commit(
        commit({ streamId: freshBasket().streamId, idempotency: record(key, at()) }),
      );
      expect(await storage().idempotency.find(storeId, key, at(-DAY))).toBeDefined();
      expect(await storage().idempotency.find(storeId, key, at())).toBeDefined();
      expect(await storage().idempotency.find(storeId, key, at(1))).toBeUndefined();
      expect(await storage().idempotency.find(storeId, key, at(DAY + 1))).toBeUndefined();
    });

    it('scopes keys to their store, and finds nothing for an unknown key', async () => {
      const key = `key-${uuid()}`;
      await storage().unitOfWork.commit(
        commit({ streamId: freshBasket().streamId, idempotency: record(key) }),
      );
      expect(await storage().idempotency.find(`other-${storeId}`, key, at(-DAY))).toBeUndefined();
      expect(await storage().idempotency.find(storeId, `key-${uuid()}`, at(-DAY))).toBeUndefined();
    });

    it('a record created more than 24 hours after the key’s record replaces it: the key is free again', async () => {
      const key = `key-${uuid()}`;
      const first = record(key, at());
      expectCommitted(
        await storage().unitOfWork.commit(commit({ streamId: freshBasket().streamId, idempotency: first })),
        0,
      );
      const second = { ...record(key, at(DAY + 1)), fingerprint: 'another request' };
      const accepted = await acceptOutcome(storage(), freshBasket().basketId, second);
      expect(accepted._tag).toBe('Accepted');
      expect(await storage().idempotency.find(storeId, key, at(-DAY))).toEqual(second);
      const third = record(key, at(2 * DAY + 2));
      expectCommitted(
        await storage().unitOfWork.commit(commit({ streamId: freshBasket().streamId, idempotency: third })),
        0,
      );
      expect(await storage().idempotency.find(storeId, key, at(-DAY))).toEqual(third);
    });

    it('prunes the records created before a time, oldest first, at most as many as asked; keeps the others', async () => {
      // Long before anything else a shared storage holds, so that no other record is past the cutoff.
      const ANCIENT = Date.parse('1990-05-01T12:00:00.000Z') - T0;
      const old = [-10, -9, -8].map((days) => record(`key-${uuid()}`, at(ANCIENT + days * DAY)));
      const recent = record(`key-${uuid()}`, at(ANCIENT));
      for (const written of [...old, recent]) {
        expectCommitted(
          await storage().unitOfWork.commit(
            commit({ streamId: freshBasket().streamId, idempotency: written }),
          ),
          0,
        );
      }
      const found = (written: IdempotencyRecord) =>
        storage().idempotency.find(storeId, written.key, at(ANCIENT - 20 * DAY));
      expect(await storage().idempotency.prune(at(ANCIENT - 5 * DAY), 2)).toBe(2);
      expect(await found(old[0] as IdempotencyRecord)).toBeUndefined();
      expect(await found(old[1] as IdempotencyRecord)).toBeUndefined();
      expect(await found(old[2] as IdempotencyRecord)).toEqual(old[2]);
      expect(await storage().idempotency.prune(at(ANCIENT - 5 * DAY), 2)).toBe(1);
      expect(await storage().idempotency.prune(at(ANCIENT - 5 * DAY), 2)).toBe(0);
      expect(await found(recent)).toEqual(recent);
    });

    it('a record created exactly 24 hours after the key’s record, or earlier, finds the key taken', async () => {
      const key = `key-${uuid()}`;
      const first = record(key, at());
      await storage().unitOfWork.commit(commit({ streamId: freshBasket().streamId, idempotency: first }));
      for (const created of [at(DAY), at(1), at(), at(-MINUTE)]) {
        const { streamId } = freshBasket();
        expect(
          await storage().unitOfWork.commit(commit({ streamId, idempotency: record(key, created) })),
        ).toEqual({ _tag: 'IdempotencyKeyTaken', storeId, key });
        expect(await acceptOutcome(storage(), freshBasket().basketId, record(key, created))).toEqual({
          _tag: 'IdempotencyKeyTaken',
          storeId,
          key,
        });
      }
      expect(await storage().idempotency.find(storeId, key, at(-DAY))).toEqual(first);
    });

    it('the same key in another store is not taken', async () => {
      const key = `key-${uuid()}`;
      await storage().unitOfWork.commit(
        commit({ streamId: freshBasket().streamId, idempotency: record(key) }),
      );
      const elsewhere = { ...record(key), storeId: `other-${storeId}` };
      expectCommitted(
        await storage().unitOfWork.commit(
          commit({ streamId: freshBasket().streamId, idempotency: elsewhere }),
        ),
        0,
      );
      expect(await storage().idempotency.find(`other-${storeId}`, key, at(-DAY))).toEqual(elsewhere);
    });

    it('of two concurrent commits with one key, exactly one is Committed; the other writes nothing', async () => {
      const key = `key-${uuid()}`;
      const streams = [freshBasket().streamId, freshBasket().streamId];
      const records = streams.map(() => record(key));
      const results = await Promise.all(
        streams.map((streamId, n) =>
          storage().unitOfWork.commit(commit({ streamId, events: events('Raced'), idempotency: records[n] })),
        ),
      );
      expect(results.map((result) => result._tag).sort()).toEqual(['Committed', 'IdempotencyKeyTaken']);
      const winner = results.findIndex((result) => result._tag === 'Committed');
      expect(await storage().idempotency.find(storeId, key, at(-DAY))).toEqual(records[winner]);
      const lengths = await Promise.all(streams.map((streamId) => storage().events.readStream(streamId)));
      expect(lengths.map((stream) => stream.length)).toEqual(streams.map((_, n) => (n === winner ? 1 : 0)));
    });
  });
};
