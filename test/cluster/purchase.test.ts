import type { Basket, PaymentIntent } from '@basket/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allDetails, enc, MATCH, MATCH_ADULT, PIE, SHIRT } from '../http/support/catalog';
import type { Client } from '../http/support/client';
import { getBasket, problemCode, succeed } from '../http/support/steps';
import { ALICE, type Credentials, credentials } from '../http/support/tokens';
import { type Cluster, startCluster } from './harness';

const future = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString();

type Charge = { payment_intent_id: string; token_id: string; amount: { minorUnits: number } };

/**
 * C-6.5: a whole purchase whose requests alternate between two processes on one
 * PostgreSQL database behaves as on one process, and the payment is taken once. The payment lands
 * on process 1 in one run and on process 2 in the other, so it always reaches, in one of them, a
 * process other than the one that opened the payment session.
 */
describe('a whole purchase alternating between two processes (C-6.5)', () => {
  let cluster: Cluster;
  let alice: Credentials;
  beforeAll(async () => {
    cluster = await startCluster();
    alice = await credentials(ALICE);
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  const chargesOf = async (paymentIntentId: string): Promise<ReadonlyArray<Charge>> =>
    (await cluster.db.query(
      `SELECT payment_intent_id, token_id, amount FROM ${cluster.schema}.payment_charges WHERE payment_intent_id = $1`,
      [paymentIntentId],
    )) as ReadonlyArray<Charge>;

  const prepare = async (client: Client): Promise<{ id: string; total: number; intentId: string }> => {
    const created = await client.send('POST', '/baskets', alice);
    expect(created.status).toBe(200);
    const id = (created.body as Basket).id;
    const B = `/baskets/${id}`;
    await succeed(client, alice, 'PATCH', `${B}/assign-contact`);
    await succeed(client, alice, 'POST', `${B}/products/${enc(MATCH)}/ticketing/select-seats`, {
      rates: [{ rateId: MATCH_ADULT, quantity: 2 }],
    });
    await succeed(client, alice, 'POST', `${B}/products/${enc(PIE)}`, { quantity: 2 });
    await succeed(client, alice, 'POST', `${B}/products/${enc(SHIRT)}`, {
      quantity: 1,
      productVariantId: 'home-shirt-m',
    });
    await succeed(client, alice, 'POST', `${B}/voucher`, { voucherCode: 'SHIRT10' });
    const lines = await getBasket(client, alice, id);
    expect(lines.vouchers.map((voucher) => voucher.code)).toEqual(['SHIRT10']);
    const providerBasketOf = (provider: string) =>
      lines.providerBaskets.find((pb) => pb.id.startsWith(`${provider}|`))?.id ?? '';
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
      await succeed(
        client,
        alice,
        'POST',
        `${B}/provider/${enc(providerBasketOf(provider))}/set-delivery-method`,
        { deliveryMethod },
      );
    }
    await succeed(client, alice, 'PATCH', `${B}/set-customer-details`, { customerDetails: allDetails }, 202);
    const ready = await getBasket(client, alice, id);
    expect(ready.missingCustomerDetailFields).toBe(false);
    const shirt = ready.providerBaskets.flatMap((pb) => pb.lineItems).find((l) => l.productId === SHIRT);
    const [voucher] = ready.vouchers;
    expect(voucher?.productId).toBe(SHIRT);
    // C-7.11: the voucher reprices the shirt.
    expect(shirt?.totalPrice.minorUnits).toBe(voucher?.voucherPrice.minorUnits);

    const intentReply = await client.send('POST', `${B}/payment-intents`, alice, {
      json: { returnUrl: 'https://shop.example' },
    });
    let intentId: string;
    if (intentReply.status === 200) intentId = (intentReply.body as PaymentIntent).id;
    else {
      expect(intentReply.status, intentReply.text).toBe(202);
      const notification = await client.settle(
        (intentReply.body as { notificationId: string }).notificationId,
        alice,
      );
      expect(notification.status).toBe('Succeeded');
      intentId = String(notification.paymentIntentId);
    }
    const intent = await client.send('GET', `${B}/payment-intents/${intentId}`, alice);
    expect((intent.body as PaymentIntent).status).toBe('AwaitingPayment');
    return { id, total: ready.totalPrice.minorUnits, intentId };
  };

  it('answers a basket and its intent with the same text from either process (one version, one ETag, one representation)', async () => {
    // Everything decided on process 1: process 2 folds the events it reads back from PostgreSQL.
    const { id, intentId } = await prepare(cluster.client.on(0));
    for (const path of [`/baskets/${id}`, `/baskets/${id}/payment-intents/${intentId}`]) {
      const [one, two] = await Promise.all(
        [0, 1].map((index) => cluster.client.on(index).send('GET', path, alice)),
      );
      expect([one?.status, two?.status]).toEqual([200, 200]);
      expect(two?.headers.get('etag')).toBe(one?.headers.get('etag'));
      expect(two?.text).toBe(one?.text);
    }
  });

  for (const payingProcess of [0, 1]) {
    it(`checks out, paying through process ${payingProcess + 1}, and takes the payment once`, async () => {
      const { client } = cluster;
      const { id, total, intentId } = await prepare(client);
      const B = `/baskets/${id}`;
      const pay = (tokenId: string, on: number) =>
        client.on(on).send('POST', '/psp/tokens/use-existing', alice, {
          json: { paymentIntentId: intentId, tokenId },
        });

      // A declining token first, through the other process: 402, and nothing is taken (C-4.3).
      const declined = await pay('tok_alice_declined', 1 - payingProcess);
      expect([declined.status, problemCode(declined)]).toEqual([402, 'payment-declined']);
      expect(await chargesOf(intentId)).toEqual([]);

      const paid = await pay('tok_alice_visa', payingProcess);
      expect(paid.status, paid.text).toBe(204);

      for (const index of [0, 1]) {
        const on = client.on(index);
        const intent = await on.send('GET', `${B}/payment-intents/${intentId}`, alice);
        expect((intent.body as PaymentIntent).status).toBe('PaymentComplete');
        const change = await on.send('POST', `${B}/voucher`, alice, { json: { voucherCode: 'SCARFHALF' } });
        expect([change.status, problemCode(change)]).toEqual([409, 'basket-checked-out']);
        // Paying again answers the payment state, through either process, and takes nothing more.
        const again = await pay('tok_alice_visa', index);
        expect([again.status, problemCode(again)]).toEqual([409, 'payment-intent-state']);
      }
      const charges = await chargesOf(intentId);
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({ token_id: 'tok_alice_visa', amount: { minorUnits: total } });
      const basket = await getBasket(client, alice, id);
      expect(basket.totalPrice.minorUnits).toBe(total);
      expect(basket.providerBaskets.every((pb) => pb.expires === undefined)).toBe(true);
    });
  }
});
