import { providerOf } from '@basket/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, demoCustomerDetails, demoDelivery } from '../src/demo/catalog';
import type { BasketClient } from '../src/index';
import { ALICE, clientFor, type SpawnedServer, spawnServer, tomorrow } from './support/server';

describe('@basket/client against a spawned server: endpoints 1 to 16 and the reads', () => {
  let server: SpawnedServer;
  let alice: BasketClient;
  beforeAll(async () => {
    // No skip: a server that cannot start fails every test of this file.
    server = await spawnServer();
    alice = await clientFor(server, ALICE);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('builds a basket line by line, each command settled through its notification', async () => {
    const created = await alice.createBasket();
    expect(created.providerBaskets).toEqual([]);
    const basket = alice.basket(created.id);
    expect(basket.etag()).toBe('"1"');

    const assigned = await basket.assignContact().settled();
    expect([assigned.status, assigned.operation, assigned.basketId]).toEqual([
      'Succeeded',
      'assignContact',
      created.id,
    ]);
    expect((await basket.get()).contactId).toBe(ALICE);

    await basket.selectSeats(DEMO.match, { rates: [{ rateId: DEMO.matchAdult, quantity: 2 }] }).settled();
    const tickets = (await basket.get()).providerBaskets.flatMap((pb) => pb.lineItems);
    const ticketLine = tickets.find((line) => line.type === 'Ticketing');
    expect(ticketLine?.ticketing?.tickets).toHaveLength(2);

    const accepted = await basket.addProduct(DEMO.pie, {
      quantity: 1,
      crossSoldFromLineItemId: ticketLine?.id,
    });
    expect(accepted.status).toBe(200);
    const pieDone = await alice.settle(accepted.notificationId);
    expect(pieDone.operation).toBe('addProductToBasket');
    expect((await alice.notification(accepted.notificationId)).status).toBe('Succeeded');

    await basket
      .selectTimeSlot(DEMO.tour, {
        timeSlotId: DEMO.tourSlot,
        rates: [{ rateId: DEMO.tourAdult, quantity: 1 }],
      })
      .settled();
    await basket.addProduct(DEMO.shirt, { quantity: 1, productVariantId: DEMO.shirtM }).settled();

    const lines = await basket.get();
    const all = lines.providerBaskets.flatMap((pb) => pb.lineItems.map((line) => ({ pb: pb.id, line })));
    const pie = all.find(({ line }) => line.productId === DEMO.pie);
    const tour = all.find(({ line }) => line.type === 'TimeSlot');
    expect(pie?.line.crossSoldFromProductId).toBe(DEMO.match);
    if (pie === undefined || tour === undefined) throw new Error('the pie or the tour made no line');

    await basket.updateLineItemQuantity(pie.pb, pie.line.id, { quantity: 3 }).settled();
    await basket.updateLineItem(tour.pb, tour.line.id, { type: 'TimeSlot', quantity: 2 }).settled();
    const updated = (await basket.get()).providerBaskets.flatMap((pb) => pb.lineItems);
    expect(updated.find((l) => l.id === pie.line.id)?.consumable?.quantity).toBe(3);
    expect(updated.find((l) => l.id === tour.line.id)?.timeSlot?.quantity).toBe(2);

    // Vouchers: 200 then 204 for "nothing to change" (C-4.1), whose settled() answers undefined.
    expect((await basket.addVoucher({ voucherCode: DEMO.shirtVoucher }).settled())?.status).toBe('Succeeded');
    expect(await basket.addVoucher({ voucherCode: DEMO.shirtVoucher })).toEqual({ status: 204 });
    expect(await basket.removeVoucher({ voucherCode: 'SCARFHALF' }).settled()).toBeUndefined();
    expect((await basket.get()).vouchers.map((v) => v.code)).toEqual([DEMO.shirtVoucher]);
    await basket.removeVoucher({ voucherCode: DEMO.shirtVoucher }).settled();
    expect((await basket.get()).vouchers).toEqual([]);

    const delivery = demoDelivery(tomorrow());
    for (const providerBasket of (await basket.get()).providerBaskets) {
      const selection = delivery[providerOf(providerBasket.id)];
      if (selection !== undefined) await basket.setDeliveryMethod(providerBasket.id, selection).settled();
    }
    const details = await basket.setCustomerDetails(demoCustomerDetails);
    expect(details.status).toBe(202);
    await basket.setCustomerDetails(demoCustomerDetails).settled();
    expect(await basket.setCustomerDetails(demoCustomerDetails)).toEqual({ status: 204 });
    expect((await basket.get()).missingCustomerDetailFields).toBe(false);

    await basket.deleteLineItem(tour.pb, tour.line.id).settled();
    const history = await basket.events();
    expect(history.events.map((e) => e.version)).toEqual(history.events.map((_, i) => i + 1));
    expect(basket.etag()).toBe(`"${history.events.length}"`);
    expect((await basket.get()).providerBaskets.some((pb) => pb.id === tour.pb)).toBe(false);

    const deleted = await basket.delete();
    expect(deleted.id).toBe(created.id);
    await expect(basket.get()).rejects.toMatchObject({ code: 'basket-not-found', status: 404 });
  });

  it('checks out: intent, cancel, intent again, pay with a saved token', async () => {
    const created = await alice.createBasket();
    const basket = alice.basket(created.id);
    await basket.assignContact().settled();
    await basket.addProduct(DEMO.pie, { quantity: 2 }).settled();
    const [providerBasket] = (await basket.get()).providerBaskets;
    if (providerBasket === undefined) throw new Error('no provider basket');
    const kiosk = demoDelivery(tomorrow())['fnb:arena'];
    if (kiosk === undefined) throw new Error('no kiosk delivery for fnb:arena');
    await basket.setDeliveryMethod(providerBasket.id, kiosk).settled();
    await basket.setCustomerDetails(demoCustomerDetails).settled();

    const first = await basket.createPaymentIntent({ returnUrl: 'https://shop.example/return' }).settled();
    expect(first.status).toBe('AwaitingPayment');
    expect((await basket.get()).activePaymentIntentId).toBe(first.id);
    const cancelled = await basket.deletePaymentIntent(first.id).settled();
    expect([cancelled.operation, cancelled.paymentIntentId]).toEqual(['deletePaymentIntent', first.id]);
    expect((await basket.paymentIntent(first.id)).status).toBe('Cancelled');

    const second = await basket.createPaymentIntent().settled();
    expect(second.id).not.toBe(first.id);
    expect(second.paymentDetails.totalPaid).toEqual((await basket.get()).totalPrice);
    await alice.useSavedPaymentToken({ paymentIntentId: second.id, tokenId: DEMO.savedToken });
    expect((await basket.paymentIntent(second.id)).status).toBe('PaymentComplete');
  });

  it('reads the public endpoints', async () => {
    expect(await alice.health()).toEqual({ status: 'ok' });
    expect(await alice.ready()).toBe(true);
    expect((await alice.openApi()).openapi).toMatch(/^3\.1/);
  });
});
