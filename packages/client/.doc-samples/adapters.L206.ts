// docs/adapters.md:206
import { createBasketApp, randomIds, systemClock } from '@basket/app';
import { apiKeyOf } from '@basket/http';
import {
  demoCatalogPath,
  loadCatalogFile,
  simulatedPaymentProvider,
  simulatedProviders,
} from '@basket/providers-catalog';
import { createMemoryStorage } from '@basket/store-memory';
import { expect, it } from 'vitest';

it('a transport passes idempotency and If-Match through', async () => {
  const catalog = await loadCatalogFile(demoCatalogPath);
  const app = createBasketApp({
    storage: createMemoryStorage(),
    providers: simulatedProviders(catalog),
    paymentProvider: simulatedPaymentProvider(catalog, { ids: randomIds }),
    clock: systemClock,
    ids: randomIds,
  });
  const caller = { storeId: 'arena-web', contactId: 'contact-alice' };
  const created = await app.api.createBasket(caller);
  const basketId = 'body' in created ? String(created.body.id) : '';
  const pie = 'fnb:arena|46602259e87b5062c3ef0e0f';
  const idempotency = { key: 'k-1', fingerprint: 'the same request' };

  const first = await app.api.addProduct({ ...caller, idempotency }, basketId, pie, { quantity: 1 });
  const again = await app.api.addProduct({ ...caller, idempotency }, basketId, pie, { quantity: 1 });
  expect(again).toEqual(first);
  const notificationId = 'body' in first ? String(first.body.notificationId) : '';
  await app.api.getNotification(caller, notificationId, 5000); // the basket is past version 1 now

  const stale = await app.api.addProduct(caller, basketId, pie, { quantity: 1 }, { ifMatch: 1 });
  expect('problem' in stale ? stale.problem.code : stale.status).toBe('precondition-failed');
  expect(apiKeyOf('arena-web')).toBe('YXJlbmEtd2Vi');
  await app.drain();
});
export {};
