// docs/operations.md:138
import { createBasketApp, randomIds, systemClock } from '@basket/app';
import { startRelayFromEnv } from '@basket/outbox-nats';
import {
  demoCatalogPath,
  loadCatalogFile,
  simulatedPaymentProvider,
  simulatedProviders,
} from '@basket/providers-catalog';
import { storageFromUrl } from '@basket/store-postgres';

const storage = await storageFromUrl(process.env.BASKET_DATABASE_URL); // migrations applied
const catalog = await loadCatalogFile(process.env.BASKET_CATALOG ?? demoCatalogPath);
const app = createBasketApp({
  storage,
  providers: simulatedProviders(catalog),
  paymentProvider: simulatedPaymentProvider(catalog, { ids: randomIds }),
  clock: systemClock,
  ids: randomIds,
});
// One active relay among all processes sharing the database; undefined without BASKET_NATS_URL.
const relay = startRelayFromEnv({ outbox: storage.outbox, lease: storage.relayLease, logger: console });
const unsubscribe = app.subscribe(() => relay?.nudge()); // publish at once, not at the next poll

process.once('SIGTERM', async () => {
  // …first stop your transport from accepting requests…
  unsubscribe();
  await app.drain(); // finish the accepted work
  await relay?.stop(); // flush the outbox (up to 5 s)
  await storage.close();
  process.exit(0);
});
export {};
