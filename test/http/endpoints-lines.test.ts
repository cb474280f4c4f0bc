import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enc,
  HOT_CHOCOLATE_OFF_SALE,
  MATCH,
  MATCH_ADULT,
  PIE,
  TOUR,
  TOUR_ADULT,
  TOUR_SLOT,
  UNKNOWN_PRODUCT,
} from './support/catalog';
import { type Client, createClient, notificationIdOf, type Reply } from './support/client';
import { type SpawnedServer, spawnServer } from './support/server';
import { command, getBasket, newBasket, problemCode, succeed } from './support/steps';
import { type Credentials, credentials } from './support/tokens';

const expectProblem = (reply: Reply, status: number, code: string, errorPath?: string) => {
  expect([reply.status, problemCode(reply)], reply.text).toEqual([status, code]);
  if (errorPath !== undefined) {
    expect((reply.body as { errors: Array<{ path: string }> }).errors.map((e) => e.path)).toContain(
      errorPath,
    );
  }
};

describe('products, seats, slots, lines, delivery, details and vouchers: every success and error status', () => {
  let server: SpawnedServer;
  let client: Client;
  let guest: Credentials;
  let id: string;
  let B: string;
  beforeAll(async () => {
    server = await spawnServer();
    client = await createClient(server.url);
    guest = await credentials();
    id = await newBasket(client, guest);
    B = `/baskets/${id}`;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const lineOf = async (productId: string) => {
    const basket = await getBasket(client, guest, id);
    const pb = basket.providerBaskets.find((p) => p.lineItems.some((l) => l.productId === productId));
    const line = pb?.lineItems.find((l) => l.productId === productId);
    if (pb === undefined || line === undefined) throw new Error(`no line of ${productId}`);
    return { pb: pb.id, line: line.id, path: `${B}/provider/${enc(pb.id)}/items/${enc(line.id)}` };
  };

  it('addProductToBasket (7): 200; 400 by field and path id; 404; outcomes in the notification (C-3.3); 412', async () => {
    await succeed(client, guest, 'POST', `${B}/products/${enc(PIE)}`, { quantity: 1 });
    expectProblem(
      await client.send('POST', `${B}/products/${enc(PIE)}`, guest, { json: { quantity: 0 } }),
      400,
      'validation-failed',
      'quantity',
    );
    expectProblem(
      await client.send('POST', `${B}/products/${enc(PIE)}`, guest, { json: { quantity: '1' } }),
      400,
      'validation-failed',
      'quantity',
    );
    expectProblem(
      await client.send('POST', `${B}/products/not-an-id`, guest, { json: { quantity: 1 } }),
      400,
      'validation-failed',
    );
    expectProblem(
      await client.send('POST', `/baskets/0190a3c2-7d4e-4a51-9b3e-5f2a6c1d8e90/products/${enc(PIE)}`, guest, {
        json: { quantity: 1 },
      }),
      404,
      'basket-not-found',
    );
    const unknown = await command(client, guest, 'POST', `${B}/products/${enc(UNKNOWN_PRODUCT)}`, {
      quantity: 1,
    });
    expect(unknown.notification).toMatchObject({ status: 'Failed', problem: { code: 'product-not-found' } });
    const offSale = await command(client, guest, 'POST', `${B}/products/${enc(HOT_CHOCOLATE_OFF_SALE)}`, {
      quantity: 1,
    });
    expect(offSale.notification).toMatchObject({
      status: 'Failed',
      problem: { code: 'product-unavailable' },
    });
    const stale = await client.send('POST', `${B}/products/${enc(PIE)}`, guest, {
      json: { quantity: 1 },
      headers: { 'if-match': '"1"' },
    });
    expectProblem(stale, 412, 'precondition-failed');
  });

  it('Idempotency-Key on a command: the same notification id again, 422 for another body (C-6.3)', async () => {
    const send = (quantity: number) =>
      client.send('POST', `${B}/products/${enc(PIE)}`, guest, {
        json: { quantity },
        headers: { 'idempotency-key': 'add-pie-once' },
      });
    const first = await send(2);
    const replay = await send(2);
    expect(notificationIdOf(replay)).toBe(notificationIdOf(first));
    expectProblem(await send(3), 422, 'idempotency-key-reused');
    await client.settle(notificationIdOf(first), guest);
  });

  it('selectSeats (8) and selectTimeSlot (9): 200; 400 for both or neither, or only zero places', async () => {
    await succeed(client, guest, 'POST', `${B}/products/${enc(MATCH)}/ticketing/select-seats`, {
      rates: [{ rateId: MATCH_ADULT, quantity: 2 }],
    });
    const both = {
      rates: [{ rateId: MATCH_ADULT, quantity: 1 }],
      seats: [{ rateId: MATCH_ADULT, seatId: 'N-A-1' }],
    };
    expectProblem(
      await client.send('POST', `${B}/products/${enc(MATCH)}/ticketing/select-seats`, guest, { json: both }),
      400,
      'validation-failed',
    );
    expectProblem(
      await client.send('POST', `${B}/products/${enc(MATCH)}/ticketing/select-seats`, guest, { json: {} }),
      400,
      'validation-failed',
    );
    // A seat asked for twice, or a slot's rate named twice: the 400 names the list (C-1.6).
    const seatTwice = {
      seats: [
        { rateId: MATCH_ADULT, seatId: 'N-A-1' },
        { rateId: MATCH_ADULT, seatId: 'N-A-1' },
      ],
    };
    expectProblem(
      await client.send('POST', `${B}/products/${enc(MATCH)}/ticketing/select-seats`, guest, {
        json: seatTwice,
      }),
      400,
      'validation-failed',
      'seats',
    );
    const rateTwice = {
      timeSlotId: TOUR_SLOT,
      rates: [
        { rateId: TOUR_ADULT, quantity: 1 },
        { rateId: TOUR_ADULT, quantity: 1 },
      ],
    };
    expectProblem(
      await client.send('POST', `${B}/products/${enc(TOUR)}/time-slots/select-slot`, guest, {
        json: rateTwice,
      }),
      400,
      'validation-failed',
      'rates',
    );
    await succeed(client, guest, 'POST', `${B}/products/${enc(TOUR)}/time-slots/select-slot`, {
      timeSlotId: TOUR_SLOT,
      rates: [{ rateId: TOUR_ADULT, quantity: 2 }],
    });
    const zero = { timeSlotId: TOUR_SLOT, rates: [{ rateId: TOUR_ADULT, quantity: 0 }] };
    expectProblem(
      await client.send('POST', `${B}/products/${enc(TOUR)}/time-slots/select-slot`, guest, { json: zero }),
      400,
      'validation-failed',
    );
  });

  it('updateLineItem (11) and updateLineItemQuantity (12): 200; 400; 404 for an unknown line or provider basket', async () => {
    const tour = await lineOf(TOUR);
    await succeed(client, guest, 'PATCH', tour.path, { type: 'TimeSlot', quantity: 3 });
    expectProblem(
      await client.send('PATCH', tour.path, guest, { json: { type: 'Ticketing', quantity: 3 } }),
      400,
      'validation-failed',
      'type',
    );
    await succeed(client, guest, 'PATCH', `${tour.path}/quantity`, { quantity: 1 });
    expectProblem(
      await client.send('PATCH', `${tour.path}/quantity`, guest, { json: {} }),
      400,
      'validation-failed',
      'quantity',
    );
    const otherLine = `${B}/provider/${enc(tour.pb)}/items/${enc('tsl:tours|000000000000000000000000')}`;
    expectProblem(
      await client.send('PATCH', `${otherLine}/quantity`, guest, { json: { quantity: 1 } }),
      404,
      'line-item-not-found',
    );
    const otherBasket = `${B}/provider/${enc('tsl:tours|000000000000000000000000')}/items/${enc(tour.line)}`;
    expectProblem(
      await client.send('PATCH', `${otherBasket}/quantity`, guest, { json: { quantity: 1 } }),
      404,
      'provider-basket-not-found',
    );
    const seats = await lineOf(MATCH);
    const refused = await command(client, guest, 'PATCH', `${seats.path}/quantity`, { quantity: 1 });
    expect(refused.notification).toMatchObject({ status: 'Failed', problem: { code: 'wrong-product-type' } });
  });

  it('setProviderBasketDeliveryMethod (13): 200; 400 without a selection or with a malformed Instant', async () => {
    const pie = await lineOf(PIE);
    const path = `${B}/provider/${enc(pie.pb)}/set-delivery-method`;
    const selection = {
      type: 'KioskCollection',
      id: 'fnb-kiosk',
      kioskId: 'kiosk-north',
      collectionId: 'c',
      seatId: 's',
    };
    await succeed(client, guest, 'POST', path, {
      deliveryMethod: { ...selection, collectionTime: '2099-05-01T10:00:00.000Z' },
    });
    expectProblem(
      await client.send('POST', path, guest, { json: {} }),
      400,
      'validation-failed',
      'deliveryMethod',
    );
    const badTime = { deliveryMethod: { ...selection, collectionTime: '2099-13-01T10:00:00Z' } };
    expectProblem(
      await client.send('POST', path, guest, { json: badTime }),
      400,
      'validation-failed',
      'deliveryMethod.collectionTime',
    );
  });

  it('setCustomerDetails (14): 202, 204 for the same values, 400 for a malformed value (C-7.12)', async () => {
    const details = { customerDetails: [{ type: 'Email', value: { email: 'guest@example.com' } }] };
    await succeed(client, guest, 'PATCH', `${B}/set-customer-details`, details, 202);
    expect((await client.send('PATCH', `${B}/set-customer-details`, guest, { json: details })).status).toBe(
      204,
    );
    const bad = { customerDetails: [{ type: 'Email', value: { email: 'not an email' } }] };
    const reply = await client.send('PATCH', `${B}/set-customer-details`, guest, { json: bad });
    expectProblem(reply, 400, 'validation-failed');
    expect(reply.text).not.toContain('not an email');
    // One type twice: which value is meant is ambiguous, a malformed request (C-1.6, C-7.12).
    const twice = {
      customerDetails: [
        { type: 'Email', value: { email: 'first@example.com' } },
        { type: 'Email', value: { email: 'second@example.com' } },
      ],
    };
    const ambiguous = await client.send('PATCH', `${B}/set-customer-details`, guest, { json: twice });
    expectProblem(ambiguous, 400, 'validation-failed', 'customerDetails');
    expect(ambiguous.text).not.toContain('example.com');
  });

  it('addVoucherToBasket (15) and removeVoucherFromBasket (16): 200, 204, 400; the DELETE needs its body', async () => {
    await succeed(client, guest, 'POST', `${B}/products/${enc('shop|8b0ed14002fe2ef6394d95a2')}`, {
      quantity: 1,
      productVariantId: 'scarf-one-size',
    });
    await succeed(client, guest, 'POST', `${B}/voucher`, { voucherCode: 'SCARFHALF' });
    expect(
      (await client.send('POST', `${B}/voucher`, guest, { json: { voucherCode: 'SCARFHALF' } })).status,
    ).toBe(204);
    const invalid = await command(client, guest, 'POST', `${B}/voucher`, { voucherCode: 'OLDSHIRT' });
    expect(invalid.notification).toMatchObject({ status: 'Failed', problem: { code: 'voucher-invalid' } });
    expectProblem(
      await client.send('POST', `${B}/voucher`, guest, { json: { voucherCode: '' } }),
      400,
      'validation-failed',
      'voucherCode',
    );
    expectProblem(await client.send('DELETE', `${B}/voucher`, guest), 400, 'validation-failed');
    await succeed(client, guest, 'DELETE', `${B}/voucher`, { voucherCode: 'SCARFHALF' });
    expect(
      (await client.send('DELETE', `${B}/voucher`, guest, { json: { voucherCode: 'SCARFHALF' } })).status,
    ).toBe(204);
  });

  it('deleteLineItem (10): 200 removes the line; 404 once it is gone', async () => {
    const pie = await lineOf(PIE);
    await succeed(client, guest, 'DELETE', pie.path);
    const gone = await client.send('DELETE', pie.path, guest);
    expect(gone.status).toBe(404);
    expect(['line-item-not-found', 'provider-basket-not-found']).toContain(problemCode(gone));
  });
});
