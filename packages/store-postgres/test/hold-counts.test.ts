import { randomUUID } from 'node:crypto';
import type { HoldRow } from '@basket/app';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSchema, postgresTestDatabase, type TestDatabase } from './support';

/*
 * The count of units held per resource (hold_counts) is written by every commit that changes holds,
 * in its transaction, and must always equal the sum of the resource's hold rows, whatever commits
 * race (holders on a pool of 8 connections, growing, shrinking, releasing, refused).
 */
/** Each stripe's count of a resource equals the sum of the resource's hold rows in that stripe. */
const expectCountsEqualRows = async (
  database: TestDatabase,
  schema: string,
  resources: ReadonlyArray<string>,
): Promise<void> => {
  const rows = await database.db.query(
    `SELECT r AS resource, s AS stripe,
        coalesce((SELECT units FROM ${schema}.hold_counts WHERE resource = r AND stripe = s), 0)::int AS counted,
        coalesce((SELECT sum(quantity) FROM ${schema}.holds WHERE resource = r AND stripe = s), 0)::int AS summed
      FROM unnest($1::text[]) AS r, generate_series(0, 7) AS s`,
    [resources],
  );
  for (const row of rows)
    expect(row.counted, `${String(row.resource)} stripe ${String(row.stripe)}`).toBe(row.summed);
};

describe('store-postgres on PostgreSQL: units held per resource under concurrent commits', () => {
  let database: TestDatabase;
  const schema = freshSchema();
  beforeAll(async () => {
    database = await postgresTestDatabase(8);
  });
  afterAll(() => database?.cleanup());

  it('keeps hold_counts equal to the sum of hold rows (property)', { timeout: 120_000 }, async () => {
    const storage = await database.storage(schema);
    const resources = ['stock:counted|a:1', 'stock:counted|b:1', 'slot:counted|c:1'];
    const holders = Array.from({ length: 6 }, () => randomUUID());
    const versions = new Map(holders.map((holder) => [holder, 0]));
    const rowArbitrary = fc.record({
      resource: fc.constantFrom(...resources),
      quantity: fc.integer({ min: 1, max: 4 }),
      expiresIn: fc.option(fc.integer({ min: -2, max: 10 }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            holder: fc.constantFrom(...holders),
            rows: fc.uniqueArray(rowArbitrary, { maxLength: 3, selector: (row) => row.resource }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (changes) => {
          const base = Date.parse('2031-05-01T12:00:00.000Z');
          const byHolder = new Map(changes.map((change) => [change.holder, change.rows]));
          await Promise.all(
            [...byHolder].map(async ([holder, rows]) => {
              const holds: HoldRow[] = rows.map((row) => ({
                resource: row.resource,
                quantity: row.quantity,
                capacity: 12,
                ...(row.expiresIn === undefined
                  ? {}
                  : { expiresAt: new Date(base + row.expiresIn * 60_000).toISOString() }),
              }));
              const result = await storage.unitOfWork.commit({
                streamId: `basket-${holder}`,
                expectedVersion: versions.get(holder) ?? 0,
                events: [{ type: 'HoldsChanged', data: {} }],
                holds: { holder, holds },
                at: new Date(base).toISOString(),
              });
              if (result._tag === 'Committed') versions.set(holder, result.version);
              else expect(result._tag).toBe('InsufficientInventory');
            }),
          );
          await expectCountsEqualRows(database, schema, resources);
        },
      ),
      { numRuns: 40 },
    );
  });
});
