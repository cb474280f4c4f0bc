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
import fc from 'fast-check';
import { arbitraryCustomerDetailFieldValue, arbitraryDeliveryMethodSelection } from './wire-delivery-details';
import { arbitraryFreeFormObject, arbitraryProviderIdentity } from './wire-primitives';

/* Arbitraries of the request bodies of every endpoint. */

const INT32_MAX = 2 ** 31 - 1;
const text = fc.string({ maxLength: 24 });
const nonEmptyText = fc.string({ minLength: 1, maxLength: 24 });

const lineQuantity = fc.integer({ min: 1, max: 99 });

export const arbitraryCreatePaymentIntentRequest: fc.Arbitrary<CreatePaymentIntentRequest> =
  arbitraryFreeFormObject;

export const arbitraryAddProductToBasketRequest: fc.Arbitrary<AddProductToBasketRequest> = fc.record(
  {
    quantity: lineQuantity,
    crossSoldFromProductId: arbitraryProviderIdentity(),
    crossSoldFromLineItemId: arbitraryProviderIdentity(),
    productGroupId: nonEmptyText,
    kioskId: nonEmptyText,
    timestreamId: nonEmptyText,
    productVariantId: nonEmptyText,
    currency: text,
    subscriptionKey: text,
    subscriptionUpgradeId: text,
    subscriptionRenewId: text,
  },
  { requiredKeys: ['quantity'] },
);

/** Automatic (`rates`) or manual (`seats`) selection, never both (C-7.5). */
export const arbitrarySelectSeatsRequest: fc.Arbitrary<SelectSeatsRequest> = fc.oneof(
  fc.record({
    rates: fc.array(
      fc.record({ rateId: arbitraryProviderIdentity(), quantity: fc.integer({ min: 1, max: INT32_MAX }) }),
      { minLength: 1, maxLength: 3 },
    ),
  }),
  fc.record({
    // Each seat once (C-1.6).
    seats: fc.uniqueArray(fc.record({ rateId: arbitraryProviderIdentity(), seatId: nonEmptyText }), {
      minLength: 1,
      maxLength: 3,
      selector: (seat) => seat.seatId,
    }),
  }),
);

/** Rates, each named once, of which at least one asks for a place (C-7.6). */
export const arbitrarySelectTimeSlotRequest: fc.Arbitrary<SelectTimeSlotRequest> = fc.record({
  timeSlotId: arbitraryProviderIdentity(),
  rates: fc
    .uniqueArray(fc.record({ rateId: arbitraryProviderIdentity(), quantity: fc.nat({ max: 99 }) }), {
      minLength: 1,
      maxLength: 3,
      selector: (rate) => rate.rateId,
    })
    .filter((rates) => rates.some((rate) => rate.quantity > 0)),
});

export const arbitraryUpdateLineItemRequest: fc.Arbitrary<UpdateLineItemRequest> = fc.record(
  { type: fc.constant('TimeSlot' as const), quantity: lineQuantity },
  { requiredKeys: ['type'] },
);

export const arbitraryUpdateLineItemQuantityRequest: fc.Arbitrary<UpdateLineItemQuantityRequest> = fc.record({
  quantity: lineQuantity,
});

export const arbitrarySetDeliveryMethodRequest: fc.Arbitrary<SetDeliveryMethodRequest> = fc.record({
  deliveryMethod: arbitraryDeliveryMethodSelection,
});

/** Each customer detail type once (C-7.12, C-1.6). */
export const arbitrarySetCustomerDetailsRequest: fc.Arbitrary<SetCustomerDetailsRequest> = fc.record(
  {
    customerDetails: fc.uniqueArray(arbitraryCustomerDetailFieldValue, {
      maxLength: 3,
      selector: (detail) => detail.type,
    }),
  },
  { requiredKeys: [] },
);

export const arbitraryVoucherRequest: fc.Arbitrary<VoucherRequest> = fc.record({ voucherCode: nonEmptyText });

export const arbitraryUseSavedTokenRequest: fc.Arbitrary<UseSavedTokenRequest> = fc.record({
  paymentIntentId: nonEmptyText,
  tokenId: nonEmptyText,
});
