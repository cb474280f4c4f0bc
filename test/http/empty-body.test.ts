import type { Basket } from '@basket/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc } from './support/catalog';
import { type Client, createClient, type Reply } from './support/client';
import { type SpawnedServer, spawnServer } from './support/server';
import { preparedBasket, problemCode } from './support/steps';
import { ALICE, type Credentials, credentials } from './support/tokens';

/** Content types an empty body may come with: none of them matters when there is no body (C-1.7). */
const TYPES = ['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/xml'];

/**
 * C-1.7: endpoints without a body accept an empty body whatever its Content-Type. The body-less
 * endpoints are createBasket, deleteBasket, assignContact, deleteLineItem and deletePaymentIntent;
 * createPaymentIntent's body is optional, so an empty one is no body too.
 */
describe('an empty body with a Content-Type on the endpoints without a body (C-1.7)', () => {
  let server: SpawnedServer;
  let client: Client;
  let alice: Credentials;
  beforeAll(async () => {
    server = await spawnServer();
    client = await createClient(server.url);
    alice = await credentials(ALICE);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const empty = (method: string, path: string, type: string): Promise<Reply> =>
    client.send(method, path, alice, { raw: '', headers: { 'content-type': type } });

  it.each(TYPES)('createBasket takes an empty %s body', async (type) => {
    const reply = await empty('POST', '/baskets', type);
    expect(reply.status, reply.text).toBe(200);
    expect((reply.body as Basket).providerBaskets).toEqual([]);
  });

  it.each(TYPES)(
    'assignContact, createPaymentIntent, deletePaymentIntent, deleteLineItem and deleteBasket take an empty %s body',
    async (type) => {
      const { basketId, providerBasketId, lineItemId } = await preparedBasket(client, alice, {
        withIntent: false,
      });
      const B = `/baskets/${basketId}`;
      const assigned = await empty('PATCH', `${B}/assign-contact`, type);
      expect(assigned.status, assigned.text).toBe(200);

      const intent = await empty('POST', `${B}/payment-intents`, type);
      expect([200, 202], intent.text).toContain(intent.status);
      const intentId =
        intent.status === 200
          ? (intent.body as { id: string }).id
          : String(
              (await client.settle((intent.body as { notificationId: string }).notificationId, alice))
                .paymentIntentId,
            );
      const cancelled = await empty('DELETE', `${B}/payment-intents/${intentId}`, type);
      expect(cancelled.status, cancelled.text).toBe(200);
      await client.settle((cancelled.body as { notificationId: string }).notificationId, alice);

      const removed = await empty(
        'DELETE',
        `${B}/provider/${enc(providerBasketId)}/items/${enc(lineItemId)}`,
        type,
      );
      expect(removed.status, removed.text).toBe(200);
      await client.settle((removed.body as { notificationId: string }).notificationId, alice);

      const deleted = await empty('DELETE', B, type);
      expect(deleted.status, deleted.text).toBe(200);
      expect((await client.send('GET', B, alice)).status).toBe(404);
    },
  );

  it('an endpoint that needs a body still answers 400 for an empty JSON body, and 415 for another type', async () => {
    const created = await client.send('POST', '/baskets', alice);
    const B = `/baskets/${(created.body as Basket).id}`;
    const json = await empty('POST', `${B}/voucher`, 'application/json');
    expect([json.status, problemCode(json)]).toEqual([400, 'validation-failed']);
    const text = await client.send('POST', `${B}/voucher`, alice, {
      raw: 'SHIRT10',
      headers: { 'content-type': 'text/plain' },
    });
    expect([text.status, problemCode(text)]).toEqual([415, 'unsupported-media-type']);
  });

  it('a body-less endpoint still refuses a non-empty body of another type (415)', async () => {
    const reply = await client.send('POST', '/baskets', alice, {
      raw: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect([reply.status, problemCode(reply)]).toEqual([415, 'unsupported-media-type']);
  });

  it('an optional body is no body when empty, but a JSON null is a 400 like any body that is not an object', async () => {
    const { basketId } = await preparedBasket(client, alice, { withIntent: false });
    for (const raw of ['null', '[1]', '"x"']) {
      const reply = await client.send('POST', `/baskets/${basketId}/payment-intents`, alice, {
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expect([raw, reply.status, problemCode(reply)]).toEqual([raw, 400, 'validation-failed']);
    }
    const basket = await client.send('GET', `/baskets/${basketId}`, alice);
    expect((basket.body as Basket).activePaymentIntentId).toBeUndefined();
  });
});
