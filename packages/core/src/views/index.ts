// Views: pricing of a basket as a pure function of its state (C-7.10). The mapping of state to the
// interface's resources (`basketView`, `lineItemView`, `paymentIntentView`) is in wire/.
export {
  type AppliedDiscount,
  type BasketPricing,
  type LinePricing,
  type ProviderBasketPricing,
  priceBasket,
  priceLine,
  priceProviderBasket,
  selectedDeliveryMethods,
  unitPriceOf,
  unitsByProduct,
  voucherPriceFor,
} from './totals';
