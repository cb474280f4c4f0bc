import type { Storage } from '@basket/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, openPgPool } from '../src/index';
import { lockClass, lockKey } from '../src/locks';
import { freshSchema, postgresTestDatabase, postgresUrl, type TestDatabase, waitForBlocked } from './support';

const at = '2026-11-21T18:04:05.123Z';

describe('outbox readers on PostgreSQL', () => {
  let database: TestDatabase;
  let reader: Storage;
  let schema: string;
  beforeAll(async () => {
    database = await postgresTestDatabase(4);
    schema = freshSchema();
    reader = await database.storage(schema);
  });
  afterAll(() => database?.cleanup());

  const accept = async (basketId: string, notificationId: string) => {
    const outcome = await reader.commands.accept({
      notificationId,
      storeId: 'store-1',
      basketId,
      operation: 'addProductToBasket',
      command: {},
      accepted: at,
    });
    if (outcome._tag !== 'Accepted') throw new Error(`not accepted: ${outcome._tag}`);
    return outcome.command;
  };

  it('do not skip a row whose transaction started first but committed last', async () => {
    const early = await accept('early', 'n-early');
    const late = await accept('late', 'n-late');
    const applicationName = `basket-outbox-${schema}`;
    const slowDb = openPgPool(postgresUrl, { max: 1, applicationName });
    const slow = await createPostgresStorage({ db: slowDb, schema, closeDb: true });
    const gate = openPgPool(postgresUrl, { max: 1 });
    try {
      const { earlyCommit } = await gate.transaction(async (tx) => {
        // Hold the lock of the resource the early commit holds: it stops there, after its outbox row.
        await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [
          lockClass.resource,
          lockKey(`${schema}:seat:m:1`),
        ]);
        const earlyCommit = slow.unitOfWork.commit({
          streamId: 'basket-early',
          expectedVersion: 0,
          events: [{ type: 'Held', data: {} }],
          completion: {
            notificationId: early.notificationId,
            outcome: { status: 'Succeeded', completed: at },
          },
          holds: { holder: 'early', holds: [{ resource: 'seat:m:1', quantity: 1, capacity: 1 }] },
          at,
        });
        await waitForBlocked(database.db, applicationName);
        const lateCommit = await reader.unitOfWork.commit({
          streamId: 'basket-late',
          expectedVersion: 0,
          events: [{ type: 'Done', data: {} }],
          completion: {
            notificationId: late.notificationId,
            outcome: { status: 'Succeeded', completed: at },
          },
          at,
        });
        expect(lateCommit).toEqual({ _tag: 'Committed', version: 1 });
        // The late row is committed, but a row below it may still appear: readers must not see it yet.
        expect(await reader.outbox.unpublished(10)).toEqual([]);
        expect(await reader.outbox.after(0, 10)).toEqual([]);
        const [{ position } = { position: 0 }] = await database.db.query(
          `SELECT max(position)::int AS position FROM ${schema}.outbox`,
        );
        expect(position).toBeGreaterThan(0);
        return { earlyCommit };
      });
      expect(await earlyCommit).toEqual({ _tag: 'Committed', version: 1 });
      // Transactions of other test files may keep the horizon back for a moment: read until both show.
      let messages = await reader.outbox.unpublished(10);
      for (let attempt = 0; messages.length < 2 && attempt < 10_000; attempt += 1) {
        messages = await reader.outbox.unpublished(10);
      }
      expect(messages.map((message) => message.notification.notificationId)).toEqual(['n-early', 'n-late']);
      expect(messages[0]?.position).toBeLessThan(messages[1]?.position ?? 0);
      expect(await reader.outbox.after(messages[0]?.position ?? 0, 10)).toEqual([messages[1]]);
      await reader.outbox.markPublished([messages[0]?.position ?? 0]);
      expect(await reader.outbox.unpublished(10)).toEqual([messages[1]]);
    } finally {
      await slow.close();
      await gate.close();
    }
  });
});
