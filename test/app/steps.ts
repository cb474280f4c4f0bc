import type { Caller } from '@basket/app';
import { basket, bodyOf, ids, lineItems, providerBasketOf, succeeds, text, type World } from './support';

/**
 * A basket of the demo catalog ready to pay: seats, a pie cross-sold from the tickets, a tour slot,
 * a size M shirt with SHIRT10, delivery for each provider basket and the customer details (C-7).
 */
export const readyBasket = async (w: World, caller: Caller): Promise<string> => {
  const { api } = w.app;
  const id = text(bodyOf(await api.createBasket(caller)), 'id');
  await succeeds(w, caller, api.assignContact(caller, id));
  await succeeds(
    w,
    caller,
    api.selectSeats(caller, id, ids.event, { rates: [{ rateId: ids.adult, quantity: 2 }] }),
  );
  const tickets = lineItems(await basket(w, caller, id)).find((l) => l.type === 'Ticketing');
  await succeeds(
    w,
    caller,
    api.addProduct(caller, id, ids.pie, {
      quantity: 2,
      crossSoldFromLineItemId: tickets?.id,
      crossSoldFromProductId: ids.event,
    }),
  );
  await succeeds(
    w,
    caller,
    api.selectTimeSlot(caller, id, ids.tour, {
      timeSlotId: ids.tourSlot,
      rates: [{ rateId: ids.tourAdult, quantity: 2 }],
    }),
  );
  await succeeds(
    w,
    caller,
    api.addProduct(caller, id, ids.shirt, { quantity: 1, productVariantId: 'home-shirt-m' }),
  );
  await succeeds(w, caller, api.addVoucherToBasket(caller, id, { voucherCode: 'SHIRT10' }));
  const current = await basket(w, caller, id);
  const collectionTime = new Date(Date.parse(w.clock.now()) + 86_400_000).toISOString();
  const deliveries = [
    ['tix:arena', { type: 'Digital', id: 'tix-mobile' }],
    [
      'fnb:arena',
      {
        type: 'InSeat',
        id: 'fnb-inseat',
        kioskId: 'kiosk-north',
        collectionTime,
        collectionId: 'c-1',
        seatId: 'N-A-3',
      },
    ],
    [
      'shop',
      {
        type: 'Address',
        id: 'shop-post',
        address: { StreetLine1: '1 Fan Street', City: 'Leeds', CountryCode: 'GB', PostalCode: 'LS2 2AA' },
      },
    ],
  ] as const;
  for (const [provider, deliveryMethod] of deliveries) {
    await succeeds(
      w,
      caller,
      api.setProviderBasketDeliveryMethod(caller, id, providerBasketOf(current, provider), {
        deliveryMethod,
      }),
    );
  }
  const address = { StreetLine1: '1 Fan Street', City: 'Leeds', CountryCode: 'GB', PostalCode: 'LS2 2AA' };
  await succeeds(
    w,
    caller,
    api.setCustomerDetails(caller, id, {
      customerDetails: [
        { type: 'Email', value: { email: 'alice@example.com' } },
        { type: 'FirstName', value: { name: 'Alice' } },
        { type: 'LastName', value: { name: 'Archer' } },
        { type: 'PhoneNumber', value: { phoneNumber: '+447700900123' } },
        { type: 'BillingFirstName', value: { name: 'Alice' } },
        { type: 'BillingLastName', value: { name: 'Archer' } },
        { type: 'BillingAddress', value: address },
      ],
    }),
  );
  return id;
};
