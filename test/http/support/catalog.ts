/** Ids of the demo catalog (packages/providers-catalog/catalog/demo-catalog.json) that the tests use. */
export const MATCH = 'tix:arena|1fed8c284c51a8c8a88c6b61';
export const MATCH_ADULT = 'tix:arena|04fa8b0f000f5e75539db368';
export const PIE = 'fnb:arena|46602259e87b5062c3ef0e0f';
export const HOT_CHOCOLATE_OFF_SALE = 'fnb:arena|1094aaa1bc9ef308ab51b591';
export const TOUR = 'tsl:tours|39ced27e9e7be42a13773e41';
export const TOUR_SLOT = 'tsl:tours|5664ed686977667429c0cad2';
export const TOUR_ADULT = 'tsl:tours|64b47d3a61c49aee86035d6e';
export const SHIRT = 'shop|b4fc97c45b14a06fbcbdf88d';
export const REFUSING = 'lab|03f2bf75be87f4bf24300793';
export const UNKNOWN_PRODUCT = 'fnb:arena|000000000000000000000000';

/** A ProviderIdentity in a path: `|` percent-encoded. */
export const enc = (id: string): string => encodeURIComponent(id);

/** Customer details that satisfy every provider of the demo catalog (C-7.12). */
export const allDetails = [
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
];
