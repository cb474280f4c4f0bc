import type { Basket, PaymentIntent } from '@basket/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allDetails,
  enc,
  MATCH,
  MATCH_ADULT,
  PIE,
  SHIRT,
  TOUR,
  TOUR_ADULT,
  TOUR_SLOT,
} from './support/catalog';
import { type Client, createClient } from './support/client';
import { type SpawnedServer, spawnServer } from './support/server';
import { getBasket, newBasket, problemCode, succeed } from './support/steps';
import { ALICE, type Credentials, credentials } from './support/tokens';

const future = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString();

describe('the whole purchase over HTTP', () => {
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

  it('create, seats, cross-sold pie, tour slot, shirt and voucher, delivery, details, intent, pay', async () => {
    const id = await newBasket(client, alice);
    const B = `/baskets/${id}`;
    await succeed(client, alice, 'PATCH', `${B}/assign-contact`);
    await succeed(client, alice, 'POST', `${B}/products/${enc(MATCH)}/ticketing/select-seats`, {
      rates: [{ rateId: MATCH_ADULT, quantity: 2 }],
    });
    const afterSeats = await getBasket(client, alice, id);
    const ticketLine = afterSeats.providerBaskets
      .flatMap((pb) => pb.lineItems)
      .find((l) => l.type === 'Ticketing');
    expect(ticketLine?.ticketing?.tickets).toHaveLength(2);

    await succeed(client, alice, 'POST', `${B}/products/${enc(PIE)}`, {
      quantity: 2,
      crossSoldFromLineItemId: ticketLine?.id,
    });
    await succeed(client, alice, 'POST', `${B}/products/${enc(TOUR)}/time-slots/select-slot`, {
      timeSlotId: TOUR_SLOT,
      rates: [{ rateId: TOUR_ADULT, quantity: 2 }],
    });
    await succeed(client, alice, 'POST', `${B}/products/${enc(SHIRT)}`, {
      quantity: 1,
      productVariantId: 'home-shirt-m',
    });
    await succeed(client, alice, 'POST', `${B}/voucher`, { voucherCode: 'SHIRT10' });
    // C-4.1: a code already on the basket is "nothing to change".
    expect(
      (await client.send('POST', `${B}/voucher`, alice, { json: { voucherCode: 'SHIRT10' } })).status,
    ).toBe(204);

    const lines = await getBasket(client, alice, id);
    const pie = lines.providerBaskets.flatMap((pb) => pb.lineItems).find((l) => l.productId === PIE);
    expect(pie?.crossSoldFromProductId).toBe(MATCH);
    expect(lines.vouchers.map((v) => v.code)).toEqual(['SHIRT10']);
    const providerBasketOf = (provider: string) =>
      lines.providerBaskets.find((pb) => pb.id.startsWith(`${provider}|`));
    const delivery = [
      ['tix:arena', { type: 'Digital', id: 'tix-mobile' }],
      [
        'fnb:arena',
        {
          type: 'KioskCollection',
          id: 'fnb-kiosk',
          kioskId: 'kiosk-north',
          collectionTime: future(),
          collectionId: 'half-time',
          seatId: 'my-seat',
        },
      ],
      ['shop', { type: 'Address', id: 'shop-collect', addressEntryId: 'club-shop' }],
    ] as const;
    for (const [provider, deliveryMethod] of delivery) {
      const pb = providerBasketOf(provider);
      await succeed(client, alice, 'POST', `${B}/provider/${enc(pb?.id ?? '')}/set-delivery-method`, {
        deliveryMethod,
      });
    }
    expect((await getBasket(client, alice, id)).missingCustomerDetailFields).toBe(true);
    await succeed(client, alice, 'PATCH', `${B}/set-customer-details`, { customerDetails: allDetails }, 202);
    // C-4.1: the same values again change nothing.
    const again = await client.send('PATCH', `${B}/set-customer-details`, alice, {
      json: { customerDetails: allDetails },
    });
    expect(again.status).toBe(204);

    const ready = await getBasket(client, alice, id);
    expect(ready.missingCustomerDetailFields).toBe(false);
    expect(JSON.stringify(ready)).not.toContain('alice@example.com');
    expect(ready.totalPrice.minorUnits).toBeGreaterThan(0);

    const intentReply = await client.send('POST', `${B}/payment-intents`, alice, {
      json: { returnUrl: 'https://shop.example' },
    });
    let intentId: string;
    if (intentReply.status === 200) {
      const intent = intentReply.body as PaymentIntent;
      expect(intent.status).toBe('AwaitingPayment');
      expect(intent.creationStateMachine.ready).toBe(true);
      expect(intent.paymentDetails.totalPaid).toEqual(ready.totalPrice);
      intentId = intent.id;
    } else {
      expect(intentReply.status).toBe(202);
      const notification = await client.settle(
        (intentReply.body as { notificationId: string }).notificationId,
        alice,
      );
      expect(notification.status).toBe('Succeeded');
      intentId = String(notification.paymentIntentId);
    }
    const locked = await getBasket(client, alice, id);
    expect(locked.activePaymentIntentId).toBe(intentId);
    // C-8.3: the basket is locked while the intent is active.
    const whileLocked = await client.send('POST', `${B}/products/${enc(PIE)}`, alice, {
      json: { quantity: 1 },
    });
    expect([whileLocked.status, problemCode(whileLocked)]).toEqual([409, 'basket-locked']);

    const paid = await client.send('POST', '/psp/tokens/use-existing', alice, {
      json: { paymentIntentId: intentId, tokenId: 'tok_alice_visa' },
    });
    expect(paid.status).toBe(204);
    const intent = await client.send('GET', `${B}/payment-intents/${intentId}`, alice);
    expect((intent.body as PaymentIntent).status).toBe('PaymentComplete');

    // C-8.5: reads still work, changes are 409 basket-checked-out.
    const checkedOut = await client.send('POST', `${B}/voucher`, alice, {
      json: { voucherCode: 'SCARFHALF' },
    });
    expect([checkedOut.status, problemCode(checkedOut)]).toEqual([409, 'basket-checked-out']);
    const final = await client.send('GET', B, alice);
    const history = await client.send('GET', `${B}/events`, alice);
    const events = (history.body as { events: Array<{ version: number }> }).events;
    expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1));
    expect(final.headers.get('etag')).toBe(`"${events.length}"`);
    expect(history.text).not.toContain('alice@example.com');
    expect((final.body as Basket).providerBaskets.every((pb) => pb.expires === undefined)).toBe(true);
  });
});
