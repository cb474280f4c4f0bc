import type { EventPage } from './event-listing';
import type { Answer, Caller, Preconditions } from './types';

/**
 * The transport-agnostic API: one function per interface operation (numbers of the interface's
 * endpoint table) plus the reads of C-4.4. Bodies arrive undecoded (`unknown`): the app decodes
 * them with the core codecs and answers 400 `validation-failed` listing every invalid field, so
 * every transport gets the same validation. Scoping, ownership, locks, If-Match and idempotency
 * are decided here (C-1.7 order), not in a transport.
 */
export type BasketApi = {
  /** 1 */ readonly createBasket: (caller: Caller) => Promise<Answer>;
  /** 2; `pre.ifNoneMatch` naming the current version answers 304 without building the view. */
  readonly getBasket: (caller: Caller, basketId: string, pre?: Preconditions) => Promise<Answer>;
  /** 3 */ readonly deleteBasket: (caller: Caller, basketId: string, pre?: Preconditions) => Promise<Answer>;
  /** 4 */ readonly assignContact: (caller: Caller, basketId: string, pre?: Preconditions) => Promise<Answer>;
  /** 5 */ readonly createPaymentIntent: (
    caller: Caller,
    basketId: string,
    body: unknown,
    pre?: Preconditions,
  ) => Promise<Answer>;
  /** 6 */ readonly deletePaymentIntent: (
    caller: Caller,
    basketId: string,
    paymentIntentId: string,
    pre?: Preconditions,
  ) => Promise<Answer>;
  /** 7 */ readonly addProduct: (
    caller: Caller,
    basketId: string,
    productId: string,
    body: unknown,
    pre?: Preconditions,
  ) => Promise<Answer>;
  /** 8 */ readonly selectSeats: (
    caller: Caller,
    basketId: string,
    productId: string,
    body: unknown,
    pre?: Preconditions,
  ) => Promise<Answer>;
  /** 9 */ readonly selectTimeSlot: (
    caller: Caller,
    basketId: string,
    productId: string,
    body: unknown,
    pre?: Preconditions,
  ) => Promise<Answer>;
  /** 10 */ readonly deleteLineItem: (
    caller: Caller,
    basketId: string,
    providerBasketId: string,
    lineItemId: string,
    pre?: Preconditions,
  ) => Promise<Answer>;
  /** 11 */ readonly updateLineItem: (
    caller: Caller,
    basketId: string,
    providerBasketId: string,
    lineItemId: string,
    body: unknown,
    pre?: Preconditions,
  ) => Promise<Answer>;
  /** 12 */ readonly updateLineItemQuantity: (
    caller: Caller,
    basketId: string,
    providerBasketId: string,
    lineItemId: string,
    body: unknown,
    pre?: Preconditions,
  ) => Promise<Answer>;
  /** 13 */ readonly setProviderBasketDeliveryMethod: (
    caller: Caller,
    basketId: string,
    providerBasketId: string,
    body: unknown,
    pre?: Preconditions,
  ) => Promise<Answer>;
  /** 14 */ readonly setCustomerDetails: (
    caller: Caller,
    basketId: string,
    body: unknown,
    pre?: Preconditions,
  ) => Promise<Answer>;
  /** 15 */ readonly addVoucherToBasket: (
    caller: Caller,
    basketId: string,
    body: unknown,
    pre?: Preconditions,
  ) => Promise<Answer>;
  /** 16 */ readonly removeVoucherFromBasket: (
    caller: Caller,
    basketId: string,
    body: unknown,
    pre?: Preconditions,
  ) => Promise<Answer>;
  /** 17: synchronous (C-4.3): 204, 402 payment-declined, 409 payment-intent-state. */
  readonly useSavedPaymentToken: (caller: Caller, body: unknown) => Promise<Answer>;
  /** C-4.4 */ readonly getPaymentIntent: (
    caller: Caller,
    basketId: string,
    paymentIntentId: string,
  ) => Promise<Answer>;
  /** C-4.4, C-5.2: `waitMs` (≤ 30000) holds the answer until the notification completes. */
  readonly getNotification: (caller: Caller, notificationId: string, waitMs?: number) => Promise<Answer>;
  /**
   * C-4.4: the basket's history, customer detail values redacted, one page at a time: the events
   * after version `page.after` (default 0), at most `page.limit` (1 to 1000, default 1000) of them,
   * with `nextAfter` when more follow.
   */
  readonly getBasketEvents: (caller: Caller, basketId: string, page?: EventPage) => Promise<Answer>;
};
