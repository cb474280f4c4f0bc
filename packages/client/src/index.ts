// @basket/client: a typed, fetch-only client of the basket service (Node 20+ and browsers).
export { apiKeyOf } from './api-key';
export type { BasketHandle } from './basket';
export type { BasketClient } from './client';
export { createBasketClient } from './client';
export type {
  Accepted,
  Command,
  OptionalCommand,
  PaymentIntentAccepted,
  PaymentIntentCommand,
  Unchanged,
} from './command';
export type { RequestLine } from './errors';
export {
  BasketNetworkError,
  BasketProblemError,
  BasketResponseError,
  BasketTimeoutError,
  MissingETagError,
} from './errors';
export type {
  BasketClientOptions,
  CallOptions,
  RetryOptions,
  SettleOptions,
  TokenSource,
} from './options';
export type {
  AddProductBody,
  CreatePaymentIntentBody,
  SelectSeatsBody,
  SelectTimeSlotBody,
  SetCustomerDetailsBody,
  SetDeliveryMethodBody,
  UpdateLineItemBody,
  UpdateLineItemQuantityBody,
  UseSavedTokenBody,
  VoucherBody,
} from './requests';
