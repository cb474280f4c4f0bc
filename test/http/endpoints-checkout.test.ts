import type { Basket, PaymentIntent } from '@basket/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, REFUSING } from './support/catalog';
import { type Client, createClient, type Reply } from './support/client';
import { type SpawnedServer, spawnServer } from './support/server';
import { command, getBasket, newBasket, preparedBasket, problemCode, succeed } from './support/steps';
import { ALICE, type Credentials, credentials } from './support/tokens';

const UNKNOWN = '0190a3c2-7d4e-4a51-9b3e-5f2a6c1d8e90';
const expectProblem = (reply: Reply, status: number, code?: string) => {
  expect(reply.status, reply.text).toBe(status);
  if (code !== undefined) expect(problemCode(reply)).toBe(code);
};

describe('baskets, payment intents, payment and reads: every success and error status', () => {
  let server: SpawnedServer;
  let client: Client;
  let alice: Credentials;
  let guest: Credentials;
  beforeAll(async () => {
    server = await spawnServer();
    client = await createClient(server.url);
    alice = await credentials(ALICE);
    guest = await credentials();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('createBasket (1): 200 with ETag "1"; 400, 413, 415; an Idempotency-Key replays it (C-6.3)', async () => {
    const created = await client.send('POST', '/baskets', guest);
    expect(created.status).toBe(200);
    expect(created.headers.get('etag')).toBe('"1"');
    expect(created.body).toMatchObject({
      providerBaskets: [],
      vouchers: [],
      customerDetails: [],
      missingCustomerDetailFields: false,
    });
    expectProblem(
      await client.send('POST', '/baskets', guest, { raw: 'x', headers: { 'content-type': 'text/plain' } }),
      415,
      'unsupported-media-type',
    );
    expectProblem(
      await client.send('POST', '/baskets', guest, { json: { pad: 'x'.repeat(70_000) } }),
      413,
      'payload-too-large',
    );
    expectProblem(
      await client.send('POST', '/baskets', guest, { headers: { 'idempotency-key': 'k'.repeat(256) } }),
      400,
      'validation-failed',
    );
    const first = await client.send('POST', '/baskets', guest, {
      headers: { 'idempotency-key': 'create-1' },
    });
    const replay = await client.send('POST', '/baskets', guest, {
      headers: { 'idempotency-key': 'create-1' },
    });
    expect((replay.body as Basket).id).toBe((first.body as Basket).id);
    const reused = await client.send('POST', `/baskets/${(first.body as Basket).id}/voucher`, guest, {
      json: { voucherCode: 'SHIRT10' },
      headers: { 'idempotency-key': 'create-1' },
    });
    expectProblem(reused, 422, 'idempotency-key-reused');
  });

  it('getBasket (2): 200 with ETag; 404 unknown; 400 for an id over 128 characters (C-9.2)', async () => {
    const id = await newBasket(client, guest);
    const read = await client.send('GET', `/baskets/${id}`, guest);
    expect([read.status, read.headers.get('etag')]).toEqual([200, '"1"']);
    expectProblem(await client.send('GET', `/baskets/${UNKNOWN}`, guest), 404, 'basket-not-found');
    expectProblem(await client.send('GET', `/baskets/${'a'.repeat(129)}`, guest), 400, 'validation-failed');
  });

  it('getBasket (2) with If-None-Match: 304 with the ETag and no body for the current version, 200 for a stale one', async () => {
    const id = await newBasket(client, guest);
    await succeed(
      client,
      guest,
      'POST',
      `/baskets/${id}/products/${enc('fnb:arena|46602259e87b5062c3ef0e0f')}`,
      {
        quantity: 1,
      },
    );
    const read = await client.send('GET', `/baskets/${id}`, guest);
    const etag = read.headers.get('etag') ?? '';
    expect(etag).toBe('"3"');
    for (const header of [etag, `W/${etag}`, `"1", ${etag}`, '*']) {
      const cached = await client.send('GET', `/baskets/${id}`, guest, {
        headers: { 'if-none-match': header },
      });
      expect([cached.status, cached.headers.get('etag'), cached.text], header).toEqual([304, etag, '']);
    }
    const stale = await client.send('GET', `/baskets/${id}`, guest, {
      headers: { 'if-none-match': '"1", "2"' },
    });
    expect([stale.status, stale.headers.get('etag')]).toEqual([200, etag]);
    expect(stale.body).toEqual(read.body);
    expectProblem(
      await client.send('GET', `/baskets/${id}`, guest, { headers: { 'if-none-match': '3' } }),
      400,
      'validation-failed',
    );
    expectProblem(
      await client.send('GET', `/baskets/${UNKNOWN}`, guest, { headers: { 'if-none-match': '*' } }),
      404,
      'basket-not-found',
    );
  });

  it('deleteBasket (3): 412 on a stale If-Match, 200 with the basket as it was, then 404 everywhere (C-7.14)', async () => {
    const id = await newBasket(client, alice);
    await succeed(client, alice, 'PATCH', `/baskets/${id}/assign-contact`);
    const version = (await client.send('GET', `/baskets/${id}`, alice)).headers.get('etag') ?? '';
    expectProblem(
      await client.send('DELETE', `/baskets/${id}`, alice, { headers: { 'if-match': '"1"' } }),
      412,
      'precondition-failed',
    );
    expectProblem(
      await client.send('DELETE', `/baskets/${id}`, alice, { headers: { 'if-match': 'nonsense' } }),
      400,
      'validation-failed',
    );
    const deleted = await client.send('DELETE', `/baskets/${id}`, alice, {
      headers: { 'if-match': version },
    });
    expect(deleted.status).toBe(200);
    expect((deleted.body as Basket).contactId).toBe(ALICE);
    expectProblem(await client.send('GET', `/baskets/${id}`, alice), 404, 'basket-not-found');
    expectProblem(await client.send('GET', `/baskets/${id}/events`, alice), 404, 'basket-not-found');
  });

  it('assignContact (4): 403 for a guest, 200 for the contact, and again 200 changing nothing (C-2.6)', async () => {
    const id = await newBasket(client, guest);
    expectProblem(await client.send('PATCH', `/baskets/${id}/assign-contact`, guest), 403, 'forbidden');
    await succeed(client, alice, 'PATCH', `/baskets/${id}/assign-contact`);
    const version = (await client.send('GET', `/baskets/${id}`, alice)).headers.get('etag');
    await succeed(client, alice, 'PATCH', `/baskets/${id}/assign-contact`);
    expect((await client.send('GET', `/baskets/${id}`, alice)).headers.get('etag')).toBe(version);
    expect((await getBasket(client, alice, id)).contactId).toBe(ALICE);
  });

  it('createPaymentIntent (5): 422 preconditions (C-8.1), 400 for a non-object body, 200/202, the same intent again', async () => {
    const empty = await newBasket(client, alice);
    expectProblem(await client.send('POST', `/baskets/${empty}/payment-intents`, alice), 422, 'basket-empty');
    expectProblem(
      await client.send('POST', `/baskets/${empty}/payment-intents`, alice, { json: [1] }),
      400,
      'validation-failed',
    );
    const noDetails = await newBasket(client, alice);
    await succeed(
      client,
      alice,
      'POST',
      `/baskets/${noDetails}/products/${enc('fnb:arena|46602259e87b5062c3ef0e0f')}`,
      { quantity: 1 },
    );
    const missing = await client.send('POST', `/baskets/${noDetails}/payment-intents`, alice);
    expect(missing.status).toBe(422);
    expect(['delivery-not-covered', 'customer-details-missing']).toContain(problemCode(missing));

    const ids = await preparedBasket(client, alice);
    const again = await client.send('POST', `/baskets/${ids.basketId}/payment-intents`, alice);
    expect([200, 202]).toContain(again.status);
    if (again.status === 200) expect((again.body as PaymentIntent).id).toBe(ids.paymentIntentId);
    // C-8.3: locked, deleteBasket included.
    expectProblem(await client.send('DELETE', `/baskets/${ids.basketId}`, alice), 409, 'basket-locked');
  });

  it('a refusing provider: 202 and a Failed notification with provider-refused (C-8.2)', async () => {
    const id = await newBasket(client, guest);
    await succeed(client, guest, 'POST', `/baskets/${id}/products/${enc(REFUSING)}`, { quantity: 1 });
    const basket = await getBasket(client, guest, id);
    const pb = basket.providerBaskets[0]?.id ?? '';
    await succeed(client, guest, 'POST', `/baskets/${id}/provider/${enc(pb)}/set-delivery-method`, {
      deliveryMethod: {
        type: 'KioskCollection',
        id: 'lab-desk-collect',
        kioskId: 'lab-desk',
        collectionTime: '2099-01-01T10:00:00+01:00',
        collectionId: 'c',
        seatId: 's',
      },
    });
    const { notification } = await command(client, guest, 'POST', `/baskets/${id}/payment-intents`, {}, 202);
    expect(notification).toMatchObject({
      status: 'Failed',
      problem: { code: 'provider-refused', status: 422 },
    });
    expect((await getBasket(client, guest, id)).activePaymentIntentId).toBeUndefined();
  });

  it('deletePaymentIntent (6): 404 unknown, 200 cancels and unlocks, 200 again on Cancelled (C-8.4)', async () => {
    const ids = await preparedBasket(client, alice);
    const B = `/baskets/${ids.basketId}`;
    expectProblem(
      await client.send('DELETE', `${B}/payment-intents/${UNKNOWN}`, alice),
      404,
      'payment-intent-not-found',
    );
    await succeed(client, alice, 'DELETE', `${B}/payment-intents/${ids.paymentIntentId}`);
    const intent = await client.send('GET', `${B}/payment-intents/${ids.paymentIntentId}`, alice);
    expect((intent.body as PaymentIntent).status).toBe('Cancelled');
    expect((await getBasket(client, alice, ids.basketId)).activePaymentIntentId).toBeUndefined();
    await succeed(client, alice, 'DELETE', `${B}/payment-intents/${ids.paymentIntentId}`);
    const paid = await client.send('POST', '/psp/tokens/use-existing', alice, {
      json: { paymentIntentId: ids.paymentIntentId, tokenId: 'tok_alice_visa' },
    });
    expectProblem(paid, 409, 'payment-intent-state');
  });

  it('use saved token (17): 400, 404, 403 for a token not hers, 402 declined then 204 paid, then 409 (C-4.3, C-2.7)', async () => {
    const ids = await preparedBasket(client, alice);
    const pay = (body: unknown) => client.send('POST', '/psp/tokens/use-existing', alice, { json: body });
    expectProblem(await pay({ paymentIntentId: ids.paymentIntentId }), 400, 'validation-failed');
    expectProblem(
      await pay({ paymentIntentId: UNKNOWN, tokenId: 'tok_alice_visa' }),
      404,
      'payment-intent-not-found',
    );
    expectProblem(
      await pay({ paymentIntentId: ids.paymentIntentId, tokenId: 'tok_bob_mastercard' }),
      403,
      'forbidden',
    );
    expectProblem(
      await pay({ paymentIntentId: ids.paymentIntentId, tokenId: 'tok_alice_declined' }),
      402,
      'payment-declined',
    );
    expect((await pay({ paymentIntentId: ids.paymentIntentId, tokenId: 'tok_alice_visa' })).status).toBe(204);
    expectProblem(
      await pay({ paymentIntentId: ids.paymentIntentId, tokenId: 'tok_alice_visa' }),
      409,
      'payment-intent-state',
    );
    const B = `/baskets/${ids.basketId}`;
    expectProblem(
      await client.send('DELETE', `${B}/payment-intents/${ids.paymentIntentId}`, alice),
      409,
      'payment-intent-state',
    );
    expectProblem(await client.send('PATCH', `${B}/assign-contact`, alice), 409, 'basket-checked-out');
  });

  it('reads of C-4.4: payment intent, notification (waitMs) and events; 404 and 400', async () => {
    const ids = await preparedBasket(client, alice);
    const B = `/baskets/${ids.basketId}`;
    expect((await client.send('GET', `${B}/payment-intents/${ids.paymentIntentId}`, alice)).status).toBe(200);
    expectProblem(
      await client.send('GET', `${B}/payment-intents/${UNKNOWN}`, alice),
      404,
      'payment-intent-not-found',
    );
    const notification = await client.send('GET', `/notifications/${ids.notificationId}?waitMs=0`, alice);
    expect(notification.body).toMatchObject({
      status: 'Succeeded',
      operation: 'addProductToBasket',
      basketId: ids.basketId,
    });
    expectProblem(
      await client.send('GET', `/notifications/${UNKNOWN}`, alice),
      404,
      'notification-not-found',
    );
    expectProblem(
      await client.send('GET', `/notifications/${ids.notificationId}?waitMs=30001`, alice),
      400,
      'validation-failed',
    );
    const events = await client.send('GET', `${B}/events`, alice);
    expect(events.status).toBe(200);
    expect(events.text).not.toContain('someone@example.com');
    expect(events.headers.get('etag')).toBe((await client.send('GET', B, alice)).headers.get('etag'));
  });
});
