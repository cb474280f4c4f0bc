import { type Basket, providerOf } from '@basket/core';
import type { BasketClient } from '../client';
import { DEMO, demoCustomerDetails, demoDelivery } from './catalog';
import { basketTable, describeLine, formatMoney } from './table';

export type Say = (text: string) => void;

/** Walks a newcomer through a whole purchase, printing each step and the basket's totals. */
export const walkThroughPurchase = async (client: BasketClient, say: Say): Promise<void> => {
  let stepNumber = 0;
  const step = (text: string) => {
    stepNumber += 1;
    say(`\n${stepNumber}. ${text}`);
  };
  const done = (text: string) => say(`   ✓ ${text}`);
  const show = (basket: Basket) => say(`\n${basketTable(basket)}`);

  step('Create a basket (POST /baskets): empty, in the store’s currency');
  const created = await client.createBasket();
  const basket = client.basket(created.id);
  done(`basket ${created.id}, total ${formatMoney(created.totalPrice)}, ETag ${basket.etag() ?? '-'}`);

  step(`Sign it in as ${DEMO.contact} (PATCH /baskets/{id}/assign-contact)`);
  const assigned = await basket.assignContact().settled();
  done(`notification ${assigned.notificationId}: ${assigned.status}`);

  step('Two adult tickets for Leeds Lions v York Yaks, seats chosen by rate (select-seats)');
  await basket.selectSeats(DEMO.match, { rates: [{ rateId: DEMO.matchAdult, quantity: 2 }] }).settled();
  const withTickets = await basket.get();
  const ticketLine = withTickets.providerBaskets
    .flatMap((pb) => pb.lineItems)
    .find((l) => l.type === 'Ticketing');
  if (ticketLine === undefined) throw new Error('the seats made no ticket line');
  done(describeLine(ticketLine));

  step('A pie and a pint, cross-sold from the tickets (POST /baskets/{id}/products/{productId})');
  await basket.addProduct(DEMO.pie, { quantity: 2, crossSoldFromLineItemId: ticketLine.id }).settled();
  done('2 × Pie and a pint, linked to the ticket line');

  step('A stadium tour slot for two adults (select-slot)');
  await basket
    .selectTimeSlot(DEMO.tour, {
      timeSlotId: DEMO.tourSlot,
      rates: [{ rateId: DEMO.tourAdult, quantity: 2 }],
    })
    .settled();
  done('tour places held');

  step(`A home shirt, size M, then the voucher ${DEMO.shirtVoucher} (POST /baskets/{id}/voucher)`);
  await basket.addProduct(DEMO.shirt, { quantity: 1, productVariantId: DEMO.shirtM }).settled();
  await basket.addVoucher({ voucherCode: DEMO.shirtVoucher }).settled();
  const again = await basket.addVoucher({ voucherCode: DEMO.shirtVoucher });
  done(`voucher applied; adding it again answers ${again.status} (nothing to change)`);
  show(await basket.get());

  step('Delivery: a method for each provider basket (set-delivery-method)');
  const collectionTime = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
  const delivery = demoDelivery(collectionTime);
  for (const providerBasket of (await basket.get()).providerBaskets) {
    const selection = delivery[providerOf(providerBasket.id)];
    if (selection === undefined) continue;
    await basket.setDeliveryMethod(providerBasket.id, selection).settled();
    done(`${providerOf(providerBasket.id)}: ${selection.deliveryMethod.type} ${selection.deliveryMethod.id}`);
  }

  step('Customer details (PATCH /baskets/{id}/set-customer-details): stored, never shown back');
  const before = await basket.get();
  done(`required: ${before.customerDetails.map((d) => d.type).join(', ')}`);
  await basket.setCustomerDetails(demoCustomerDetails).settled();
  const ready = await basket.get();
  done(`missingCustomerDetailFields: ${ready.missingCustomerDetailFields}`);
  show(ready);

  step('Checkout: create a payment intent (POST /baskets/{id}/payment-intents); the basket locks');
  const intent = await basket.createPaymentIntent({ returnUrl: 'https://shop.example/thanks' }).settled();
  done(`intent ${intent.id}: ${intent.status}, to pay ${formatMoney(intent.paymentDetails.totalPaid)}`);
  for (const component of intent.paymentDetails.components) {
    done(`  ${providerOf(component.providerBasketId)}: ${formatMoney(component.portionOfTotalPaid)}`);
  }

  step(`Pay with the saved token ${DEMO.savedToken} (POST /psp/tokens/use-existing)`);
  await client.useSavedPaymentToken({ paymentIntentId: intent.id, tokenId: DEMO.savedToken });
  const paid = await basket.paymentIntent(intent.id);
  done(`intent ${paid.status}`);

  step('The basket afterwards: checked out, its history kept (GET /baskets/{id}/events)');
  const final = await basket.get();
  const history = await basket.events();
  done(`${history.events.length} events: ${[...new Set(history.events.map((e) => e.type))].join(', ')}`);
  show(final);
  say(`\nPaid ${formatMoney(final.totalPrice)} for basket ${final.id}. That is the whole purchase.`);
};
