import * as t from 'io-ts';
import { MoneyC } from '../money';
import { AddressC } from './address';
import { refine, struct } from './combinators';
import { Instant } from './instant';
import { NonEmptyString } from './primitives';

export const DeliveryMethodType = t.keyof(
  { Digital: null, Address: null, KioskCollection: null, InSeat: null },
  'DeliveryMethodType',
);
export type DeliveryMethodType = t.TypeOf<typeof DeliveryMethodType>;

export const AddressEntryC = struct({ id: t.string, address: t.string }, {}, 'AddressEntry');
export type AddressEntry = t.TypeOf<typeof AddressEntryC>;

export const DeliveryMethodProviderC = struct({ name: t.string, logo: t.string }, {}, 'DeliveryMethodProvider');
export type DeliveryMethodProvider = t.TypeOf<typeof DeliveryMethodProviderC>;

export const AddressDeliveryMethodC = struct(
  {
    type: t.literal('Address'),
    id: t.string,
    title: t.string,
    description: t.string,
    provider: DeliveryMethodProviderC,
    entries: t.array(AddressEntryC),
    totalPrice: MoneyC,
  },
  {},
  'AddressDeliveryMethod',
);
export type AddressDeliveryMethod = t.TypeOf<typeof AddressDeliveryMethodC>;

/** `alwaysIncluded: true` makes the method count as selected without a selection (C-7.9). */
export const DigitalDeliveryMethodC = struct(
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
export type DigitalDeliveryMethod = t.TypeOf<typeof DigitalDeliveryMethodC>;

export const KioskCollectionDeliveryMethodC = struct(
  { type: t.literal('KioskCollection'), id: t.string },
  {},
  'KioskCollectionDeliveryMethod',
);
export type KioskCollectionDeliveryMethod = t.TypeOf<typeof KioskCollectionDeliveryMethodC>;

export const InSeatDeliveryMethodC = struct(
  { type: t.literal('InSeat'), id: t.string },
  {},
  'InSeatDeliveryMethod',
);
export type InSeatDeliveryMethod = t.TypeOf<typeof InSeatDeliveryMethodC>;

export const DeliveryMethodC = t.union(
  [AddressDeliveryMethodC, DigitalDeliveryMethodC, KioskCollectionDeliveryMethodC, InSeatDeliveryMethodC],
  'DeliveryMethod',
);
export type DeliveryMethod = t.TypeOf<typeof DeliveryMethodC>;

const collectionFields = {
  id: NonEmptyString,
  kioskId: NonEmptyString,
  collectionTime: Instant,
  collectionId: NonEmptyString,
  seatId: NonEmptyString,
};

export const KioskCollectionSelectionC = struct(
  { type: t.literal('KioskCollection'), ...collectionFields },
  {},
  'KioskCollectionSelection',
);
export type KioskCollectionSelection = t.TypeOf<typeof KioskCollectionSelectionC>;

export const InSeatSelectionC = struct({ type: t.literal('InSeat'), ...collectionFields }, {}, 'InSeatSelection');
export type InSeatSelection = t.TypeOf<typeof InSeatSelectionC>;

/** Either an existing entry of the method or a new address: exactly one of the two (C-7.9). */
export const AddressSelectionC = refine(
  struct(
    { type: t.literal('Address'), id: NonEmptyString },
    { addressEntryId: NonEmptyString, address: AddressC },
    'AddressSelection',
  ),
  (selection) => (selection.addressEntryId === undefined) !== (selection.address === undefined),
  'AddressSelection',
  'exactly one of addressEntryId and address is required',
);
export type AddressSelection = t.TypeOf<typeof AddressSelectionC>;

export const DigitalSelectionC = struct({ type: t.literal('Digital'), id: NonEmptyString }, {}, 'DigitalSelection');
export type DigitalSelection = t.TypeOf<typeof DigitalSelectionC>;

export const DeliveryMethodSelectionC = t.union(
  [KioskCollectionSelectionC, InSeatSelectionC, AddressSelectionC, DigitalSelectionC],
  'DeliveryMethodSelection',
);
export type DeliveryMethodSelection = t.TypeOf<typeof DeliveryMethodSelectionC>;
