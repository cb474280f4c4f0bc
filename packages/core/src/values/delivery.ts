import * as t from 'io-ts';
import { refine, struct } from '../primitives/combinators';
import { Instant } from '../primitives/instant';
import { MoneyC } from '../primitives/money';
import { NonEmptyString } from '../primitives/scalars';
import { Address } from './address';

export const DeliveryMethodType = t.keyof(
  { Digital: null, Address: null, KioskCollection: null, InSeat: null },
  'DeliveryMethodType',
);
export type DeliveryMethodType = t.TypeOf<typeof DeliveryMethodType>;

export const AddressEntry = struct({ id: t.string, address: t.string }, {}, 'AddressEntry');
export type AddressEntry = t.TypeOf<typeof AddressEntry>;

export const DeliveryMethodProvider = struct(
  { name: t.string, logo: t.string },
  {},
  'DeliveryMethodProvider',
);
export type DeliveryMethodProvider = t.TypeOf<typeof DeliveryMethodProvider>;

export const AddressDeliveryMethod = struct(
  {
    type: t.literal('Address'),
    id: t.string,
    title: t.string,
    description: t.string,
    provider: DeliveryMethodProvider,
    entries: t.array(AddressEntry),
    totalPrice: MoneyC,
  },
  {},
  'AddressDeliveryMethod',
);
export type AddressDeliveryMethod = t.TypeOf<typeof AddressDeliveryMethod>;

/** `alwaysIncluded: true` makes the method count as selected without a selection (C-7.9). */
export const DigitalDeliveryMethod = struct(
  {
    type: t.literal('Digital'),
    id: t.string,
    title: t.string,
    description: t.string,
    totalPrice: MoneyC,
    alwaysIncluded: t.boolean,
  },
  {},
  'DigitalDeliveryMethod',
);
export type DigitalDeliveryMethod = t.TypeOf<typeof DigitalDeliveryMethod>;

export const KioskCollectionDeliveryMethod = struct(
  { type: t.literal('KioskCollection'), id: t.string },
  {},
  'KioskCollectionDeliveryMethod',
);
export type KioskCollectionDeliveryMethod = t.TypeOf<typeof KioskCollectionDeliveryMethod>;

export const InSeatDeliveryMethod = struct(
  { type: t.literal('InSeat'), id: t.string },
  {},
  'InSeatDeliveryMethod',
);
export type InSeatDeliveryMethod = t.TypeOf<typeof InSeatDeliveryMethod>;

export const DeliveryMethod = t.union(
  [AddressDeliveryMethod, DigitalDeliveryMethod, KioskCollectionDeliveryMethod, InSeatDeliveryMethod],
  'DeliveryMethod',
);
export type DeliveryMethod = t.TypeOf<typeof DeliveryMethod>;

const collectionFields = {
  id: NonEmptyString,
  kioskId: NonEmptyString,
  collectionTime: Instant,
  collectionId: NonEmptyString,
  seatId: NonEmptyString,
};

export const KioskCollectionSelection = struct(
  { type: t.literal('KioskCollection'), ...collectionFields },
  {},
  'KioskCollectionSelection',
);
export type KioskCollectionSelection = t.TypeOf<typeof KioskCollectionSelection>;

export const InSeatSelection = struct(
  { type: t.literal('InSeat'), ...collectionFields },
  {},
  'InSeatSelection',
);
export type InSeatSelection = t.TypeOf<typeof InSeatSelection>;

/** Either an existing entry of the method or a new address: exactly one of the two (C-7.9). */
export const AddressSelection = refine(
  struct(
    { type: t.literal('Address'), id: NonEmptyString },
    { addressEntryId: NonEmptyString, address: Address },
    'AddressSelection',
  ),
  (selection) => (selection.addressEntryId === undefined) !== (selection.address === undefined),
  'AddressSelection',
  'exactly one of addressEntryId and address is required',
);
export type AddressSelection = t.TypeOf<typeof AddressSelection>;

export const DigitalSelection = struct(
  { type: t.literal('Digital'), id: NonEmptyString },
  {},
  'DigitalSelection',
);
export type DigitalSelection = t.TypeOf<typeof DigitalSelection>;

export const DeliveryMethodSelection = t.union(
  [KioskCollectionSelection, InSeatSelection, AddressSelection, DigitalSelection],
  'DeliveryMethodSelection',
);
export type DeliveryMethodSelection = t.TypeOf<typeof DeliveryMethodSelection>;

/** What a delivery method costs: Address and Digital methods have a price, collection is free. */
export const deliveryPriceOf = (method: DeliveryMethod): number =>
  method.type === 'Address' || method.type === 'Digital' ? method.totalPrice.minorUnits : 0;
