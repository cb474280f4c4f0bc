import * as t from 'io-ts';
import { Instant } from '../primitives/instant';
import { CurrencyC } from '../primitives/money';
import { ProviderIdentity } from '../primitives/scalars';
import { CustomerDetailFieldValue } from '../values/customer-details';
import { DeliveryMethodSelection } from '../values/delivery';
import { Ticket } from '../values/ticketing';
import { Line } from './line';
import { BasketVoucher, ProviderTerms } from './state';

const event = <T extends string, P extends t.Props>(type: T, props: P) =>
  t.type({ type: t.literal(type), at: Instant, ...props }, type);

/** An event with optional fields besides its required ones. */
const eventWith = <T extends string, P extends t.Props, O extends t.Props>(type: T, props: P, optional: O) =>
  t.intersection([event(type, props), t.partial(optional)], type);

export const BasketCreated = event('BasketCreated', {
  basketId: t.string,
  storeId: t.string,
  currency: CurrencyC,
});
export const BasketDeleted = event('BasketDeleted', {});
export const ContactAssigned = event('ContactAssigned', { contactId: t.string });
export const ProviderBasketOpened = event('ProviderBasketOpened', {
  providerBasketId: ProviderIdentity,
  terms: ProviderTerms,
});
export const ProviderBasketClosed = event('ProviderBasketClosed', { providerBasketId: ProviderIdentity });
export const LineItemAdded = event('LineItemAdded', { providerBasketId: ProviderIdentity, line: Line });
export const LineItemQuantityChanged = event('LineItemQuantityChanged', {
  providerBasketId: ProviderIdentity,
  lineItemId: ProviderIdentity,
  quantity: t.number,
});
export const TicketsReplaced = event('TicketsReplaced', {
  providerBasketId: ProviderIdentity,
  lineItemId: ProviderIdentity,
  tickets: t.readonlyArray(Ticket),
});
export const LineItemRemoved = event('LineItemRemoved', {
  providerBasketId: ProviderIdentity,
  lineItemId: ProviderIdentity,
  /** `cross-sell-parent-expired`: its parent's hold ran out (C-7.4, C-7.8); it restarts no hold. */
  reason: t.keyof({
    deleted: null,
    replaced: null,
    'cross-sell-parent-removed': null,
    'cross-sell-parent-expired': null,
  }),
});
/** Its holds ran out (C-7.8): every line of the provider basket is gone with it. */
export const ProviderBasketExpired = event('ProviderBasketExpired', { providerBasketId: ProviderIdentity });
export const DeliveryMethodSelected = event('DeliveryMethodSelected', {
  providerBasketId: ProviderIdentity,
  selection: DeliveryMethodSelection,
});
/**
 * A selection dropped by the service, not by a request: an InSeat selection whose seat is no longer
 * a ticket of the basket (C-7.9; its ticket was removed, replaced or expired).
 */
export const DeliveryMethodDeselected = event('DeliveryMethodDeselected', {
  providerBasketId: ProviderIdentity,
  deliveryMethodId: t.string,
  reason: t.keyof({ 'seat-not-in-basket': null }),
});
export const CustomerDetailsSet = event('CustomerDetailsSet', {
  customerDetails: t.readonlyArray(CustomerDetailFieldValue),
});
export const VoucherAdded = event('VoucherAdded', { voucher: BasketVoucher });
/** Version 2 (`voucherCode`, named as the commands name a voucher); version 1 had `code` (event-schema.ts). */
export const VoucherRemoved = event('VoucherRemoved', {
  voucherCode: t.string,
  reason: t.keyof({ requested: null, 'no-matching-line': null }),
});
export const BasketLocked = event('BasketLocked', { paymentIntentId: t.string });
export const ProviderBasketConfirmed = event('ProviderBasketConfirmed', {
  paymentIntentId: t.string,
  providerBasketId: ProviderIdentity,
});
export const BasketUnlocked = eventWith(
  'BasketUnlocked',
  { paymentIntentId: t.string, reason: t.keyof({ cancelled: null, 'provider-refused': null }) },
  // The provider baskets whose holds are not restarted (the catalog no longer has room for what
  // they hold): they run out when they would have. Absent: every provider basket's restarts.
  { notRestarted: t.readonlyArray(ProviderIdentity) },
);
export const BasketCheckedOut = event('BasketCheckedOut', { paymentIntentId: t.string });

export const BasketEvent = t.union(
  [
    BasketCreated,
    BasketDeleted,
    ContactAssigned,
    ProviderBasketOpened,
    ProviderBasketClosed,
    LineItemAdded,
    LineItemQuantityChanged,
    TicketsReplaced,
    LineItemRemoved,
    ProviderBasketExpired,
    DeliveryMethodSelected,
    DeliveryMethodDeselected,
    CustomerDetailsSet,
    VoucherAdded,
    VoucherRemoved,
    BasketLocked,
    ProviderBasketConfirmed,
    BasketUnlocked,
    BasketCheckedOut,
  ],
  'BasketEvent',
);
export type BasketEvent = t.TypeOf<typeof BasketEvent>;
export type BasketEventType = BasketEvent['type'];
export type BasketEventOf<T extends BasketEventType> = Extract<BasketEvent, { type: T }>;
