import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, type Db, dropSchema, openPgPool } from '../src/index';
import { freshSchema, postgresUrl } from './support';

const at = '2026-11-21T18:04:05.123Z';

/** The pool, counting the statements a transaction's body sends itself (the opening is not among them). */
const counting = (db: Db) => {
  const counts = { bodyStatements: 0 };
  const wrapped: Db = {
    ...db,
    transaction: (fn, opening) =>
      db.transaction(
        (tx, opened) =>
          fn(
            {
              ...tx,
              query: (sql, params) => {
                counts.bodyStatements += 1;
                return tx.query(sql, params);
              },
            },
            opened,
          ),
        opening,
      ),
  };
  return { db: wrapped, counts };
};

const pool = openPgPool(postgresUrl);
const schema = freshSchema();
afterAll(async () => {
  await dropSchema(pool, schema);
  await pool.close();
});

describe('a transaction’s opening reads on PostgreSQL (TransactionPrefetch, docs/architecture.md)', () => {
  it('answers the body’s first reads without a statement of its own, also from a later version', async () => {
    const { db, counts } = counting(pool);
    const storage = await createPostgresStorage({ db, schema });
    await storage.unitOfWork.commit({
      streamId: 'basket-p1',
      expectedVersion: 0,
      events: [1, 2, 3].map((n) => ({ type: 'Touched', data: { n } })),
      at,
    });
    counts.bodyStatements = 0;
    const seen = await storage.unitOfWork.transaction(
      'basket-p1',
      async (reads) => ({
        value: {
          pending: await reads.oldestPending('p1'),
          // This process has the state at 2 by now: the opening's read from 1 answers the tail.
          tail: (await reads.readStream('basket-p1', 2)).map((event) => event.version),
        },
      }),
      { stream: { streamId: 'basket-p1', afterVersion: 1 }, pendingOf: 'p1' },
    );
    expect(seen).toEqual({ _tag: 'Done', value: { pending: undefined, tail: [3] } });
    expect(counts.bodyStatements).toBe(0);
    // Without the hint, the same reads are statements of the body.
    await storage.unitOfWork.transaction('basket-p1', async (reads) => ({
      value: [await reads.oldestPending('p1'), await reads.readStream('basket-p1', 2)],
    }));
    expect(counts.bodyStatements).toBe(2);
  });

  it('answers what others hold of a subset of the guessed resources, for the same holder and time', async () => {
    const { db, counts } = counting(pool);
    const storage = await createPostgresStorage({ db, schema });
    const later = '2026-11-21T18:10:00.000Z';
    await storage.unitOfWork.commit({
      streamId: 'basket-other',
      expectedVersion: 0,
      events: [{ type: 'Touched', data: {} }],
      holds: {
        holder: 'other',
        holds: [
          { resource: "stock:it's", quantity: 2, capacity: 10, expiresAt: later },
          { resource: 'stock:b', quantity: 1, capacity: 10 },
        ],
      },
      at,
    });
    counts.bodyStatements = 0;
    const guess = { resources: ["stock:it's", 'stock:b', 'stock:c'], holder: 'p2', now: at };
    const read = (resources: ReadonlyArray<string>, holder = 'p2', now = at) =>
      storage.unitOfWork.transaction(
        'basket-p2',
        async (reads) => ({ value: Object.fromEntries(await reads.heldByOthers(resources, holder, now)) }),
        { heldByOthers: guess },
      );
    expect(await read(["stock:it's", 'stock:c'])).toEqual({
      _tag: 'Done',
      value: { "stock:it's": 2, 'stock:c': 0 },
    });
    expect(counts.bodyStatements).toBe(0);
    // Another resource, holder or time than the guess: read as usual, and the same answer as a read.
    expect(await read(['stock:b', 'stock:d'])).toEqual({
      _tag: 'Done',
      value: { 'stock:b': 1, 'stock:d': 0 },
    });
    expect(await read(['stock:b'], 'other')).toEqual({ _tag: 'Done', value: { 'stock:b': 0 } });
    expect(await read(["stock:it's"], 'p2', later)).toEqual({ _tag: 'Done', value: { "stock:it's": 0 } });
    expect(counts.bodyStatements).toBe(3);
  });
});
