import * as t from 'io-ts';
import { struct } from '../primitives/combinators';
import { Instant } from '../primitives/instant';
import { Uuid } from '../primitives/scalars';
import { Problem } from './problem';

export const NotificationResponse = struct({ notificationId: Uuid }, {}, 'NotificationResponse');
export type NotificationResponse = t.TypeOf<typeof NotificationResponse>;

/** The 202 answer: the same shape as NotificationResponse, named apart as in the interface. */
export const AcceptedNotificationResponse = struct(
  { notificationId: Uuid },
  {},
  'AcceptedNotificationResponse',
);
export type AcceptedNotificationResponse = t.TypeOf<typeof AcceptedNotificationResponse>;

export const NotificationStatus = t.keyof(
  { Pending: null, Succeeded: null, Failed: null },
  'NotificationStatus',
);
export type NotificationStatus = t.TypeOf<typeof NotificationStatus>;

/** The interface's names of the operations that answer with a notification id. */
export const NotificationOperation = t.keyof(
  {
    assignContact: null,
    createPaymentIntent: null,
    deletePaymentIntent: null,
    addProductToBasket: null,
    selectSeats: null,
    selectTimeSlot: null,
    deleteLineItem: null,
    updateLineItem: null,
    updateLineItemQuantity: null,
    setProviderBasketDeliveryMethod: null,
    setCustomerDetails: null,
    addVoucherToBasket: null,
    removeVoucherFromBasket: null,
    /** Endpoint 17 (use saved payment token) is ordered through the basket's queue too. */
    useSavedPaymentToken: null,
  },
  'NotificationOperation',
);
export type NotificationOperation = t.TypeOf<typeof NotificationOperation>;

const common = { notificationId: Uuid, operation: NotificationOperation, basketId: Uuid, created: Instant };
/** Present on the notifications of createPaymentIntent and deletePaymentIntent (C-5.2). */
const optional = { paymentIntentId: Uuid };

export const PendingNotification = struct(
  { status: t.literal('Pending'), ...common },
  optional,
  'PendingNotification',
);
export const SucceededNotification = struct(
  { status: t.literal('Succeeded'), ...common, completed: Instant },
  optional,
  'SucceededNotification',
);
export const FailedNotification = struct(
  { status: t.literal('Failed'), ...common, completed: Instant, problem: Problem },
  optional,
  'FailedNotification',
);

/** A notification (C-5.2): `completed` exactly when no longer Pending, `problem` exactly when Failed. */
export const Notification = t.union(
  [PendingNotification, SucceededNotification, FailedNotification],
  'Notification',
);
export type Notification = t.TypeOf<typeof Notification>;
export type PendingNotification = t.TypeOf<typeof PendingNotification>;
export type SucceededNotification = t.TypeOf<typeof SucceededNotification>;
export type FailedNotification = t.TypeOf<typeof FailedNotification>;
