// C-6.3 and C-6.4 races through the app's API in one process: on store-memory and on PGlite.
import { type BasketApp, createBasketApp, randomIds, type Storage, systemClock } from '@basket/app';
import {
  demoCatalogPath,
  loadCatalogFile,
  simulatedPaymentProvider,
  simulatedProviders,
} from '@basket/providers-catalog';
import { createMemoryStorage } from '@basket/store-memory';
import { createPostgresStorage, openPglite } from '@basket/store-postgres';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { raceExpectations } from './expectations';
import { alternating, type Lanes } from './scenarios';

const appOn = async (storage: Storage): Promise<BasketApp> => {
  const catalog = await loadCatalogFile(demoCatalogPath);
  return createBasketApp({
    storage,
    providers: simulatedProviders(catalog, { ledger: storage.providerLedger }),
    paymentProvider: simulatedPaymentProvider(catalog, { ids: randomIds, ledger: storage.providerLedger }),
    clock: systemClock,
    ids: randomIds,
    config: { recoveryIntervalMs: 0, paymentSyncWaitMs: 5000 },
  });
};

describe('races in one process, memory storage', () => {
  let app: BasketApp;
  let lanes: Lanes;
  beforeAll(async () => {
    app = await appOn(createMemoryStorage());
    lanes = alternating([app.api]);
  });
  afterAll(() => app?.drain());
  raceExpectations(
    'memory',
    () => lanes,
    (title, fn) => it(title, fn, 60_000),
  );
});

describe('races in one process, PGlite', () => {
  let app: BasketApp;
  let storage: Storage;
  let lanes: Lanes;
  beforeAll(async () => {
    storage = await createPostgresStorage({ db: await openPglite('memory') });
    app = await appOn(storage);
    lanes = alternating([app.api]);
  }, 60_000);
  afterAll(async () => {
    await app?.drain();
    await storage?.close();
  });
  raceExpectations(
    'PGlite',
    () => lanes,
    (title, fn) => it(title, fn, 60_000),
  );
});
