import * as t from 'io-ts';
import { struct } from '../primitives/combinators';
import { Instant } from '../primitives/instant';
import { int32AtLeast, NonEmptyString, NonNegativeInt32, ProviderIdentity } from '../primitives/scalars';
import { SportsMatch } from '../values/ticketing';

/** Amounts (minor units of the catalog's currency) and counts (stock, capacity, calories). */
export { NonNegativeInt32 };

const productFields = {
  id: ProviderIdentity,
  onSale: t.boolean,
  maxPerBasket: int32AtLeast(1),
  deliveryMethodIdOptions: t.array(NonEmptyString),
  crossSells: t.array(ProviderIdentity),
};

const pricesByCategory = t.record(t.string, NonNegativeInt32);

/**
 * A rate's price per seat category: every key a category, but `$comment`, which the catalog file
 * allows in any object (C-10.2) and which is dropped here as elsewhere.
 */
const CategoryPrices = new t.Type<t.TypeOf<typeof pricesByCategory>, t.OutputOf<typeof pricesByCategory>>(
  'CategoryPrices',
  pricesByCategory.is,
  (u, c) => {
    if (u === null || typeof u !== 'object' || Array.isArray(u) || !Object.hasOwn(u, '$comment')) {
      return pricesByCategory.validate(u, c);
    }
    const { $comment: _comment, ...prices } = u as Record<string, unknown>;
    return pricesByCategory.validate(prices, c);
  },
  pricesByCategory.encode,
);

/** A ticket rate: its tariff and its price per seat category. */
export const CatalogTicketRate = struct(
  { id: ProviderIdentity, tariff: NonEmptyString, prices: CategoryPrices },
  {},
  'CatalogTicketRate',
);
export type CatalogTicketRate = t.TypeOf<typeof CatalogTicketRate>;

export const CatalogSeatRow = struct(
  { row: NonEmptyString, seats: t.array(NonEmptyString) },
  {},
  'CatalogSeatRow',
);
export type CatalogSeatRow = t.TypeOf<typeof CatalogSeatRow>;

/** `id` is the ticket's providerSectionId, `name` its section, `category` its seatCategory. */
export const CatalogSection = struct(
  { id: ProviderIdentity, name: NonEmptyString, category: NonEmptyString, rows: t.array(CatalogSeatRow) },
  {},
  'CatalogSection',
);
export type CatalogSection = t.TypeOf<typeof CatalogSection>;

export const CatalogTicketingProduct = struct(
  {
    type: t.literal('Ticketing'),
    ...productFields,
    name: NonEmptyString,
    sportsMatch: SportsMatch,
    rates: t.array(CatalogTicketRate),
    sections: t.array(CatalogSection),
    soldSeats: t.array(NonEmptyString),
  },
  {},
  'CatalogTicketingProduct',
);
export type CatalogTicketingProduct = t.TypeOf<typeof CatalogTicketingProduct>;

export const CatalogConsumableProduct = struct(
  {
    type: t.literal('Consumable'),
    ...productFields,
    title: NonEmptyString,
    unitPrice: NonNegativeInt32,
    productGroupId: NonEmptyString,
    stock: NonNegativeInt32,
  },
  {
    description: t.string,
    allergens: t.string,
    calories: NonNegativeInt32,
    image: t.string,
    validUntil: Instant,
  },
  'CatalogConsumableProduct',
);
export type CatalogConsumableProduct = t.TypeOf<typeof CatalogConsumableProduct>;

export const CatalogTimeSlotRate = struct(
  { id: ProviderIdentity, tariffId: ProviderIdentity, tariffName: NonEmptyString, price: NonNegativeInt32 },
  {},
  'CatalogTimeSlotRate',
);
export type CatalogTimeSlotRate = t.TypeOf<typeof CatalogTimeSlotRate>;

export const CatalogTimeSlot = struct(
  { id: ProviderIdentity, start: Instant, capacity: NonNegativeInt32 },
  {},
  'CatalogTimeSlot',
);
export type CatalogTimeSlot = t.TypeOf<typeof CatalogTimeSlot>;

export const CatalogTimeSlotProduct = struct(
  {
    type: t.literal('TimeSlot'),
    ...productFields,
    productName: NonEmptyString,
    rates: t.array(CatalogTimeSlotRate),
    timeSlots: t.array(CatalogTimeSlot),
  },
  {},
  'CatalogTimeSlotProduct',
);
export type CatalogTimeSlotProduct = t.TypeOf<typeof CatalogTimeSlotProduct>;

export const CatalogVariant = struct(
  {
    id: NonEmptyString,
    name: NonEmptyString,
    sku: NonEmptyString,
    imageUrl: t.string,
    price: NonNegativeInt32,
    stock: NonNegativeInt32,
  },
  {},
  'CatalogVariant',
);
export type CatalogVariant = t.TypeOf<typeof CatalogVariant>;

export const CatalogVariableProduct = struct(
  {
    type: t.literal('VariableProduct'),
    ...productFields,
    title: NonEmptyString,
    variants: t.array(CatalogVariant),
  },
  {},
  'CatalogVariableProduct',
);
export type CatalogVariableProduct = t.TypeOf<typeof CatalogVariableProduct>;

export const CatalogProduct = t.union(
  [CatalogTicketingProduct, CatalogConsumableProduct, CatalogTimeSlotProduct, CatalogVariableProduct],
  'CatalogProduct',
);
export type CatalogProduct = t.TypeOf<typeof CatalogProduct>;
