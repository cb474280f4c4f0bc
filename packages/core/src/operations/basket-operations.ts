import {
  AcceptedNotificationResponse,
  Basket,
  CreatePaymentIntentRequest,
  EventListing,
  NotificationResponse,
  PaymentIntent,
} from '../wire';
import type { Operation } from './operation';

const notification = {
  status: 200,
  codec: NotificationResponse,
  description: 'Accepted: poll the notification.',
} as const;

/** Operations 1 to 6 of the interface and the basket reads of C-4.4. */
export const basketOperations = {
  createBasket: {
    method: 'POST',
    path: '/baskets',
    tag: 'Baskets',
    summary: 'Create a basket',
    description: "An empty basket in the store's currency (C-7.1), owned by the key's store (C-2.4).",
    modifying: true,
    ifMatch: false,
    etag: true,
    responses: [{ status: 200, codec: Basket, description: 'The new basket; its ETag is "1".' }],
    errors: [],
  },
  getBasket: {
    method: 'GET',
    path: '/baskets/{id}',
    tag: 'Baskets',
    summary: 'Read a basket',
    description:
      'The basket as it is now; expired holds are never shown (C-7.8). With `If-None-Match` naming the ' +
      'current ETag (or `*`), a 304 without a body, unless a hold has run out since that version.',
    modifying: false,
    ifMatch: false,
    etag: true,
    ifNoneMatch: true,
    responses: [
      { status: 200, codec: Basket, description: 'The basket, with `ETag: "<version>"` (C-6.1).' },
      {
        status: 304,
        description: '`If-None-Match` names the current version: the copy the client has is current.',
      },
    ],
    errors: [403],
  },
  deleteBasket: {
    method: 'DELETE',
    path: '/baskets/{id}',
    tag: 'Baskets',
    summary: 'Delete a basket',
    description:
      'Answers the basket as it was and releases its holds; afterwards the basket is 404 (C-7.14).',
    modifying: true,
    ifMatch: true,
    etag: true,
    responses: [{ status: 200, codec: Basket, description: 'The basket as it was before the deletion.' }],
    errors: [403, 409, 412],
  },
  assignContact: {
    method: 'PATCH',
    path: '/baskets/{id}/assign-contact',
    tag: 'Baskets',
    summary: "Assign the token's contact to the basket",
    description: 'A guest token is a 403; a basket of another contact is a 409 (C-2.6).',
    modifying: true,
    ifMatch: true,
    etag: false,
    responses: [notification],
    errors: [403, 409, 412],
  },
  createPaymentIntent: {
    method: 'POST',
    path: '/baskets/{id}/payment-intents',
    tag: 'Checkout',
    summary: 'Start checkout: create a payment intent',
    description:
      '200 with the intent when every provider and the payment provider confirmed in time, else 202 (C-4.2). ' +
      'An active intent is answered again (C-8.1). Preconditions are 422 problems (C-8.1).',
    modifying: true,
    ifMatch: true,
    etag: false,
    request: {
      codec: CreatePaymentIntentRequest,
      required: false,
      description: 'Free-form properties handed to the payment provider.',
    },
    responses: [
      { status: 200, codec: PaymentIntent, description: 'The intent, AwaitingPayment and ready.' },
      { status: 202, codec: AcceptedNotificationResponse, description: 'Confirmations are pending.' },
    ],
    errors: [403, 409, 412, 422],
  },
  deletePaymentIntent: {
    method: 'DELETE',
    path: '/baskets/{id}/payment-intents/{paymentIntentId}',
    tag: 'Checkout',
    summary: 'Cancel a payment intent',
    description: 'Unlocks the basket and keeps its lines (C-8.4); a paid intent is a 409.',
    modifying: true,
    ifMatch: true,
    etag: false,
    responses: [notification],
    errors: [403, 409, 412],
  },
  getPaymentIntent: {
    method: 'GET',
    path: '/baskets/{id}/payment-intents/{paymentIntentId}',
    tag: 'Checkout',
    summary: 'Read a payment intent',
    description: 'C-4.4.',
    modifying: false,
    ifMatch: false,
    etag: false,
    responses: [{ status: 200, codec: PaymentIntent, description: 'The payment intent.' }],
    errors: [403],
  },
  getBasketEvents: {
    method: 'GET',
    path: '/baskets/{id}/events',
    tag: 'Baskets',
    summary: "Read a basket's history",
    description:
      'Oldest first, versions 1..n; customer detail values are redacted (C-4.4). One page at a time: ' +
      '`?after=<version>` (default 0) and `?limit=` (1 to 1000, default 1000); `nextAfter`, present when ' +
      "more events follow, is the `after` of the next page. The ETag is the basket's version on every page.",
    query: 'eventPage',
    modifying: false,
    ifMatch: false,
    etag: true,
    responses: [{ status: 200, codec: EventListing, description: 'The events of the basket.' }],
    errors: [403],
  },
} as const satisfies Record<string, Operation>;
