// The wire layer, a leaf of core: io-ts codecs of the interface's resources and request bodies, and
// the views that map basket and payment intent state to those resources. It may import the domain;
// nothing outside wire/ imports it (scripts/check-dependencies.mjs).
// Naming: a codec and its decoded type share a name (`Basket`, `Instant`), as is usual with io-ts;
// the money and catalog codecs carry a `C` (`MoneyC`, `CatalogC`) beside their hand-written types.
export * from './basket';
export { basketView, type PaymentComponents, paymentComponents, visibleBasket } from './basket-view';
export * from './event-listing';
export {
  ConsumableLineItem,
  LineItem,
  LineItemType,
  ProviderDiscount,
  TicketingEventType,
  TicketingLineItem,
  TicketingType,
  TimeSlotLineItem,
  VariableProductLineItem,
  VariableProductVariant,
} from './line-item';
export * from './line-item-feature';
export { lineItemView } from './line-item-view';
export * from './notification';
export { PaymentIntent, PaymentIntentStateMachine } from './payment-intent';
export { paymentIntentView } from './payment-intent-view';
export * from './problem';
export * from './requests';
