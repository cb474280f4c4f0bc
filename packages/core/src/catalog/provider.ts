import * as t from 'io-ts';
import { refine, struct } from '../primitives/combinators';
import { NonEmptyString, NonNegativeInt32 } from '../primitives/scalars';
import { CustomerDetailFieldType } from '../values/customer-details';
import { AddressEntry, DeliveryMethodProvider } from '../values/delivery';
import { CatalogDiscount } from '../values/discount';
import { CatalogProduct } from './product';

const PROVIDER_ID = /^[a-z0-9]{1,5}(:[a-z0-9]{1,12})?$/;

/** A provider's id: the part of its ProviderIdentities before `|` (C-7.2). */
export const CatalogProviderId = refine(
  t.string,
  (id) => PROVIDER_ID.test(id),
  'CatalogProviderId',
  "expected a provider id '<1 to 5 lowercase letters or digits>' optionally followed by ':<1 to 12 more>'",
);

export const CatalogKiosk = struct({ id: NonEmptyString, name: NonEmptyString }, {}, 'CatalogKiosk');
export type CatalogKiosk = t.TypeOf<typeof CatalogKiosk>;

const methodFields = { id: NonEmptyString };
const describedMethodFields = {
  ...methodFields,
  title: t.string,
  description: t.string,
  totalPrice: NonNegativeInt32,
};

/** The interface's DeliveryMethod variants, with `totalPrice` in minor units. */
export const CatalogDeliveryMethod = t.union(
  [
    struct(
      {
        type: t.literal('Address'),
        ...describedMethodFields,
        provider: DeliveryMethodProvider,
        entries: t.array(AddressEntry),
      },
      {},
      'CatalogAddressDeliveryMethod',
    ),
    struct(
      { type: t.literal('Digital'), ...describedMethodFields, alwaysIncluded: t.boolean },
      {},
      'CatalogDigitalDeliveryMethod',
    ),
    struct(
      { type: t.literal('KioskCollection'), ...methodFields },
      {},
      'CatalogKioskCollectionDeliveryMethod',
    ),
    struct({ type: t.literal('InSeat'), ...methodFields }, {}, 'CatalogInSeatDeliveryMethod'),
  ],
  'CatalogDeliveryMethod',
);
export type CatalogDeliveryMethod = t.TypeOf<typeof CatalogDeliveryMethod>;

/** The provider's answer to every payment intent (C-8.2). */
export const CatalogConfirmation = t.keyof({ accept: null, refuse: null }, 'CatalogConfirmation');
export type CatalogConfirmation = t.TypeOf<typeof CatalogConfirmation>;

/**
 * Minutes a provider basket's holds last (C-7.8): more than 0, up to a week. A fraction is a part
 * of a minute (0.25: 15 s), for simulations of abandoned baskets; whole minutes are the usual case.
 */
export const HoldMinutes = refine(
  t.number,
  (n) => Number.isFinite(n) && n > 0 && n <= 7 * 24 * 60,
  'HoldMinutes',
  'expected a number of minutes above 0, at most 10080',
);

export const CatalogProvider = struct(
  {
    id: CatalogProviderId,
    name: NonEmptyString,
    holdMinutes: HoldMinutes,
    requiredCustomerDetails: t.array(CustomerDetailFieldType),
    kiosks: t.array(CatalogKiosk),
    deliveryMethods: t.array(CatalogDeliveryMethod),
    discounts: t.array(CatalogDiscount),
    confirm: CatalogConfirmation,
    products: t.array(CatalogProduct),
  },
  {},
  'CatalogProvider',
);
export type CatalogProvider = t.TypeOf<typeof CatalogProvider>;

export { CatalogDiscount } from '../values/discount';
