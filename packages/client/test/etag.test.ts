import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/demo/catalog';
import { MissingETagError } from '../src/index';
import { recordingFetch } from './support/recording-fetch';
import { ALICE, clientFor, readyToPay, type SpawnedServer, spawnServer } from './support/server';

describe('If-Match from a remembered ETag (opt-in)', () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await spawnServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('is off by default: no If-Match is sent', async () => {
    const recorder = recordingFetch();
    const alice = await clientFor(server, ALICE, { fetch: recorder.fetch });
    const { id } = await alice.createBasket();
    await alice.basket(id).addProduct(DEMO.pie, { quantity: 1 }).settled();
    expect(recorder.sent.every((sent) => sent.headers.get('if-match') === null)).toBe(true);
  });

  it('sends the ETag of the last read, then wants a fresh read after its own change', async () => {
    const recorder = recordingFetch();
    const alice = await clientFor(server, ALICE, { fetch: recorder.fetch, useETags: true });
    const { id } = await alice.createBasket();
    const basket = alice.basket(id);
    await basket.addProduct(DEMO.pie, { quantity: 1 }).settled();
    const add = recorder.sent.find((sent) => sent.method === 'POST' && sent.url.includes('/products/'));
    expect(add?.headers.get('if-match')).toBe('"1"');
    expect(basket.etag()).toBeUndefined();
    await expect(basket.addProduct(DEMO.pie, { quantity: 1 })).rejects.toBeInstanceOf(MissingETagError);
    await basket.get();
    expect(basket.etag()).toMatch(/^"\d+"$/);
    await basket.addProduct(DEMO.pie, { quantity: 1 }).settled();
  });

  it('a change by someone else since the read is a 412 precondition-failed, and nothing changes', async () => {
    const alice = await clientFor(server, ALICE);
    const elsewhere = await clientFor(server, ALICE);
    const { id } = await alice.createBasket();
    const careful = alice.basket(id, { useETags: true });
    const before = await careful.get();
    await elsewhere.basket(id).addProduct(DEMO.pie, { quantity: 1 }).settled();
    await expect(careful.addProduct(DEMO.pie, { quantity: 5 })).rejects.toMatchObject({
      status: 412,
      code: 'precondition-failed',
    });
    const after = await careful.get();
    expect(after.providerBaskets.flatMap((pb) => pb.lineItems).map((l) => l.consumable?.quantity)).toEqual([
      1,
    ]);
    expect(after.updated > before.updated).toBe(true);
  });

  it('a call can pass its own If-Match, or none', async () => {
    const alice = await clientFor(server, ALICE, { useETags: true });
    const { id } = await alice.createBasket();
    const basket = alice.basket(id);
    await expect(basket.addProduct(DEMO.pie, { quantity: 1 }, { ifMatch: '"7"' })).rejects.toMatchObject({
      code: 'precondition-failed',
    });
    await basket.addProduct(DEMO.pie, { quantity: 1 }, { ifMatch: '"1"' }).settled();
    await basket.addProduct(DEMO.pie, { quantity: 1 }, { ifMatch: false }).settled();
  });
});

describe("the remembered ETag follows the client's own payment sagas", () => {
  let slow: SpawnedServer;
  beforeAll(async () => {
    // Providers slower than the service's wait for an intent: createPaymentIntent answers 202.
    slow = await spawnServer({ BASKET_PROVIDER_LATENCY_MS: '1500' });
  });
  afterAll(async () => {
    await slow?.stop();
  });

  it('an ETag read while its createPaymentIntent is Pending is forgotten once the client sees it completed, and after a payment', async () => {
    const alice = await clientFor(slow, ALICE, { useETags: true });
    const { id } = await alice.createBasket();
    const basket = alice.basket(id);
    const unchecked = { ifMatch: false } as const;
    await readyToPay(basket, unchecked);

    const creation = basket.createPaymentIntent({}, unchecked);
    expect((await creation).status).toBe(202);
    await basket.get(); // while the saga runs: the version before its events
    const intent = await creation.settled();
    // Stale since the saga's events: forgotten, so no If-Match of it is sent (it would be a 412).
    expect(basket.etag()).toBeUndefined();
    await expect(basket.deletePaymentIntent(intent.id)).rejects.toBeInstanceOf(MissingETagError);
    await basket.get();
    await basket.deletePaymentIntent(intent.id).settled();

    const again = await basket.createPaymentIntent({}, unchecked).settled();
    await basket.get();
    expect(basket.etag()).toMatch(/^"\d+"$/);
    await alice.useSavedPaymentToken({ paymentIntentId: again.id, tokenId: DEMO.savedToken });
    // Paid: the basket was checked out, a new version.
    expect(basket.etag()).toBeUndefined();
  });
});
