// docs/embedding.md:132
import { type Caller, createBasketApp, randomIds, systemClock } from '@basket/app';
import {
  demoCatalogPath,
  loadCatalogFile,
  simulatedPaymentProvider,
  simulatedProviders,
} from '@basket/providers-catalog';
import { createMemoryStorage } from '@basket/store-memory';

const catalog = await loadCatalogFile(demoCatalogPath);
const app = createBasketApp({
  storage: createMemoryStorage(),
  providers: simulatedProviders(catalog, { latencyMs: 0 }),
  paymentProvider: simulatedPaymentProvider(catalog, { ids: randomIds }),
  clock: systemClock,
  ids: randomIds,
  config: { paymentSyncWaitMs: 1000 },
  onError: (error) => console.error('basket processing failed', error),
});

// Who is calling: the store of the API key and the signed-in contact (absent for a guest).
const alice: Caller = { storeId: 'arena-web', contactId: 'contact-alice' };

const created = await app.api.createBasket(alice);
if (!('body' in created)) throw new Error('createBasket failed');
const basketId = String(created.body.id);

// Bodies arrive undecoded, as from a transport: the app validates them (400 otherwise).
const accepted = await app.api.addProduct(alice, basketId, 'fnb:arena|46602259e87b5062c3ef0e0f', {
  quantity: 2,
});
if (accepted.status !== 200) throw new Error(`addProduct answered ${accepted.status}`);
const notificationId = String(accepted.body.notificationId);

// Wait (up to 5 s) for the outcome, as GET /notifications/{id}?waitMs=5000 does.
const outcome = await app.api.getNotification(alice, notificationId, 5000);
console.log('body' in outcome ? outcome.body.status : 'problem' in outcome ? outcome.problem.code : 204);

const basket = await app.api.getBasket(alice, basketId);
console.log(basket.status, 'version' in basket ? basket.version : undefined); // 200, the ETag's version

// Completed notifications, in process (C-5.5).
const unsubscribe = app.subscribe((notification) => console.log('completed', notification.notificationId));

// On shutdown: stop recovery, finish the accepted work, then close storage.
unsubscribe();
await app.drain();
export {};
