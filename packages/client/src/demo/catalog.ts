import type { SetCustomerDetailsBody, SetDeliveryMethodBody } from '../requests';

/**
 * Ids of the demo catalog the server ships (packages/providers-catalog/catalog/demo-catalog.json),
 * which the demo and the client's tests use.
 */
export const DEMO = {
  store: 'arena-web',
  contact: 'contact-alice',
  savedToken: 'tok_alice_visa',
  declinedToken: 'tok_alice_declined',
  /** Leeds Lions v York Yaks, a ticketed event of provider `tix:arena`. */
  match: 'tix:arena|1fed8c284c51a8c8a88c6b61',
  matchAdult: 'tix:arena|04fa8b0f000f5e75539db368',
  matchChild: 'tix:arena|d6e22ee6aa373db7d5324cd1',
  /** Pie and a pint: a Consumable of `fnb:arena`, which the match lists among its cross-sells. */
  pie: 'fnb:arena|46602259e87b5062c3ef0e0f',
  /** A Consumable that is off sale. */
  hotChocolateOffSale: 'fnb:arena|1094aaa1bc9ef308ab51b591',
  /** Stadium tour: a TimeSlot product of `tsl:tours`, its first slot and its rates. */
  tour: 'tsl:tours|39ced27e9e7be42a13773e41',
  tourSlot: 'tsl:tours|5664ed686977667429c0cad2',
  tourAdult: 'tsl:tours|64b47d3a61c49aee86035d6e',
  tourChild: 'tsl:tours|d231f77d48abe1b4e472419c',
  /** Home shirt: a VariableProduct of `shop`; SHIRT10 reprices its size M. */
  shirt: 'shop|b4fc97c45b14a06fbcbdf88d',
  shirtM: 'home-shirt-m',
  shirtVoucher: 'SHIRT10',
} as const;

/** Customer details that satisfy every provider of the demo catalog (C-7.12). */
export const demoCustomerDetails: SetCustomerDetailsBody = {
  customerDetails: [
    { type: 'Email', value: { email: 'alice@example.com' } },
    { type: 'FirstName', value: { name: 'Alice' } },
    { type: 'LastName', value: { name: 'Archer' } },
    { type: 'PhoneNumber', value: { phoneNumber: '+441132960000' } },
    { type: 'BillingFirstName', value: { name: 'Alice' } },
    { type: 'BillingLastName', value: { name: 'Archer' } },
    {
      type: 'BillingAddress',
      value: { StreetLine1: '1 Stadium Way', City: 'Leeds', CountryCode: 'GB', PostalCode: 'LS11 0ES' },
    },
  ],
};

/** A delivery selection per provider of the demo catalog, by provider id (the part before `|`). */
export const demoDelivery = (collectionTime: string): Readonly<Record<string, SetDeliveryMethodBody>> => ({
  'tix:arena': { deliveryMethod: { type: 'Digital', id: 'tix-mobile' } },
  'fnb:arena': {
    deliveryMethod: {
      type: 'KioskCollection',
      id: 'fnb-kiosk',
      kioskId: 'kiosk-north',
      collectionTime,
      collectionId: 'half-time',
      seatId: 'my-seat',
    },
  },
  'tsl:tours': { deliveryMethod: { type: 'Digital', id: 'tsl-email' } },
  shop: { deliveryMethod: { type: 'Address', id: 'shop-collect', addressEntryId: 'club-shop' } },
});
