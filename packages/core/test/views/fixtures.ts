import type { DeliveryMethodSelection, Instant, Money, ProviderIdentity } from '../../src';
import type { Line, TicketingLine, TimeSlotLine, VariableProductLine } from '../../src/basket/line';
import type {
  BasketVoucher,
  ExistingBasket,
  ProviderBasketState,
  ProviderTerms,
} from '../../src/basket/state';

/* Hand-built basket states with the numbers of the shared demo catalog (fixtures/catalog.json). */

export const gbp = (minorUnits: number): Money => ({ minorUnits, currencyCode: 'GBP', precision: 2 });
export const id = (provider: string, tag: string): ProviderIdentity =>
  `${provider}|${tag.padEnd(24, '0')}` as ProviderIdentity;
export const at = (time: string): Instant => `2026-11-21T${time}.000Z` as Instant;

export const matchId = 'tix:arena|1fed8c284c51a8c8a88c6b61' as ProviderIdentity;
export const shirtId = 'shop|b4fc97c45b14a06fbcbdf88d' as ProviderIdentity;
export const scarfId = 'shop|8b0ed14002fe2ef6394d95a2' as ProviderIdentity;
export const tourId = 'tsl:tours|39ced27e9e7be42a13773e41' as ProviderIdentity;
export const pieId = 'fnb:arena|46602259e87b5062c3ef0e0f' as ProviderIdentity;
export const programmeId = 'fnb:arena|763e81f85290d131d3d94f93' as ProviderIdentity;

export const tixTerms: ProviderTerms = {
  providerId: 'tix:arena',
  holdMinutes: 15,
  requiredCustomerDetails: ['Email', 'FirstName', 'LastName'],
  kioskIds: [],
  deliveryMethods: [
    {
      type: 'Digital',
      id: 'tix-mobile',
      title: 'Mobile tickets',
      description: 'Tickets in the club app, ready on match day',
      totalPrice: gbp(0),
      alwaysIncluded: false,
    },
    {
      type: 'Address',
      id: 'tix-post',
      title: 'Posted tickets',
      description: 'Printed tickets by first class post, 3 to 5 working days',
      provider: { name: 'Royal Mail', logo: 'https://static.example/carriers/royal-mail.png' },
      entries: [{ id: 'box-office', address: 'Box office, Arena Way, Leeds LS1 1AA' }],
      totalPrice: gbp(250),
    },
  ],
  discounts: [
    {
      id: 'tix-group4',
      kind: 'line-min-quantity',
      title: 'Group of four',
      code: 'GROUP4',
      description: '2.00 off each ticket when you buy 4 or more for one match',
      minQuantity: 4,
      amountOffPerUnit: 200,
    },
  ],
};

export const shopTerms: ProviderTerms = {
  providerId: 'shop',
  holdMinutes: 30,
  requiredCustomerDetails: ['Email', 'BillingFirstName', 'BillingLastName', 'BillingAddress'],
  kioskIds: [],
  deliveryMethods: [
    {
      type: 'Address',
      id: 'shop-post',
      title: 'Standard delivery',
      description: 'Tracked parcel, 2 to 4 working days',
      provider: { name: 'Parcelforce', logo: 'https://static.example/carriers/parcelforce.png' },
      entries: [],
      totalPrice: gbp(395),
    },
    {
      type: 'Address',
      id: 'shop-collect',
      title: 'Collect from the club shop',
      description: 'Ready the next working day',
      provider: { name: 'Club Shop', logo: 'https://static.example/shop/logo.png' },
      entries: [{ id: 'club-shop', address: 'Club shop, Arena Way, Leeds LS1 1AA' }],
      totalPrice: gbp(0),
    },
  ],
  discounts: [
    {
      id: 'shop-spend100',
      kind: 'basket-min-total',
      title: 'Spend 100, save 5',
      code: 'SPEND100',
      description: '5.00 off club shop orders of 100.00 or more',
      minTotal: 10000,
      amountOff: 500,
    },
  ],
};

export const tourTerms: ProviderTerms = {
  providerId: 'tsl:tours',
  holdMinutes: 10,
  requiredCustomerDetails: ['Email', 'FirstName', 'LastName', 'PhoneNumber'],
  kioskIds: [],
  deliveryMethods: [
    {
      type: 'Digital',
      id: 'tsl-email',
      title: 'E-ticket by email',
      description: 'Sent as soon as you pay',
      totalPrice: gbp(0),
      alwaysIncluded: true,
    },
  ],
  discounts: [],
};

export const fnbTerms: ProviderTerms = {
  providerId: 'fnb:arena',
  holdMinutes: 15,
  requiredCustomerDetails: ['Email'],
  kioskIds: ['kiosk-north', 'kiosk-west'],
  deliveryMethods: [
    { type: 'KioskCollection', id: 'fnb-kiosk' },
    { type: 'InSeat', id: 'fnb-inseat' },
  ],
  discounts: [],
};

