import * as t from 'io-ts';
import { Instant } from '../primitives/instant';
import { CurrencyC } from '../primitives/money';
import { NonEmptyString, ProviderIdentity } from '../primitives/scalars';
import { CustomerDetailFieldValue } from '../values/customer-details';
import { DeliveryMethodSelection } from '../values/delivery';

/**
 * Every basket command says when it happens (`at`) and brings the fresh id suffixes it may need for
 * new provider baskets and lines (`freshIds`: 24 lowercase alphanumerics each), so that deciding
 * needs no clock and no randomness.
 */
const command = <T extends string, P extends t.Props>(type: T, props: P) =>
  t.type({ type: t.literal(type), basketId: t.string, at: Instant, ...props }, type);

/** A command with optional fields besides its required ones. */
const commandWith = <T extends string, P extends t.Props, O extends t.Props>(
  type: T,
  props: P,
  optional: O,
) => t.intersection([command(type, props), t.partial(optional)], type);

const FreshIds = t.readonlyArray(t.string);
const RateQuantity = t.type({ rateId: ProviderIdentity, quantity: t.number });
const RateSeat = t.type({ rateId: ProviderIdentity, seatId: NonEmptyString });

export const CreateBasket = command('CreateBasket', { storeId: t.string, currency: CurrencyC });
export const DeleteBasket = command('DeleteBasket', {});
export const AssignContact = command('AssignContact', { contactId: t.string });
export const AddProduct = commandWith(
  'AddProduct',
  { productId: ProviderIdentity, quantity: t.number, freshIds: FreshIds },
  {
    crossSoldFromProductId: ProviderIdentity,
    crossSoldFromLineItemId: ProviderIdentity,
    productGroupId: t.string,
    kioskId: t.string,
    timestreamId: t.string,
    productVariantId: t.string,
    currency: t.string,
  },
);
export const SelectSeats = commandWith(
  'SelectSeats',
  { productId: ProviderIdentity, freshIds: FreshIds },
  { rates: t.readonlyArray(RateQuantity), seats: t.readonlyArray(RateSeat) },
);
export const SelectTimeSlot = command('SelectTimeSlot', {
  productId: ProviderIdentity,
  timeSlotId: ProviderIdentity,
  rates: t.readonlyArray(RateQuantity),
  freshIds: FreshIds,
});
export const DeleteLineItem = command('DeleteLineItem', {
  providerBasketId: ProviderIdentity,
  lineItemId: ProviderIdentity,
});
/** updateLineItem (type TimeSlot): a missing quantity changes nothing. */
export const UpdateTimeSlotLine = commandWith(
  'UpdateTimeSlotLine',
  { providerBasketId: ProviderIdentity, lineItemId: ProviderIdentity },
  { quantity: t.number },
);
export const UpdateLineItemQuantity = command('UpdateLineItemQuantity', {
  providerBasketId: ProviderIdentity,
  lineItemId: ProviderIdentity,
  quantity: t.number,
});
export const SetDeliveryMethod = command('SetDeliveryMethod', {
  providerBasketId: ProviderIdentity,
  selection: DeliveryMethodSelection,
});
export const SetCustomerDetails = command('SetCustomerDetails', {
  customerDetails: t.readonlyArray(CustomerDetailFieldValue),
});
export const AddVoucher = command('AddVoucher', { voucherCode: t.string });
export const RemoveVoucher = command('RemoveVoucher', { voucherCode: t.string });
/** Removes the lines of provider baskets whose holds ran out (C-7.8); a sweeper may send it. */
export const ExpireHolds = command('ExpireHolds', {});
/** The payment saga locks the basket for an intent (C-8.1 preconditions, C-8.3). */
export const LockForPayment = command('LockForPayment', { paymentIntentId: t.string });
export const ConfirmProviderBasket = command('ConfirmProviderBasket', {
  paymentIntentId: t.string,
  providerBasketId: ProviderIdentity,
});
export const UnlockAfterPayment = commandWith(
  'UnlockAfterPayment',
  { paymentIntentId: t.string, reason: t.keyof({ cancelled: null, 'provider-refused': null }) },
  // Provider baskets whose holds the unlock leaves running: the store refused to restart them, as
  // the catalog no longer has room for what they hold (docs/decisions.md).
  { notRestarted: t.readonlyArray(ProviderIdentity) },
);
export const CheckOut = command('CheckOut', { paymentIntentId: t.string });

export const BasketCommand = t.union(
  [
    CreateBasket,
    DeleteBasket,
    AssignContact,
    AddProduct,
    SelectSeats,
    SelectTimeSlot,
    DeleteLineItem,
    UpdateTimeSlotLine,
    UpdateLineItemQuantity,
    SetDeliveryMethod,
    SetCustomerDetails,
    AddVoucher,
    RemoveVoucher,
    ExpireHolds,
    LockForPayment,
    ConfirmProviderBasket,
    UnlockAfterPayment,
    CheckOut,
  ],
  'BasketCommand',
);
export type BasketCommand = t.TypeOf<typeof BasketCommand>;
export type BasketCommandType = BasketCommand['type'];
export type BasketCommandOf<T extends BasketCommandType> = Extract<BasketCommand, { type: T }>;
