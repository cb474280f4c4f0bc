import { randomUUID } from 'node:crypto';
import type { HoldRow, Storage } from '@basket/app';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisoryLock, lockClass } from '../src/locks';
import { freshSchema, postgresTestDatabase, type TestDatabase, waitForBlocked } from './support';

/*
 * A resource of 256 units or more is counted in 8 stripes, each with an eighth of its capacity
 * (striped-hold-counts.ts): a hold that fits its holder's stripe locks that stripe alone, any other
 * locks them all and checks the total. Whatever commits race, the resource is never held beyond its
 * capacity, and every stripe's count is the sum of its rows.
 */
describe('store-postgres on PostgreSQL: striped counts of a popular resource', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await postgresTestDatabase(8);
  });
  afterAll(() => database?.cleanup());

  const at = '2031-05-01T12:00:00.000Z';
  const hold = (resource: string, quantity: number, capacity: number): HoldRow => ({
    resource,
    quantity,
    capacity,
    expiresAt: '2031-05-01T12:30:00.000Z',
  });
  /** Commits `holds` as `holder`'s, its basket stream at `version`. */
  const commitHolds = (storage: Storage, holder: string, version: number, holds: ReadonlyArray<HoldRow>) =>
    storage.unitOfWork.commit({
      streamId: `basket-${holder}`,
      expectedVersion: version,
      events: [{ type: 'HoldsChanged', data: {} }],
      holds: { holder, holds },
      at,
    });
  const held = async (schema: string, resource: string) => {
    const [row] = await database.db.query(
      `SELECT coalesce(sum(quantity), 0)::int AS units, count(DISTINCT stripe)::int AS stripes,
          (SELECT coalesce(sum(units), 0)::int FROM ${schema}.hold_counts WHERE resource = $1) AS counted
        FROM ${schema}.holds WHERE resource = $1`,
      [resource],
    );
    return { units: Number(row?.units), stripes: Number(row?.stripes), counted: Number(row?.counted) };
  };

  it('a lone holder may take the whole capacity, and nobody a unit more (C-7.3a)', async () => {
    const schema = freshSchema();
    const storage = await database.storage(schema);
    const pie = 'stock:striped|pie:1';
    expect(await commitHolds(storage, randomUUID(), 0, [hold(pie, 252, 256)])).toMatchObject({
      _tag: 'Committed',
    });
    const holders = Array.from({ length: 8 }, () => randomUUID());
    const answers = await Promise.all(
      holders.map((holder) => commitHolds(storage, holder, 0, [hold(pie, 1, 256)])),
    );
    expect(answers.filter((answer) => answer._tag === 'Committed')).toHaveLength(4);
    expect(answers.filter((answer) => answer._tag === 'InsufficientInventory')).toHaveLength(4);
    expect(await held(schema, pie)).toMatchObject({ units: 256, counted: 256 });
  });

  it('holders in two stripes of one resource commit at once; two in one stripe wait for each other', {
    timeout: 30_000,
  }, async () => {
    const schema = freshSchema();
    const storage = await database.storage(schema);
    const pie = 'stock:striped|pie:2';
    const stripeOf = (holder: string) => advisoryLock(schema, lockClass.holder, holder).key & 7;
    const holderIn = (wanted: (stripe: number) => boolean): string => {
      for (;;) {
        const holder = randomUUID();
        if (wanted(stripeOf(holder))) return holder;
      }
    };
    const first = randomUUID();
    const elsewhere = holderIn((stripe) => stripe !== stripeOf(first));
    const alongside = holderIn((stripe) => stripe === stripeOf(first));
    // The first holder's commit, left open after its holds are written (its locks are held).
    let written: () => void = () => {};
    const holding = new Promise<void>((resolve) => {
      written = resolve;
    });
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const open = database.db.transaction(async (tx) => {
      await tx.query(
        `SELECT ${schema}.replace_holds($1, $2, $3::timestamptz, $4::text[], $5::int[], $6::int[], $7::timestamptz[], $8::int[])`,
        [
          first,
          advisoryLock(schema, lockClass.holder, first).key,
          at,
          [pie],
          ['1'],
          ['256'],
          ['2031-05-01T12:30:00.000Z'],
          [String(advisoryLock(schema, lockClass.resource, pie).key)],
        ],
      );
      written();
      await finished;
    });
    await holding;
    // Another stripe: committed while the first is open (before stripes, it waited for its COMMIT).
    expect(await commitHolds(storage, elsewhere, 0, [hold(pie, 1, 256)])).toMatchObject({
      _tag: 'Committed',
    });
    // The same stripe: waits for the first to commit.
    const waiting = commitHolds(storage, alongside, 0, [hold(pie, 1, 256)]);
    await waitForBlocked(database.db, 'basket-store-postgres-tests');
    finish();
    await open;
    expect(await waiting).toMatchObject({ _tag: 'Committed' });
    expect(await held(schema, pie)).toMatchObject({ units: 3, counted: 3 });
  });

  it('holders of one resource race in many stripes and never hold more than its capacity (property)', {
    timeout: 120_000,
  }, async () => {
    const schema = freshSchema();
    const storage = await database.storage(schema);
    const resources = ['stock:striped|a:1', 'slot:striped|b:1'];
    const holders = Array.from({ length: 16 }, () => randomUUID());
    const versions = new Map(holders.map((holder) => [holder, 0]));
    let stripesSeen = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            holder: fc.constantFrom(...holders),
            resource: fc.constantFrom(...resources),
            quantity: fc.oneof(fc.constant(0), fc.integer({ min: 20, max: 60 })),
          }),
          { minLength: 1, maxLength: 16 },
        ),
        async (changes) => {
          const byHolder = new Map(changes.map((change) => [change.holder, change]));
          await Promise.all(
            [...byHolder.values()].map(async ({ holder, resource, quantity }) => {
              const holds =
                quantity === 0 ? [] : [hold(resource, quantity, 256 + resources.indexOf(resource) * 5)];
              const result = await commitHolds(storage, holder, versions.get(holder) ?? 0, holds);
              if (result._tag === 'Committed') versions.set(holder, result.version);
              else expect(result._tag).toBe('InsufficientInventory');
            }),
          );
          for (const [i, resource] of resources.entries()) {
            const { units, stripes, counted } = await held(schema, resource);
            expect(units).toBeLessThanOrEqual(256 + i * 5);
            expect(counted).toBe(units);
            stripesSeen = Math.max(stripesSeen, stripes);
          }
          const [mismatch] = await database.db.query(
            `SELECT c.resource, c.stripe FROM ${schema}.hold_counts c
              WHERE c.units <> coalesce((SELECT sum(h.quantity) FROM ${schema}.holds h
                WHERE h.resource = c.resource AND h.stripe = c.stripe), 0)`,
          );
          expect(mismatch).toBeUndefined();
        },
      ),
      { numRuns: 40 },
    );
    // The holders were spread over stripes: the race was between stripes, not inside one.
    expect(stripesSeen).toBeGreaterThan(2);
  });
});
