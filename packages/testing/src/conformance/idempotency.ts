import type { IdempotencyRecord } from '@basket/app';
import { describe, expect, it } from 'vitest';
import { at, commit, DAY, freshBasket, type StorageRef, storeId, uuid } from './fixture';

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
      await storage().commands.accept(
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
  });
};
