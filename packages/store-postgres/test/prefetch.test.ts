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
});
