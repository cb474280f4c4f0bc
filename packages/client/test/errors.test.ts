import { providerOf } from '@basket/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, demoCustomerDetails, demoDelivery } from '../src/demo/catalog';
import { apiKeyOf, type BasketClient, BasketProblemError, createBasketClient } from '../src/index';
import { ALICE, BOB, clientFor, type SpawnedServer, STORE, spawnServer, tomorrow } from './support/server';

/** The BasketProblemError a promise rejects with. */
const problemOf = async (promise: Promise<unknown>): Promise<BasketProblemError> => {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof BasketProblemError))
    throw new Error(`expected a BasketProblemError, got ${String(outcome)}`);
  return outcome;
};

describe('problems become typed BasketProblemErrors', () => {
  let server: SpawnedServer;
  let alice: BasketClient;
  let bob: BasketClient;
  let guest: BasketClient;
  beforeAll(async () => {
    server = await spawnServer();
    [alice, bob, guest] = await Promise.all([
      clientFor(server, ALICE),
      clientFor(server, BOB),
      clientFor(server, undefined),
    ]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a synchronous 404, 400, 401, 403 and 409 carry their status and stable code', async () => {
    const missing = await problemOf(alice.basket('00000000-0000-4000-8000-000000000000').get());
    expect([missing.status, missing.code, missing.request.method]).toEqual([404, 'basket-not-found', 'GET']);

    const { id } = await alice.createBasket();
    const invalid = await problemOf(alice.basket(id).addProduct(DEMO.pie, { quantity: 0 }));
    expect([invalid.status, invalid.code]).toEqual([400, 'validation-failed']);
    expect(invalid.errors.map((e) => e.path)).toEqual(['quantity']);

    const badToken = createBasketClient({ baseUrl: server.url, apiKey: apiKeyOf(STORE), token: 'not-a-jwt' });
    const unauthorized = await problemOf(badToken.createBasket());
    expect([unauthorized.status, unauthorized.code]).toEqual([401, 'unauthorized']);

    const asGuest = await problemOf(guest.basket(id).assignContact());
    expect([asGuest.status, asGuest.code]).toEqual([403, 'forbidden']);

    await alice.basket(id).assignContact().settled();
    const conflict = await problemOf(bob.basket(id).assignContact());
    expect([conflict.status, conflict.code]).toEqual([409, 'contact-conflict']);
  });

  it('a Failed notification rejects settled() with its problem and the notification', async () => {
    const { id } = await alice.createBasket();
    const failed = await problemOf(
      alice.basket(id).addProduct(DEMO.hotChocolateOffSale, { quantity: 1 }).settled(),
    );
    expect([failed.status, failed.code]).toEqual([422, 'product-unavailable']);
    expect(failed.notification?.status).toBe('Failed');
    expect(failed.notification?.operation).toBe('addProductToBasket');
  });

  it('createPaymentIntent preconditions are 422s; a declined payment is a 402; a locked basket a 409', async () => {
    const { id } = await alice.createBasket();
    const basket = alice.basket(id);
    const empty = await problemOf(basket.createPaymentIntent().settled());
    expect([empty.status, empty.code]).toEqual([422, 'basket-empty']);

    await basket.assignContact().settled();
    await basket.addProduct(DEMO.pie, { quantity: 1 }).settled();
    const uncovered = await problemOf(basket.createPaymentIntent());
    expect(uncovered.code).toBe('delivery-not-covered');
    for (const providerBasket of (await basket.get()).providerBaskets) {
      const selection = demoDelivery(tomorrow())[providerOf(providerBasket.id)];
      if (selection !== undefined) await basket.setDeliveryMethod(providerBasket.id, selection).settled();
    }
    await basket.setCustomerDetails(demoCustomerDetails).settled();
    const intent = await basket.createPaymentIntent().settled();

    const locked = await problemOf(basket.addProduct(DEMO.pie, { quantity: 1 }));
    expect([locked.status, locked.code]).toEqual([409, 'basket-locked']);
    const declined = await problemOf(
      alice.useSavedPaymentToken({ paymentIntentId: intent.id, tokenId: DEMO.declinedToken }),
    );
    expect([declined.status, declined.code]).toEqual([402, 'payment-declined']);
    await alice.useSavedPaymentToken({ paymentIntentId: intent.id, tokenId: DEMO.savedToken });
    const paid = await problemOf(basket.addVoucher({ voucherCode: DEMO.shirtVoucher }));
    expect([paid.status, paid.code]).toEqual([409, 'basket-checked-out']);
  });
});