export const tickets = (count: number, price = 3500): TicketingLine => ({
  id: id('tix:arena', 'line1'),
  type: 'Ticketing',
  productId: matchId,
  deliveryMethodIdOptions: ['tix-mobile', 'tix-post'],
  sportsMatch: {
    matchDate: '2027-03-14T15:00:00.000Z' as Instant,
    competition: { name: 'Northern League', season: '2026/27', competitionType: 'League' },
    hostTeam: { id: 'lions', name: 'Leeds Lions', logoImageUrl: 'https://static.example/teams/lions.png' },
    opponentTeam: { id: 'yaks', name: 'York Yaks' },
  },
  tickets: Array.from({ length: count }, (_, i) => ({
    id: `ticket-${i + 1}`,
    providerSeatId: `N-A-${i + 1}`,
    seatCategory: 'Standard',
    tariff: 'Adult',
    section: 'North Stand',
    providerSectionId: 'tix:arena|d47f078166936792a9ef1c40',
    row: 'A',
    seat: String(i + 1),
    price: gbp(price),
  })),
});

export const shirts = (quantity: number, size: 's' | 'm' = 'm', tag = 'shirt'): VariableProductLine => ({
  id: id('shop', tag),
  type: 'VariableProduct',
  productId: shirtId,
  deliveryMethodIdOptions: ['shop-post', 'shop-collect'],
  quantity,
  unitPrice: gbp(6000),
  variant: {
    id: `home-shirt-${size}`,
    name: `Home shirt, size ${size.toUpperCase()}`,
    sku: `HS27-${size.toUpperCase()}`,
    imageUrl: `https://static.example/shop/home-shirt-${size}.jpg`,
  },
});

export const scarves = (quantity: number): VariableProductLine => ({
  id: id('shop', 'scarf'),
  type: 'VariableProduct',
  productId: scarfId,
  deliveryMethodIdOptions: ['shop-post', 'shop-collect'],
  quantity,
  unitPrice: gbp(1500),
  variant: {
    id: 'scarf-one-size',
    name: 'Club scarf',
    sku: 'SCARF-1',
    imageUrl: 'https://static.example/shop/scarf.jpg',
  },
});

export const tourPlaces = (quantity: number): TimeSlotLine => ({
  id: id('tsl:tours', 'adult'),
  type: 'TimeSlot',
  productId: tourId,
  deliveryMethodIdOptions: ['tsl-email'],
  quantity,
  unitPrice: gbp(1800),
  tariffId: 'tsl:tours|29900a9895892b492bdfb801' as ProviderIdentity,
  tariffName: 'Adult',
  rateId: 'tsl:tours|64b47d3a61c49aee86035d6e' as ProviderIdentity,
  timeSlotId: 'tsl:tours|5664ed686977667429c0cad2' as ProviderIdentity,
  productName: 'Stadium tour',
});

export const pies = (quantity: number): Line => ({
  id: id('fnb:arena', 'pie'),
  type: 'Consumable',
  productId: pieId,
  deliveryMethodIdOptions: ['fnb-kiosk', 'fnb-inseat'],
  quantity,
  unitPrice: gbp(1250),
  title: 'Pie and a pint',
  productGroupId: 'hot-food',
  description: 'Steak pie with a pint of bitter',
  allergens: 'gluten, celery, sulphites',
  calories: 980,
  image: 'https://static.example/fnb/pie-pint.jpg',
});

export const posted: DeliveryMethodSelection = {
  type: 'Address',
  id: 'tix-post',
  addressEntryId: 'box-office',
};
export const shopPost: DeliveryMethodSelection = {
  type: 'Address',
  id: 'shop-post',
  address: { StreetLine1: '1 Arena Way', City: 'Leeds', CountryCode: 'GB', PostalCode: 'LS1 1AA' },
};
export const shopCollect: DeliveryMethodSelection = {
  type: 'Address',
  id: 'shop-collect',
  addressEntryId: 'club-shop',
};

export const shirt10: BasketVoucher = {
  code: 'SHIRT10',
  name: '10.00 off a size M home shirt',
  productId: shirtId,
  variantId: 'home-shirt-m',
  voucherPrice: 5000,
};

export const providerBasket = (
  terms: ProviderTerms,
  lines: ReadonlyArray<Line>,
  selections: ReadonlyArray<DeliveryMethodSelection> = [],
  holdsRestartedAt: Instant = at('18:00:00'),
): ProviderBasketState => ({
  id: id(terms.providerId, 'basket'),
  terms,
  lines,
  selections,
  holdsRestartedAt,
  confirmed: false,
});

export const basket = (
  providerBaskets: ReadonlyArray<ProviderBasketState>,
  extra: Partial<ExistingBasket> = {},
): ExistingBasket => ({
  status: 'open',
  id: '0191f3c2-8e4b-7a10-9c3d-0000000000ba',
  storeId: 'arena-web',
  currency: { code: 'GBP', precision: 2 },
  created: at('18:00:00'),
  updated: at('18:00:00'),
  providerBaskets,
  customerDetails: [],
  vouchers: [],
  ...extra,
});

/** A moment before any fixture's holds run out. */
export const now = at('18:05:00');
