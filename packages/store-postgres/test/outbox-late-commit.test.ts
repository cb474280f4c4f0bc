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

  const completion = (notificationId: string) => ({
    notificationId,
    outcome: { status: 'Succeeded' as const, completed: at },
  });

  /**
   * Runs `during` while a commit of `streamId` is stopped inside its transaction, after its outbox
   * row: it holds a seat that another session holds locked.
   */
  const withStoppedCommit = async <A>(
    streamId: string,
    notificationId: string,
    during: () => Promise<A>,
  ): Promise<{ readonly during: A; readonly stopped: unknown }> => {
    const applicationName = `basket-outbox-${schema}-${streamId}`;
    const slowDb = openPgPool(postgresUrl, { max: 1, applicationName });
    const slow = await createPostgresStorage({ db: slowDb, schema, closeDb: true });
    const gate = openPgPool(postgresUrl, { max: 1 });
    const seat = `seat:${streamId}:1`;
    try {
      const { result, commit } = await gate.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [
          lockClass.resource,
          lockKey(`${schema}:${seat}`),
        ]);
        const commit = slow.unitOfWork.commit({
          streamId,
          expectedVersion: 0,
          events: [{ type: 'Held', data: {} }],
          completion: completion(notificationId),
          holds: { holder: streamId, holds: [{ resource: seat, quantity: 1, capacity: 1 }] },
          at,
        });
        await waitForBlocked(database.db, applicationName);
        return { result: await during(), commit };
      });
      return { during: result, stopped: await commit };
    } finally {
      await slow.close();
      await gate.close();
    }
  };

  const ids = (messages: ReadonlyArray<{ notification: { notificationId: string } }>) =>
    messages.map((message) => message.notification.notificationId);

  it("the relay's reader does not wait for another basket's late commit; the cursor reader does not skip it", async () => {
    const early = await accept('early', 'n-early');
    const late = await accept('late', 'n-late');
    const { stopped } = await withStoppedCommit('basket-early', early.notificationId, async () => {
      const lateCommit = await reader.unitOfWork.commit({
        streamId: 'basket-late',
        expectedVersion: 0,
        events: [{ type: 'Done', data: {} }],
        completion: completion(late.notificationId),
        at,
      });
      expect(lateCommit).toEqual({ _tag: 'Committed', version: 1 });
      // The relay publishes the other basket's row at once (C-5.5 orders per basket only)…
      expect(ids(await reader.outbox.unpublished(10))).toEqual(['n-late']);
      expect(await reader.outbox.backlog()).toBe(1);
      // …while the position cursor must not pass the early row, which may still appear below it.
      expect(await reader.outbox.after(0, 10)).toEqual([]);
    });
    expect(stopped).toEqual({ _tag: 'Committed', version: 1 });
    const both = await reader.outbox.unpublished(10);
    expect(ids(both).sort()).toEqual(['n-early', 'n-late']);
    // Transactions of other test files may keep the horizon back for a moment: read until both show.
    let cursor = await reader.outbox.after(0, 10);
    for (let attempt = 0; cursor.length < 2 && attempt < 10_000; attempt += 1) {
      cursor = await reader.outbox.after(0, 10);
    }
    expect(ids(cursor)).toEqual(['n-early', 'n-late']);
    await reader.outbox.markPublished(both.map((message) => message.position));
    expect(await reader.outbox.unpublished(10)).toEqual([]);
  });

  it("a basket's later row waits for its earlier one, even from another stream, and takes a higher position", async () => {
    const first = await accept('same', 'n-first');
    const second = await accept('same', 'n-second');
    const applicationName = `basket-outbox-${schema}-second`;
    const secondDb = openPgPool(postgresUrl, { max: 1, applicationName });
    const secondWriter = await createPostgresStorage({ db: secondDb, schema, closeDb: true });
    try {
      const {
        during: { pending: secondCommit },
        stopped,
      } = await withStoppedCommit('basket-same', first.notificationId, async () => {
        // A commit of the same basket's notification on another stream (as the payment saga's are):
        // no stream lock orders the two, the outbox's basket lock does.
        const pending = secondWriter.unitOfWork.commit({
          streamId: 'payment-intent-same',
          expectedVersion: 0,
          events: [{ type: 'Started', data: {} }],
          completion: completion(second.notificationId),
          at,
        });
        await waitForBlocked(database.db, applicationName);
        expect(ids(await reader.outbox.unpublished(10))).toEqual([]);
        return { pending };
      });
      expect(stopped).toEqual({ _tag: 'Committed', version: 1 });
      expect(await secondCommit).toEqual({ _tag: 'Committed', version: 1 });
      const rows = await reader.outbox.unpublished(10);
      expect(ids(rows)).toEqual(['n-first', 'n-second']);
      expect(rows[0]?.position).toBeLessThan(rows[1]?.position ?? 0);
    } finally {
      await secondWriter.close();
    }
  });
});
