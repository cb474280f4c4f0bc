import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresTestDatabase, type TestDatabase } from './support';

const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('outbox retention on PostgreSQL (migration 16)', () => {
  let database: TestDatabase | undefined;
  afterAll(async () => database?.cleanup());

  it('a row published with no time (before migration 16, or by an older process) is kept from when it is first seen', async () => {
    database = await postgresTestDatabase(2);
    const schema = `basket_test_retention_${randomUUID().slice(0, 8)}`;
    const storage = await database.storage(schema);
    const basketId = randomUUID();
    const accepted = await storage.commands.accept({
      notificationId: randomUUID(),
      storeId: 'arena-web',
      basketId,
      operation: 'addProductToBasket',
      command: { type: 'AddProduct' },
      accepted: new Date().toISOString(),
    });
    if (accepted._tag !== 'Accepted') throw new Error('not accepted');
    await storage.unitOfWork.commit({
      streamId: `basket-${basketId}`,
      expectedVersion: 0,
      events: [{ type: 'Made', data: {} }],
      completion: {
        notificationId: accepted.command.notificationId,
        outcome: { status: 'Succeeded', completed: new Date().toISOString() },
      },
      at: new Date().toISOString(),
    });
    const [message] = await storage.outbox.unpublished(10);
    if (message === undefined) throw new Error('no outbox row');
    // An older process's relay marks it published without a time.
    await database.db.query(`UPDATE ${schema}.outbox SET published = true WHERE position = $1`, [
      message.position,
    ]);

    // Seen now: not pruned by a cutoff a minute ago (as a 24 h retention would not), and given the
    // time it was seen.
    expect(await storage.outbox.prunePublished?.(ahead(-60_000), 100)).toBe(0);
    const [stamped] = await database.db.query(
      `SELECT published_at FROM ${schema}.outbox WHERE position = $1`,
      [message.position],
    );
    expect(stamped?.published_at).not.toBeNull();
    // Gone once the cutoff passes that time.
    expect(await storage.outbox.prunePublished?.(ahead(25 * 3_600_000), 100)).toBe(1);
    expect(await storage.outbox.after(0, 10)).toEqual([]);
  });
});
