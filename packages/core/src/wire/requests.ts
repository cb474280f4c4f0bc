import * as t from 'io-ts';
import { refine, struct } from '../primitives/combinators';
import {
  charactersBetween,
  int32AtLeast,
  int32Between,
  jsonObject,
  NonEmptyString,
  ProviderIdentity,
} from '../primitives/scalars';
import { CustomerDetailFieldValue } from '../values/customer-details';
import { DeliveryMethodSelection } from '../values/delivery';

/** The units one request may add or set on a line: 1 to 99 (C-7.3, C-7.7). */
export const LineQuantity = int32Between(1, 99);

/** Endpoint 5: an optional free-form object handed to the payment provider. */
export const CreatePaymentIntentRequest = jsonObject('CreatePaymentIntentRequest');
export type CreatePaymentIntentRequest = t.TypeOf<typeof CreatePaymentIntentRequest>;

/** Endpoint 7. */
export const AddProductToBasketRequest = struct(
  { quantity: LineQuantity },
  {
    crossSoldFromProductId: ProviderIdentity,
    crossSoldFromLineItemId: ProviderIdentity,
    productGroupId: NonEmptyString,
    kioskId: NonEmptyString,
    timestreamId: NonEmptyString,
    productVariantId: NonEmptyString,
    currency: t.string,
    subscriptionKey: t.string,
    subscriptionUpgradeId: t.string,
    subscriptionRenewId: t.string,
  },
  'AddProductToBasketRequest',
);
export type AddProductToBasketRequest = t.TypeOf<typeof AddProductToBasketRequest>;

export const RateSelection = struct(
  { rateId: ProviderIdentity, quantity: int32AtLeast(1) },
  {},
  'RateSelection',
);
export type RateSelection = t.TypeOf<typeof RateSelection>;

export const SeatSelection = struct(
  { rateId: ProviderIdentity, seatId: NonEmptyString },
  {},
  'SeatSelection',
);
export type SeatSelection = t.TypeOf<typeof SeatSelection>;

/**
 * An array of `codec` in which no two entries have the same `keyOf`: a second one is a malformed
 * request (C-1.6), not a business outcome, and the 400 names the array.
 */
const uniqueBy = <C extends t.Mixed>(
  codec: C,
  keyOf: (a: t.TypeOf<C>) => string,
  name: string,
  message: string,
) => refine(t.array(codec), (values) => new Set(values.map(keyOf)).size === values.length, name, message);

/** Endpoint 8: automatic (`rates`) or manual (`seats`) selection, exactly one of them, not empty (C-7.5). */
export const SelectSeatsRequest = refine(
  struct(
    {},
    {
      rates: t.array(RateSelection),
      seats: uniqueBy(SeatSelection, (seat) => seat.seatId, 'Seats', 'each seat may be asked for once'),
    },
    'SelectSeatsRequest',
  ),
  ({ rates, seats }) =>
    rates === undefined ? seats !== undefined && seats.length > 0 : seats === undefined && rates.length > 0,
  'SelectSeatsRequest',
  'exactly one of rates and seats is required, with at least one entry',
);
export type SelectSeatsRequest = t.TypeOf<typeof SelectSeatsRequest>;

export const TimeSlotRateQuantity = struct(
  { rateId: ProviderIdentity, quantity: int32AtLeast(0) },
  {},
  'TimeSlotRateQuantity',
);
export type TimeSlotRateQuantity = t.TypeOf<typeof TimeSlotRateQuantity>;

/** Endpoint 9: rates whose quantities are all 0 select nothing, a 400 (C-7.6). */
export const SelectTimeSlotRequest = struct(
  {
    timeSlotId: ProviderIdentity,
    rates: refine(
      uniqueBy(TimeSlotRateQuantity, (rate) => rate.rateId, 'TimeSlotRates', 'each rate may be named once'),
      (rates) => rates.some((rate) => rate.quantity > 0),
      'TimeSlotRates',
      'rates must ask for at least one place',
    ),
  },
  {},
  'SelectTimeSlotRequest',
);
export type SelectTimeSlotRequest = t.TypeOf<typeof SelectTimeSlotRequest>;

/**
 * Endpoint 11: polymorphic on `type`, whose only value is TimeSlot. `quantity`, when given, is
 * 1..99 like endpoint 12's (C-7.7): 0 is a 400 at once, not a Failed notification (C-1.6).
 */
export const UpdateLineItemRequest = struct(
  { type: t.literal('TimeSlot') },
  { quantity: LineQuantity },
  'UpdateLineItemRequest',
);
export type UpdateLineItemRequest = t.TypeOf<typeof UpdateLineItemRequest>;

/** Endpoint 12: optional in the interface, required in practice (C-7.7). */
export const UpdateLineItemQuantityRequest = struct(
  { quantity: LineQuantity },
  {},
  'UpdateLineItemQuantityRequest',
);
export type UpdateLineItemQuantityRequest = t.TypeOf<typeof UpdateLineItemQuantityRequest>;

/** Endpoint 13. */
export const SetDeliveryMethodRequest = struct(
  { deliveryMethod: DeliveryMethodSelection },
  {},
  'SetDeliveryMethodRequest',
);
export type SetDeliveryMethodRequest = t.TypeOf<typeof SetDeliveryMethodRequest>;

/** Endpoint 14: each field type once (C-7.12); two values of one type are ambiguous, a 400 (C-1.6). */
export const SetCustomerDetailsRequest = struct(
  {},
  {
    customerDetails: uniqueBy(
      CustomerDetailFieldValue,
      (detail) => detail.type,
      'CustomerDetails',
      'each customer detail type may be given once',
    ),
  },
  'SetCustomerDetailsRequest',
);
export type SetCustomerDetailsRequest = t.TypeOf<typeof SetCustomerDetailsRequest>;

/** Endpoints 15 and 16. */
export const VoucherRequest = struct({ voucherCode: NonEmptyString }, {}, 'VoucherRequest');
export type VoucherRequest = t.TypeOf<typeof VoucherRequest>;

/** Endpoint 17. */
export const UseSavedTokenRequest = struct(
  { paymentIntentId: NonEmptyString, tokenId: NonEmptyString },
  {},
  'UseSavedTokenRequest',
);
export type UseSavedTokenRequest = t.TypeOf<typeof UseSavedTokenRequest>;

const MAX_PATH_ID_LENGTH = 128;

/** A path id that is not a ProviderIdentity (basket, payment intent, notification): 1 to 128 characters (C-9.2). */
export const PathId = refine(
  t.string,
  (s) => charactersBetween(s, 1, MAX_PATH_ID_LENGTH),
  'PathId',
  `expected an id of 1 to ${MAX_PATH_ID_LENGTH} characters`,
);

/**
 * The path ids `productId`, `providerBasketId` and `lineItemId` (C-1.6). The ProviderIdentity pattern
 * allows at most 43 characters, well within C-9.2's limit of 128.
 */
export const PathProviderIdentity = ProviderIdentity;
