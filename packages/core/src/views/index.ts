// Views: the interface's Basket as a pure function of basket state and time (C-7.8, C-7.10).
export { basketView, type PaymentComponents, paymentComponents, visibleBasket } from './basket-view';
export { lineItemView } from './line-item-view';
export {
  type AppliedDiscount,
  type BasketPricing,
  grossOf,
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
