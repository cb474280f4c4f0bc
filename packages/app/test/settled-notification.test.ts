import { describe, expect, it } from 'vitest';
import { createCompletionHub, SETTLED_KEPT } from '../src/notifications/hub';
import type { NotificationRecord } from '../src/ports/notifications';
import { type FakeStorage, fakeStorage } from './fakes/memory-storage';
import {
  alice,
  bob,
  bodyOf,
  expectProblem,
  guest,
  type Harness,
  harness,
  newBasket,
  PIE,
  stringField,
} from './harness';
import { succeeds } from './purchase-steps';

/** A fake storage that counts the notification reads the app makes of it. */
const countingStorage = (): { storage: FakeStorage; reads: () => number } => {
  const inner = fakeStorage();
  let reads = 0;
  const { notification } = inner.commands;
  const storage: FakeStorage = {
    ...inner,
    commands: {
      ...inner.commands,
      notification: async (id) => {
        reads += 1;
        return notification(id);
      },
      notificationWithBasketVersion: undefined,
    },
  };
  return { storage, reads: () => reads };
};

/** A basket of alice's: created by her, then assigned to her (C-2.6). */
const alicesBasket = async (h: Harness): Promise<string> => {
  const id = await newBasket(h, alice);
  await succeeds(h, alice, h.app.api.assignContact(alice, id));
  return id;
};

describe('a notification this process completed (C-5.2, C-6.5)', () => {
  it("is answered to its basket's contact without a storage read, as the storage would answer", async () => {
    const { storage, reads } = countingStorage();
    const h = harness({}, storage);
    const id = await alicesBasket(h);
    const added = await h.app.api.addProduct(alice, id, PIE, { quantity: 1 });
    const notificationId = stringField(bodyOf(added), 'notificationId');
    await h.settle();
    const before = reads();
    const answer = await h.app.api.getNotification(alice, notificationId, 10_000);
    expect(reads()).toBe(before);
    expect(bodyOf(answer).status).toBe('Succeeded');
    // Another process on the same storage, with nothing in its memory, answers the same.
    const other = harness({}, storage);
    expect(await other.app.api.getNotification(alice, notificationId)).toEqual(answer);
    expect(reads()).toBe(before + 1);
  });

  it('is read from the storage for anyone else, and for a basket without a contact', async () => {
    const { storage, reads } = countingStorage();
    const h = harness({}, storage);
    const owned = await alicesBasket(h);
    const ownedNotification = stringField(
      bodyOf(await h.app.api.addProduct(alice, owned, PIE, { quantity: 1 })),
      'notificationId',
    );
    const open = await newBasket(h, guest);
    const openNotification = stringField(
      bodyOf(await h.app.api.addProduct(guest, open, PIE, { quantity: 1 })),
      'notificationId',
    );
    await h.settle();
    const before = reads();
    expectProblem(await h.app.api.getNotification(bob, ownedNotification), 403, 'forbidden');
    expect(reads()).toBe(before + 1);
    // A guest basket's contact may be assigned by another process at any time: only the storage knows.
    expect((await h.app.api.getNotification(bob, openNotification)).status).toBe(200);
    expect(reads()).toBe(before + 2);
  });
});

describe('the completion hub’s memory of settled notifications', () => {
  const record = (n: number, status: NotificationRecord['status']): NotificationRecord => ({
    notificationId: `n-${n}`,
    storeId: 'arena-web',
    basketId: 'b',
    operation: 'addProduct',
    created: '2026-11-24T00:00:00.000Z',
    status,
  });

  it('keeps completed notifications only, the latest SETTLED_KEPT of them', () => {
    const hub = createCompletionHub(0);
    hub.completed(record(-1, 'Pending'));
    expect(hub.settled('n--1')).toBeUndefined();
    for (let n = 0; n <= SETTLED_KEPT; n += 1) hub.completed(record(n, 'Succeeded'));
    expect(hub.settled('n-0')).toBeUndefined();
    expect(hub.settled('n-1')?.status).toBe('Succeeded');
    expect(hub.settled(`n-${SETTLED_KEPT}`)?.notificationId).toBe(`n-${SETTLED_KEPT}`);
  });
});
