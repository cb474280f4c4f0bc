import type { Basket } from '@basket/core';
import { expect } from 'vitest';
import { type Client, notificationIdOf, type Reply } from './client';
import type { Credentials } from './tokens';

/** Creates a basket and answers its id. */
export const newBasket = async (client: Client, credentials: Credentials): Promise<string> => {
  const reply = await client.send('POST', '/baskets', credentials);
  expect(reply.status).toBe(200);
  return (reply.body as Basket).id;
};

export const getBasket = async (
  client: Client,
  credentials: Credentials,
  basketId: string,
): Promise<Basket> => {
  const reply = await client.send('GET', `/baskets/${basketId}`, credentials);
  expect(reply.status).toBe(200);
  return reply.body as Basket;
};

/** Sends a command answered with a notification id, waits for it and answers the notification. */
export const command = async (
  client: Client,
  credentials: Credentials,
  method: string,
  path: string,
  json?: unknown,
  status: number = 200,
): Promise<{ reply: Reply; notification: Record<string, unknown> }> => {
  const reply = await client.send(method, path, credentials, json === undefined ? {} : { json });
  expect(reply.status, reply.text).toBe(status);
  const notification = await client.settle(notificationIdOf(reply), credentials);
  return { reply, notification };
};

/** A command that must succeed. */
export const succeed = async (
  client: Client,
  credentials: Credentials,
  method: string,
  path: string,
  json?: unknown,
  status: number = 200,
): Promise<void> => {
  const { notification } = await command(client, credentials, method, path, json, status);
  expect(notification.status, JSON.stringify(notification)).toBe('Succeeded');
};

/** The stored basket's JSON and ETag, to compare before and after. */
export const snapshot = async (client: Client, credentials: Credentials, basketId: string) => {
  const reply = await client.send('GET', `/baskets/${basketId}`, credentials);
  return { status: reply.status, etag: reply.headers.get('etag'), text: reply.text };
};

export const problemCode = (reply: Reply): unknown => (reply.body as { code?: unknown } | undefined)?.code;

/**
 * A basket of `credentials`' contact with one pie, its delivery and details set, and an active
 * payment intent: every endpoint has something real to name.
 */
export const preparedBasket = async (
  client: Client,
  credentials: Credentials,
  options: { readonly withIntent: boolean } = { withIntent: true },
): Promise<{
  basketId: string;
  providerBasketId: string;
  lineItemId: string;
  paymentIntentId: string;
  notificationId: string;
}> => {
  const basketId = await newBasket(client, credentials);
  const B = `/baskets/${basketId}`;
  await succeed(client, credentials, 'PATCH', `${B}/assign-contact`);
  const added = await command(client, credentials, 'POST', `${B}/products/${encodeURIComponent(PIE_ID)}`, {
    quantity: 2,
  });
  expect(added.notification.status).toBe('Succeeded');
  const basket = await getBasket(client, credentials, basketId);
  const providerBasket = basket.providerBaskets[0];
  const line = providerBasket?.lineItems[0];
  if (providerBasket === undefined || line === undefined) throw new Error('the pie did not make a line');
  await succeed(
    client,
    credentials,
    'POST',
    `${B}/provider/${encodeURIComponent(providerBasket.id)}/set-delivery-method`,
    {
      deliveryMethod: {
        type: 'KioskCollection',
        id: 'fnb-kiosk',
        kioskId: 'kiosk-north',
        collectionTime: new Date(Date.now() + 86_400_000).toISOString(),
        collectionId: 'c-1',
        seatId: 's-1',
      },
    },
  );
  await succeed(
    client,
    credentials,
    'PATCH',
    `${B}/set-customer-details`,
    {
      customerDetails: [{ type: 'Email', value: { email: 'someone@example.com' } }],
    },
    202,
  );
  let paymentIntentId = '00000000-0000-4000-8000-000000000000';
  if (options.withIntent) {
    const intent = await client.send('POST', `${B}/payment-intents`, credentials, { json: {} });
    expect([200, 202]).toContain(intent.status);
    if (intent.status === 200) paymentIntentId = (intent.body as { id: string }).id;
    else {
      const settled = await client.settle(
        (intent.body as { notificationId: string }).notificationId,
        credentials,
      );
      paymentIntentId = String(settled.paymentIntentId);
    }
  }
  return {
    basketId,
    providerBasketId: providerBasket.id,
    lineItemId: line.id,
    paymentIntentId,
    notificationId: notificationIdOf(added.reply),
  };
};

const PIE_ID = 'fnb:arena|46602259e87b5062c3ef0e0f';
