import { createPostgresStorage, dropSchema, openPgPool } from '@basket/store-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../postgres/harness';
import { alice, bob, bodyOf, expectProblem, ids, text, world } from './support';

const schema = `notification_owner_${process.pid}`;
const pools = [openPgPool(postgresUrl), openPgPool(postgresUrl)];
afterAll(async () => {
  await dropSchema(pools[0]!, schema);
  await Promise.all(pools.map((pool) => pool.close()));
});

describe('a notification is read as its basket is now, whichever process read the basket before (C-2.5, C-6.5)', () => {
  it('a process whose state of the basket is stale does not answer from it', async () => {
    await dropSchema(pools[0]!, schema);
    const [first, second] = await Promise.all(
      pools.map(async (db) => world({ storage: await createPostgresStorage({ db, schema }) })),
    );
    if (first === undefined || second === undefined) throw new Error('two processes');
    // A guest's basket, seen by the first process: its notification is the guest's to read.
    const guest = { storeId: alice.storeId };
    const id = text(bodyOf(await first.app.api.createBasket(guest)), 'id');
    const added = await first.app.api.addProduct(guest, id, ids.pie, { quantity: 1 });
    const notificationId = text(bodyOf(added), 'notificationId');
    expect(bodyOf(await first.app.api.getNotification(bob, notificationId))).toMatchObject({
      status: 'Succeeded',
    });
    // Alice takes the basket through the second process; the first still has the guest's state.
    expect((await second.app.api.assignContact(alice, id)).status).toBe(200);
    expectProblem(await first.app.api.getNotification(bob, notificationId), 403, 'forbidden');
    expect(bodyOf(await first.app.api.getNotification(alice, notificationId))).toMatchObject({
      notificationId,
    });
  });
});
