import * as t from 'io-ts';
import { Instant } from '../primitives/instant';
import type { EventSchema, Upcaster } from '../schema/stored-event';
import { BasketEvent, type BasketEventType } from './events';

/**
 * The current schema version of each basket event type. Bump a type's version whenever its stored
 * shape changes, keep its old codec below, and add the upcaster from the old version.
 */
export const basketEventVersions: Readonly<Record<BasketEventType, number>> = {
  BasketCreated: 1,
  BasketDeleted: 1,
  ContactAssigned: 1,
  ProviderBasketOpened: 1,
  ProviderBasketClosed: 1,
  LineItemAdded: 1,
  LineItemQuantityChanged: 1,
  TicketsReplaced: 1,
  LineItemRemoved: 1,
  ProviderBasketExpired: 1,
  DeliveryMethodSelected: 1,
  DeliveryMethodDeselected: 1,
  CustomerDetailsSet: 1,
  VoucherAdded: 1,
  VoucherRemoved: 2,
  BasketLocked: 1,
  ProviderBasketConfirmed: 1,
  BasketUnlocked: 1,
  BasketCheckedOut: 1,
};

/** Every basket event type (the keys of `basketEventVersions`, which the type checker holds to all). */
export const basketEventTypes = Object.keys(basketEventVersions) as ReadonlyArray<BasketEventType>;

/** VoucherRemoved as version 1 stored it: the voucher's code was `code`. */
export const VoucherRemovedV1 = t.type(
  {
    type: t.literal('VoucherRemoved'),
    at: Instant,
    code: t.string,
    reason: t.keyof({ requested: null, 'no-matching-line': null }),
  },
  'VoucherRemovedV1',
);
export type VoucherRemovedV1 = t.TypeOf<typeof VoucherRemovedV1>;

const voucherRemovedToV2: Upcaster = {
  type: 'VoucherRemoved',
  from: 1,
  change: 'code renamed voucherCode',
  up: ({ code, ...rest }) => ({ ...rest, voucherCode: code }),
};

/** The basket stream's storage contract (docs/architecture.md, "Events as a storage contract"). */
export const basketEventSchema: EventSchema<BasketEvent, t.OutputOf<typeof BasketEvent>> = {
  name: 'basket',
  codec: BasketEvent,
  versions: basketEventVersions,
  upcasters: [voucherRemovedToV2],
};
