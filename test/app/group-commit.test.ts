import type { Storage } from '@basket/app';
import { createMemoryStorage } from '@basket/store-memory';
import { describe, expect, it, vi } from 'vitest';
import { alice, bodyOf, ids, text, world } from './support';

/** The storage, counting the transactions the app runs. */
const countingTransactions = (storage: Storage) => {
  const counts = { transactions: 0 };
  const counted: Storage = {
    ...storage,
    unitOfWork: {
      ...storage.unitOfWork,
      transaction: (lock, body, prefetch) => {
        counts.transactions += 1;
        return storage.unitOfWork.transaction(lock, body, prefetch);
      },
    },
  };
  return { counted, counts };
};

const pieQuantity = (basket: ReturnType<typeof bodyOf>): number => {
  const providerBaskets = basket.providerBaskets as ReadonlyArray<{
    lineItems: ReadonlyArray<{ consumable?: { quantity: number } }>;
  }>;
  return providerBaskets.flatMap((b) => b.lineItems).reduce((n, l) => n + (l.consumable?.quantity ?? 0), 0);
};

describe('basket commands that arrive together on one basket are decided together (group commit, C-6.4)', () => {
  it('ten concurrent adds: every one applied once, in fewer transactions than requests, each notification completed', async () => {
    const { counted, counts } = countingTransactions(createMemoryStorage());
    const w = await world({ storage: counted });
    const id = text(bodyOf(await w.app.api.createBasket(alice)), 'id');
    counts.transactions = 0;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => w.app.api.addProduct(alice, id, ids.pie, { quantity: 1 })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const notifications = await Promise.all(
      answers.map((a) => w.app.api.getNotification(alice, text(bodyOf(a), 'notificationId'))),
    );
    // The pie's limit per basket is 10: all ten fit, each decided on the basket the ones before it left.
    expect(notifications.map((n) => bodyOf(n).status)).toEqual(Array(10).fill('Succeeded'));
    const basket = await w.app.api.getBasket(alice, id);
    expect(pieQuantity(bodyOf(basket))).toBe(10);
    expect(counts.transactions).toBeLessThan(10);
    // An eleventh passes the limit: judged on the basket the ten left (C-7.3a).
    const eleventh = await w.app.api.addProduct(alice, id, ids.pie, { quantity: 1 });
    const failed = bodyOf(await w.app.api.getNotification(alice, text(bodyOf(eleventh), 'notificationId')));
    expect(failed).toMatchObject({ status: 'Failed', problem: { code: 'quantity-limit' } });
  });

  it("tells the storage when each transaction's first request arrived, waits behind the group before it included", async () => {
    const storage = createMemoryStorage();
    const sinces: Array<number | undefined> = [];
    let opened = (): void => {};
    const gate = new Promise<void>((resolve) => {
      opened = resolve;
    });
    let gated = false;
    const w = await world({
      storage: {
        ...storage,
        unitOfWork: {
          ...storage.unitOfWork,
          transaction: async (lock, body, prefetch, since) => {
            sinces.push(since);
            // The first add's transaction ends only once the test lets it: the others wait in the app.
            if (!gated && sinces.length === 2) {
              gated = true;
              await gate;
            }
            return storage.unitOfWork.transaction(lock, body, prefetch, since);
          },
        },
      },
    });
    const id = text(bodyOf(await w.app.api.createBasket(alice)), 'id');
    const first = w.app.api.addProduct(alice, id, ids.pie, { quantity: 1 });
    await vi.waitFor(() => expect(sinces).toHaveLength(2));
    const sent = Date.now();
    const group = Array.from({ length: 4 }, () => w.app.api.addProduct(alice, id, ids.pie, { quantity: 1 }));
    // The group arrives (its requests' steps before the wait take no timer), and the clock moves
    // past its arrival before its transaction can start.
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(sent + 5));
    const openedAt = Date.now();
    opened();
    expect((await Promise.all([first, ...group])).map((a) => a.status)).toEqual(Array(5).fill(200));
    // The group of four in one transaction, counted from its arrival, not from its start.
    expect(sinces).toHaveLength(3);
    expect(sinces[2]).toBeLessThan(openedAt);
  });

  it('of concurrent changes with one If-Match, the first applies and the others are 412 (C-6.2, C-6.4)', async () => {
    const w = await world();
    const id = text(bodyOf(await w.app.api.createBasket(alice)), 'id');
    await w.app.api.addProduct(alice, id, ids.pie, { quantity: 1 });
    const before = await w.app.api.getBasket(alice, id);
    const version = before.status === 200 ? before.version : undefined;
    if (version === undefined) throw new Error('no version');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        w.app.api.addProduct(alice, id, ids.pie, { quantity: 1 }, { ifMatch: version }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 412)).toHaveLength(5);
    expect(pieQuantity(bodyOf(await w.app.api.getBasket(alice, id)))).toBe(2);
  });
});
