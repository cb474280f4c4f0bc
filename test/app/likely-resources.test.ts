import type { TransactionPrefetch } from '@basket/app';
import { stockResource } from '@basket/core';
import { createMemoryStorage } from '@basket/store-memory';
import { describe, expect, it } from 'vitest';
import { alice, bodyOf, ids, text, world } from './support';

// docs/architecture.md, "Round trips": a basket command tells its transaction's opening which
// resources its decision will read first, so that PostgreSQL reads their availability in the round
// trip of BEGIN and the lock, even on a basket's first command (no earlier decision to go by).
describe("a command's likely resources are read with its transaction's opening", () => {
  it("the first add to a new basket announces its product's stock, and the next add another's", async () => {
    const storage = createMemoryStorage();
    const hints: Array<TransactionPrefetch | undefined> = [];
    const counted = {
      ...storage,
      unitOfWork: {
        ...storage.unitOfWork,
        transaction: ((lock, body, prefetch) => {
          hints.push(prefetch);
          return storage.unitOfWork.transaction(lock, body, prefetch);
        }) satisfies typeof storage.unitOfWork.transaction,
      },
    };
    const { app } = await world({ storage: counted });
    const id = text(bodyOf(await app.api.createBasket(alice)), 'id');
    hints.length = 0;
    await app.api.addProduct(alice, id, ids.pie, { quantity: 1 });
    expect(hints.at(-1)?.heldByOthers?.resources).toEqual([stockResource(ids.pie)]);
    // Another product: its stock, not the stock the basket's last decision read.
    const drink = 'fnb:arena|44a4f65e4bc3086b9d13baa7';
    await app.api.addProduct(alice, id, drink, { quantity: 1 });
    expect(hints.at(-1)?.heldByOthers?.resources).toEqual([stockResource(drink)]);
  });
});
