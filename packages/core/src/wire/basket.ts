import * as t from 'io-ts';
import { MoneyC } from '../money';
import { struct } from './combinators';
import { CustomerDetailFieldC } from './customer-details';
import { DeliveryMethodC, DeliveryMethodSelectionC } from './delivery';
import { Instant } from './instant';
import { LineItemC, ProviderDiscountC } from './line-item';
import { NonEmptyString, ProviderIdentity, Uuid } from './primitives';

export const ProviderBasketC = struct(
  {
    id: ProviderIdentity,
    totalPrice: MoneyC,
    lineItems: t.array(LineItemC),
    deliveryMethods: t.array(DeliveryMethodC),
    deliveryMethodSelections: t.array(DeliveryMethodSelectionC),
  },
  {
    expires: Instant,
    originalTotalPrice: MoneyC,
    totalProviderDiscounts: MoneyC,
    providerDiscounts: t.array(ProviderDiscountC),
  },
  'ProviderBasket',
);
export type ProviderBasket = t.TypeOf<typeof ProviderBasketC>;

/** A voucher on the basket; the prices are per unit (C-7.11). */
export const VoucherC = struct(
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
export type Voucher = t.TypeOf<typeof VoucherC>;

export const BasketC = struct(
  {
    id: Uuid,
    created: Instant,
    updated: Instant,
    providerBaskets: t.array(ProviderBasketC),
    customerDetails: t.array(CustomerDetailFieldC),
    totalPrice: MoneyC,
    deliveryTotalPrice: MoneyC,
    missingCustomerDetailFields: t.boolean,
    vouchers: t.array(VoucherC),
  },
  {
    contactId: NonEmptyString,
    originalTotalPrice: MoneyC,
    totalProviderDiscounts: MoneyC,
    activePaymentIntentId: Uuid,
  },
  'Basket',
);
export type Basket = t.TypeOf<typeof BasketC>;
