import { randomIds, type Storage } from '@basket/app';
import { createMemoryStorage } from '@basket/store-memory';
import { createPostgresStorage, dropSchema, openPglite, openPgPool } from '@basket/store-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../postgres/harness';
import { alice, bob, bodyOf, expectProblem, ids, text, world } from './support';

// createBasket decides on a basket it takes to be new (its id was just made) without reading it
// (docs/architecture.md, "Round trips"). Were an id source to hand out an id twice, the second
// createBasket must be refused and the basket already stored left as it was: nothing is lost.
const schema = `fresh_basket_${process.pid}`;
const pool = openPgPool(postgresUrl);
afterAll(async () => {
  await dropSchema(pool, schema);
  await pool.close();
});

const storages: ReadonlyArray<[string, () => Promise<Storage>]> = [
  ['memory', async () => createMemoryStorage()],
  ['PGlite', async () => createPostgresStorage({ db: await openPglite('memory') })],
  [
    'PostgreSQL',
    async () => {
      await dropSchema(pool, schema);
      return createPostgresStorage({ db: pool, schema, closeDb: false });
    },
  ],
];

describe.each(storages)('a basket id handed out twice (%s)', (_name, storage) => {
  it('refuses the second createBasket, in this process or another, and keeps the first basket', async () => {
    const repeated = randomIds.uuid();
    const shared = await storage();
    const sameIds = { ...randomIds, uuid: () => repeated };
    const here = (await world({ storage: shared, ids: sameIds })).app;
    const first = await here.api.createBasket(alice);
    expect(text(bodyOf(first), 'id')).toBe(repeated);
    const added = await here.api.addProduct(alice, repeated, ids.pie, { quantity: 2 });
    expect(added.status).toBe(200);
    const before = bodyOf(await here.api.getBasket(alice, repeated));

    // Another process, which has never seen the basket: its commit is refused by the stored events.
    const elsewhere = (await world({ storage: shared, ids: sameIds })).app;
    expectProblem(await elsewhere.api.createBasket(bob), 500, 'internal-error');
    // This process decides on the basket it has cached: it exists already.
    expect((await here.api.createBasket(bob)).status).toBe(400);

    for (const app of [here, elsewhere]) {
      const after = await app.api.getBasket(alice, repeated);
      expect(bodyOf(after)).toEqual(before);
    }
  });
});
