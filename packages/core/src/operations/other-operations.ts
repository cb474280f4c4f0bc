import {
  AcceptedNotificationResponse,
  Notification,
  NotificationResponse,
  SetCustomerDetailsRequest,
  UseSavedTokenRequest,
  VoucherRequest,
} from '../wire';
import type { Operation } from './operation';

const nothingToChange = { status: 204, description: 'Nothing to change (C-4.1); no body.' } as const;
const notification = {
  status: 200,
  codec: NotificationResponse,
  description: 'Accepted: poll the notification.',
} as const;

/** Operations 14 to 17 of the interface and the notification read of C-4.4 / C-5.2. */
export const otherOperations = {
  setCustomerDetails: {
    method: 'PATCH',
    path: '/baskets/{id}/set-customer-details',
    tag: 'Baskets',
    summary: 'Set customer details',
    description: 'Values are stored, never answered (C-7.12); a field without `value` clears it.',
    modifying: true,
    ifMatch: true,
    etag: false,
    request: {
      codec: SetCustomerDetailsRequest,
      // Interface row 14: customerDetails is optional, and so is the body (no body: nothing to change).
      required: false,
      description: 'The values to set; without a body (or without customerDetails) nothing changes (204).',
    },
    responses: [
      { status: 202, codec: AcceptedNotificationResponse, description: 'Accepted: poll the notification.' },
      nothingToChange,
    ],
    errors: [403, 409, 412],
  },
  addVoucherToBasket: {
    method: 'POST',
    path: '/baskets/{id}/voucher',
    tag: 'Baskets',
    summary: 'Add a voucher',
    description: 'C-7.11; a code already on the basket is a 204 (C-4.1).',
    modifying: true,
    ifMatch: true,
    etag: false,
    request: { codec: VoucherRequest, required: true, description: 'The voucher code.' },
    responses: [notification, nothingToChange],
    errors: [403, 409, 412],
  },
  removeVoucherFromBasket: {
    method: 'DELETE',
    path: '/baskets/{id}/voucher',
    tag: 'Baskets',
    summary: 'Remove a voucher',
    description: 'A body is required on this DELETE; a code not on the basket is a 204 (C-4.1).',
    modifying: true,
    ifMatch: true,
    etag: false,
    request: { codec: VoucherRequest, required: true, description: 'The voucher code.' },
    responses: [notification, nothingToChange],
    errors: [403, 409, 412],
  },
  useSavedPaymentToken: {
    method: 'POST',
    path: '/psp/tokens/use-existing',
    tag: 'Checkout',
    summary: 'Pay a payment intent with a saved token',
    description:
      "Synchronous (C-4.3): 204 when paid, 402 when declined (the intent can be paid again). The token's `sub` " +
      'is the paying contact (C-2.7).',
    modifying: true,
    ifMatch: false,
    etag: false,
    waitsForOutcome: true,
    request: { codec: UseSavedTokenRequest, required: true, description: 'The intent and the saved token.' },
    responses: [{ status: 204, description: 'Paid; no body.' }],
    errors: [402, 403, 404, 409],
  },
  getNotification: {
    method: 'GET',
    path: '/notifications/{notificationId}',
    tag: 'Notifications',
    summary: 'Read the outcome of an accepted command',
    description:
      '`?waitMs=N` (0..30000) holds the answer until the notification is no longer Pending or N ms pass (C-5.2). ' +
      'The notifications of a basket assigned to a contact are readable only by that contact: others get 403, as for the basket (C-2.5).',
    query: 'waitMs',
    modifying: false,
    ifMatch: false,
    etag: false,
    responses: [{ status: 200, codec: Notification, description: 'The notification.' }],
    errors: [403],
  },
} as const satisfies Record<string, Operation>;
