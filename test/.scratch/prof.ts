import { createBasketApp, randomIds, systemClock } from '@basket/app';
import {
  demoCatalogPath,
  loadCatalogFile,
  simulatedPaymentProvider,
  simulatedProviders,
} from '@basket/providers-catalog';
import { createMemoryStorage } from '@basket/store-memory';

const catalog = await loadCatalogFile(demoCatalogPath);
const ids = randomIds;
const app = createBasketApp({
  storage: createMemoryStorage(),
  providers: simulatedProviders(catalog, { latencyMs: 0 }),
  paymentProvider: simulatedPaymentProvider(catalog, { latencyMs: 0, ids }),
  clock: systemClock,
  ids,
});
const caller = { storeId: 'arena-web' };
const created = await app.api.createBasket(caller);
if (created.status !== 200) throw new Error('no basket');
const id = String((created.body as { id: string }).id);
const a = await app.api.addProduct(caller, id, 'fnb:arena|46602259e87b5062c3ef0e0f', { quantity: 2 });
const n = (a as { body: { notificationId: string } }).body.notificationId;
await app.api.getNotification(caller, n, 5000);
const s = await app.api.selectSeats(caller, id, 'tix:arena|1fed8c284c51a8c8a88c6b61', {
  rates: [{ rateId: 'tix:arena|04fa8b0f000f5e75539db368', quantity: 4 }],
});
await app.api.getNotification(caller, (s as { body: { notificationId: string } }).body.notificationId, 5000);
const t0 = performance.now();
for (let i = 0; i < 2000; i++) await app.api.getBasket(caller, id);
console.log('per getBasket ms', (performance.now() - t0) / 2000);
await app.drain?.();
process.exit(0);
