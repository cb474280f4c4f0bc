import type {
  AddProductToBasketRequest,
  CreatePaymentIntentRequest,
  SelectSeatsRequest,
  SelectTimeSlotRequest,
  SetCustomerDetailsRequest,
  SetDeliveryMethodRequest,
  UpdateLineItemQuantityRequest,
  UpdateLineItemRequest,
  UseSavedTokenRequest,
  VoucherRequest,
} from '@basket/core';
import type * as t from 'io-ts';

// Request bodies as a caller writes them: the encoded (wire) side of the core codecs, so ids and
// instants are plain strings. The service validates them (C-1.6) and answers 400 otherwise.

/** Endpoint 5. */
export type CreatePaymentIntentBody = t.OutputOf<typeof CreatePaymentIntentRequest>;
/** Endpoint 7. */
export type AddProductBody = t.OutputOf<typeof AddProductToBasketRequest>;
/** Endpoint 8. */
export type SelectSeatsBody = t.OutputOf<typeof SelectSeatsRequest>;
/** Endpoint 9. */
export type SelectTimeSlotBody = t.OutputOf<typeof SelectTimeSlotRequest>;
/** Endpoint 11. */
export type UpdateLineItemBody = t.OutputOf<typeof UpdateLineItemRequest>;
/** Endpoint 12. */
export type UpdateLineItemQuantityBody = t.OutputOf<typeof UpdateLineItemQuantityRequest>;
/** Endpoint 13. */
export type SetDeliveryMethodBody = t.OutputOf<typeof SetDeliveryMethodRequest>;
/** Endpoint 14. */
export type SetCustomerDetailsBody = t.OutputOf<typeof SetCustomerDetailsRequest>;
/** Endpoints 15 and 16. */
export type VoucherBody = t.OutputOf<typeof VoucherRequest>;
/** Endpoint 17. */
export type UseSavedTokenBody = t.OutputOf<typeof UseSavedTokenRequest>;
