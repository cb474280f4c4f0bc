import * as t from 'io-ts';
import { struct } from '../primitives/combinators';
import { Instant } from '../primitives/instant';
import { MoneyC } from '../primitives/money';
import { NonEmptyString, ProviderIdentity, Uuid } from '../primitives/scalars';
import { CustomerDetailField } from '../values/customer-details';
import { DeliveryMethod, DeliveryMethodSelection } from '../values/delivery';
import { LineItem, ProviderDiscount } from './line-item';

export const ProviderBasket = struct(
  {
    id: ProviderIdentity,
    totalPrice: MoneyC,
    lineItems: t.array(LineItem),
    deliveryMethods: t.array(DeliveryMethod),
    deliveryMethodSelections: t.array(DeliveryMethodSelection),
  },
  {
    expires: Instant,
    originalTotalPrice: MoneyC,
    totalProviderDiscounts: MoneyC,
    providerDiscounts: t.array(ProviderDiscount),
  },
  'ProviderBasket',
);
export type ProviderBasket = t.TypeOf<typeof ProviderBasket>;

/** A voucher on the basket; the prices are per unit (C-7.11). */
export const Voucher = struct(
  {
    name: t.string,
    code: t.string,
    productId: ProviderIdentity,
    variantId: t.string,
    originalPrice: MoneyC,
    voucherPrice: MoneyC,
    discountAmount: MoneyC,
  },
  {},
  'Voucher',
);
export type Voucher = t.TypeOf<typeof Voucher>;

export const Basket = struct(
  {
    id: Uuid,
    created: Instant,
    updated: Instant,
    providerBaskets: t.array(ProviderBasket),
    customerDetails: t.array(CustomerDetailField),
    totalPrice: MoneyC,
    deliveryTotalPrice: MoneyC,
    missingCustomerDetailFields: t.boolean,
    vouchers: t.array(Voucher),
  },
  {
    contactId: NonEmptyString,
    originalTotalPrice: MoneyC,
    totalProviderDiscounts: MoneyC,
    activePaymentIntentId: Uuid,
  },
  'Basket',
);
export type Basket = t.TypeOf<typeof Basket>;
