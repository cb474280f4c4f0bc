import { randomUUID } from 'node:crypto';
import {
  type Answer,
  type BasketApp,
  type Caller,
  createBasketApp,
  randomIds,
  type Storage,
  systemClock,
} from '@basket/app';
import {
  demoCatalogPath,
  loadCatalogFile,
  simulatedPaymentProvider,
  simulatedProviders,
} from '@basket/providers-catalog';
import { createPostgresStorage, type Db, openPgPool } from '@basket/store-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScene, postgresUrl, type Scene } from './harness';

const pie = 'fnb:arena|46602259e87b5062c3ef0e0f';

/**
 * Lets the next `racers` idempotency lookups (made through the storages it wraps) answer only once
 * all of them were made: every one of the concurrent first requests sees the key unused.
 */
const startingLine = (racers: number) => {
  let lookups = 0;
  let release: () => void = () => {};
  let allLooked = Promise.resolve();
  const arm = (): void => {
    lookups = 0;
    allLooked = new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  const wrap = (storage: Storage): Storage => ({
    ...storage,
    idempotency: {
      ...storage.idempotency,
      find: async (storeId, key, notBefore) => {
        const found = await storage.idempotency.find(storeId, key, notBefore);
        lookups += 1;
        if (lookups === racers) release();
        if (lookups <= racers) await allLooked;
        return found;
      },
    },
  });
  return { arm, wrap };
};

const notificationIdOf = (answer: Answer): unknown =>
  'body' in answer ? answer.body.notificationId : undefined;

// C-6.3 on PostgreSQL: two server processes (two apps, two pools) get the same first request at once.
describe('two concurrent first requests with one Idempotency-Key (PostgreSQL)', () => {
  let scene: Scene;
  let otherDb: Db;
  let apps: ReadonlyArray<BasketApp>;
  const line = startingLine(2);
  beforeAll(async () => {
    scene = await openScene();
    otherDb = openPgPool(postgresUrl, { max: 4 });
    const other = await createPostgresStorage({ db: otherDb, schema: scene.schema, closeDb: false });
    const catalog = await loadCatalogFile(demoCatalogPath);
    apps = [scene.storage, other].map((storage) =>
      createBasketApp({
        storage: line.wrap(storage),
        providers: simulatedProviders(catalog, { ledger: storage.providerLedger }),
        paymentProvider: simulatedPaymentProvider(catalog, {
          ids: randomIds,
          ledger: storage.providerLedger,
        }),
        clock: systemClock,
        ids: randomIds,
        config: { recoveryIntervalMs: 0, sweepIntervalMs: 0 },
      }),
    );
  });
  afterAll(async () => {
    for (const app of apps ?? []) await app.drain();
    await otherDb?.close();
    await scene?.cleanup();
  });

  const commandsOf = async (basketId: string): Promise<number> => {
    const [row] = await scene.db.query(
      `SELECT count(*)::int AS n FROM ${scene.schema}.commands WHERE basket_id = $1`,
      [basketId],
    );
    return Number(row?.n);
  };

  const addBoth = async (basketId: string, key: string, quantities: readonly [number, number]) => {
    line.arm();
    return Promise.all(
      quantities.map((quantity, n) => {
        const caller: Caller = {
          storeId: 'arena-web',
          idempotency: {
            key,
            fingerprint: `POST /baskets/${basketId}/products/${pie} {"quantity":${quantity}}`,
          },
        };
        return apps[n]?.api.addProduct(caller, basketId, pie, { quantity });
      }),
    );
  };

  it('the same body: both answer the one notification, and one command is accepted', async () => {
    const [basketId = ''] = await scene.createBaskets(1);
    const [first, second] = await addBoth(basketId, `race-${randomUUID()}`, [1, 1]);
    expect(first?.status).toBe(200);
    expect(second).toEqual(first);
    expect(typeof notificationIdOf(first ?? { status: 204 })).toBe('string');
    expect(await commandsOf(basketId)).toBe(1);
  });

  it('different bodies: one 200 and one 422 idempotency-key-reused, and one command is accepted', async () => {
    const [basketId = ''] = await scene.createBaskets(1);
    const answers = await addBoth(basketId, `race-${randomUUID()}`, [1, 2]);
    expect(answers.map((answer) => answer?.status).sort()).toEqual([200, 422]);
    const rejected = answers.find((answer) => answer?.status === 422);
    expect(rejected && 'problem' in rejected ? rejected.problem.code : undefined).toBe(
      'idempotency-key-reused',
    );
    expect(await commandsOf(basketId)).toBe(1);
  });
});
