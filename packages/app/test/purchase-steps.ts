import { expect } from 'vitest';
import type { Caller } from '../src/index';
import type { Json, JsonObject } from '../src/ports/json';
import {
  ADULT_RATE,
  basketOf,
  type Harness,
  LIONS_YAKS,
  newBasket,
  outcomeOf,
  PIE,
  SHIRT,
  TOUR,
  TOUR_ADULT,
} from './harness';

export const TOUR_SLOT = 'tsl:tours|5664ed686977667429c0cad2';

const objects = (value: Json | undefined): ReadonlyArray<JsonObject> =>
  Array.isArray(value)
    ? value.filter((v): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v))
    : [];

export const providerBaskets = (basket: JsonObject) => objects(basket.providerBaskets);

/** The id of the provider basket of `provider` (the part of its id before `|`). */
export const providerBasketOf = (basket: JsonObject, provider: string): string => {
  const pb = providerBaskets(basket).find((p) => String(p.id).startsWith(`${provider}|`));
  if (!pb) throw new Error(`no provider basket of ${provider}`);
  return String(pb.id);
};

export const lineItems = (basket: JsonObject) =>
  providerBaskets(basket).flatMap((pb) => objects(pb.lineItems));

/** Runs an accepted request to its end and expects it Succeeded. */
export const succeeds = async (
  h: Harness,
  caller: Caller,
  request: Promise<import('../src/index').Answer>,
) => {
  const answer = await request;
  expect(answer.status === 200 || answer.status === 202, JSON.stringify(answer)).toBe(true);
  const outcome = await outcomeOf(h, answer, caller);
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ status: 'Succeeded' });
  return outcome;
};

/** Seats, a pie cross-sold from the tickets, a tour slot, a shirt with SHIRT10 (C-7.3 to C-7.11). */
export const fillBasket = async (h: Harness, caller: Caller): Promise<string> => {
  const { api } = h.app;
  const id = await newBasket(h, caller);
  await succeeds(
    h,
    caller,
    api.selectSeats(caller, id, LIONS_YAKS, { rates: [{ rateId: ADULT_RATE, quantity: 2 }] }),
  );
  const ticketLine = lineItems(await basketOf(h, id, caller)).find((l) => l.type === 'Ticketing');
  await succeeds(
    h,
    caller,
    api.addProduct(caller, id, PIE, {
      quantity: 1,
      crossSoldFromLineItemId: ticketLine?.id,
      crossSoldFromProductId: LIONS_YAKS,
    }),
  );
  await succeeds(
    h,
    caller,
    api.selectTimeSlot(caller, id, TOUR, {
      timeSlotId: TOUR_SLOT,
      rates: [{ rateId: TOUR_ADULT, quantity: 2 }],
    }),
  );
  await succeeds(
    h,
    caller,
    api.addProduct(caller, id, SHIRT, { quantity: 1, productVariantId: 'home-shirt-m' }),
  );
  await succeeds(h, caller, api.addVoucherToBasket(caller, id, { voucherCode: 'SHIRT10' }));
  return id;
};

/** Delivery for every provider basket and every customer detail the providers require (C-7.9, C-7.12). */
export const completeCheckoutDetails = async (h: Harness, caller: Caller, id: string): Promise<void> => {
  const { api } = h.app;
  const basket = await basketOf(h, id, caller);
  const collectionTime = new Date(Date.parse(h.clock.now()) + 24 * 3_600_000).toISOString();
  const selections: Array<[string, JsonObject]> = [
    ['tix:arena', { type: 'Digital', id: 'tix-mobile' }],
    [
      'fnb:arena',
      {
        type: 'KioskCollection',
        id: 'fnb-kiosk',
        kioskId: 'kiosk-north',
        collectionTime,
        collectionId: 'c-1',
        seatId: 'my-seat',
      },
    ],
    ['shop', { type: 'Address', id: 'shop-collect', addressEntryId: 'club-shop' }],
  ];
  for (const [provider, deliveryMethod] of selections) {
    if (!providerBaskets(basket).some((pb) => String(pb.id).startsWith(`${provider}|`))) continue;
    await succeeds(
      h,
      caller,
      api.setProviderBasketDeliveryMethod(caller, id, providerBasketOf(basket, provider), { deliveryMethod }),
    );
  }
  const address = { StreetLine1: '1 Arena Way', City: 'Leeds', CountryCode: 'GB', PostalCode: 'LS1 1AA' };
  await succeeds(
    h,
    caller,
    api.setCustomerDetails(caller, id, {
      customerDetails: [
        { type: 'Email', value: { email: 'alice@example.com' } },
        { type: 'FirstName', value: { name: 'Alice' } },
        { type: 'LastName', value: { name: 'Archer' } },
        { type: 'PhoneNumber', value: { phoneNumber: '+441132960000' } },
        { type: 'BillingFirstName', value: { name: 'Alice' } },
        { type: 'BillingLastName', value: { name: 'Archer' } },
        { type: 'BillingAddress', value: address },
      ],
    }),
  );
};
