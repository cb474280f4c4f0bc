import {
  Basket,
  EventListing,
  NotificationResponse,
  type OperationName,
  PaymentIntent,
  type SucceededNotification,
} from '@basket/core';
import {
  type Accepted,
  type Command,
  type OptionalCommand,
  type PaymentIntentAccepted,
  type PaymentIntentCommand,
  type Unchanged,
  withSettled,
} from './command';
import { decodeReply, unexpectedStatus } from './decode';
import { BasketResponseError, BasketTimeoutError, MissingETagError } from './errors';
import type { ETagMemory } from './etags';
import type { Notifications } from './notifications';
import { type OperationIds, type OperationLine, operationLine } from './operation-line';
import type { CallOptions, SettleOptions } from './options';
import { readThroughFailures } from './read-through-failures';
import type {
  AddProductBody,
  CreatePaymentIntentBody,
  SelectSeatsBody,
  SelectTimeSlotBody,
  SetCustomerDetailsBody,
  SetDeliveryMethodBody,
  UpdateLineItemBody,
  UpdateLineItemQuantityBody,
  VoucherBody,
} from './requests';
import type { HttpReply, Transport } from './transport';

/** The operations of one basket (endpoints 2 to 16 and the basket reads of C-4.4). */
export type BasketHandle = {
  readonly id: string;
  /**
   * The ETag of the last answer that carried one, while no command of this client changed it since:
   * forgotten when one is accepted, when the client sees one completed, and when it pays an intent
   * of this basket.
   */
  readonly etag: () => string | undefined;
  /** 2: GET /baskets/{id}; remembers the ETag. */
  readonly get: (options?: { readonly signal?: AbortSignal }) => Promise<Basket>;
  /** 3: DELETE /baskets/{id}; answers the basket as it was. */
  readonly delete: (options?: CallOptions) => Promise<Basket>;
  /**
   * C-4.4: GET /baskets/{id}/events, oldest first, one page (`after`, `limit`: see `nextAfter`);
   * remembers the ETag.
   */
  readonly events: (options?: {
    readonly signal?: AbortSignal;
    readonly after?: number;
    readonly limit?: number;
  }) => Promise<EventListing>;
  /** 4 */
  readonly assignContact: (options?: CallOptions) => Command;
  /** 5: 200 with the intent, or 202 to wait for; `settled()` answers the intent either way. */
  readonly createPaymentIntent: (
    body?: CreatePaymentIntentBody,
    options?: CallOptions,
  ) => PaymentIntentCommand;
  /** 6 */
  readonly deletePaymentIntent: (paymentIntentId: string, options?: CallOptions) => Command;
  /** C-4.4: GET /baskets/{id}/payment-intents/{paymentIntentId}. */
  readonly paymentIntent: (
    paymentIntentId: string,
    options?: { readonly signal?: AbortSignal },
  ) => Promise<PaymentIntent>;
  /** 7 */
  readonly addProduct: (productId: string, body: AddProductBody, options?: CallOptions) => Command;
  /** 8 */
  readonly selectSeats: (productId: string, body: SelectSeatsBody, options?: CallOptions) => Command;
  /** 9: `productId` is the time slot product. */
  readonly selectTimeSlot: (productId: string, body: SelectTimeSlotBody, options?: CallOptions) => Command;
  /** 10 */
  readonly deleteLineItem: (providerBasketId: string, lineItemId: string, options?: CallOptions) => Command;
  /** 11 */
  readonly updateLineItem: (
    providerBasketId: string,
    lineItemId: string,
    body: UpdateLineItemBody,
    options?: CallOptions,
  ) => Command;
  /** 12 */
  readonly updateLineItemQuantity: (
    providerBasketId: string,
    lineItemId: string,
    body: UpdateLineItemQuantityBody,
    options?: CallOptions,
  ) => Command;
  /** 13 */
  readonly setDeliveryMethod: (
    providerBasketId: string,
    body: SetDeliveryMethodBody,
    options?: CallOptions,
  ) => Command;
  /** 14: 202, or 204 when the values are those stored (C-4.1). */
  readonly setCustomerDetails: (body: SetCustomerDetailsBody, options?: CallOptions) => OptionalCommand;
  /** 15: 200, or 204 when the code is already on the basket (C-4.1). */
  readonly addVoucher: (body: VoucherBody, options?: CallOptions) => OptionalCommand;
  /** 16: 200, or 204 when the code is not on the basket (C-4.1). */
  readonly removeVoucher: (body: VoucherBody, options?: CallOptions) => OptionalCommand;
};

export type BasketHandleDeps = {
  readonly transport: Transport;
  readonly notifications: Notifications;
  readonly etags: ETagMemory;
  /** Whether calls send the remembered ETag as If-Match unless told otherwise. */
  readonly useETags: boolean;
};

/** A modifying call: its operation in the table, the ids of its path besides the basket's, its body. */
type Write = {
  readonly line: OperationLine;
  readonly body?: unknown;
  readonly options: CallOptions;
};

/** The ids of an operation's path but the basket's own (`{id}`), which the handle knows. */
type OtherIds<K extends OperationName> = Omit<OperationIds<K>, 'id'>;

export const basketHandle = (deps: BasketHandleDeps, id: string): BasketHandle => {
  const { transport, notifications, etags } = deps;
  /** The request line of one of this basket's operations. */
  const lineOf = <K extends OperationName>(name: K, ids: OtherIds<K>) =>
    operationLine(name, { ...ids, id } as OperationIds<K>);

  const ifMatchOf = (options: CallOptions): string | undefined => {
    const wanted = options.ifMatch ?? deps.useETags;
    if (wanted === false) return undefined;
    if (wanted !== true) return wanted;
    const etag = etags.get(id);
    if (etag === undefined) throw new MissingETagError(id);
    return etag;
  };

  const write = async ({ line, body, options }: Write): Promise<HttpReply> =>
    transport({
      ...line,
      modifying: true,
      ...(body === undefined ? {} : { body }),
      ...(options.idempotencyKey === undefined ? {} : { idempotencyKey: options.idempotencyKey }),
      ...withIfMatch(ifMatchOf(options)),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });

  const read = async (line: OperationLine, signal: AbortSignal | undefined): Promise<HttpReply> => {
    const reply = await transport({
      ...line,
      modifying: false,
      ...(signal === undefined ? {} : { signal }),
    });
    if (reply.status !== 200) throw unexpectedStatus(reply);
    return reply;
  };

  /**
   * The acceptance of a command: its notification id. The remembered ETag is stale from now on, and
   * again once the command is seen completed.
   */
  const notified = (reply: HttpReply, expected: 200 | 202): Accepted => {
    if (reply.status !== expected) throw unexpectedStatus(reply);
    const { notificationId } = decodeReply(NotificationResponse, reply);
    etags.accepted(id, notificationId);
    return { status: expected, notificationId };
  };

  const command = (request: Write): Command =>
    withSettled(
      write(request).then((reply) => notified(reply, 200)),
      (answer, options): Promise<SucceededNotification> =>
        notifications.settle(answer.notificationId, options),
    );

  /** A command that answers 204 when there is nothing to change (C-4.1). */
  const optionalCommand = (request: Write, expected: 200 | 202): OptionalCommand =>
    withSettled(
      write(request).then((reply): Accepted | Unchanged =>
        reply.status === 204 ? { status: 204 } : notified(reply, expected),
      ),
      (answer, options) =>
        answer.status === 204
          ? Promise.resolve(undefined)
          : notifications.settle(answer.notificationId, options),
    );

  /** A payment intent of this basket, as answered: its payment, later, changes this basket. */
  const intentAnswered = (reply: HttpReply): PaymentIntent => {
    const intent = decodeReply(PaymentIntent, reply);
    etags.intent(intent.id, id);
    return intent;
  };

  const paymentIntent: BasketHandle['paymentIntent'] = async (paymentIntentId, options = {}) =>
    intentAnswered(await read(lineOf('getPaymentIntent', { paymentIntentId }), options.signal));

  const createIntent = async (
    body: CreatePaymentIntentBody | undefined,
    options: CallOptions,
  ): Promise<PaymentIntentAccepted> => {
    const reply = await write({ line: lineOf('createPaymentIntent', {}), body: body ?? {}, options });
    if (reply.status === 200) {
      etags.forget(id); // the basket is locked now: a new version
      return { status: 200, paymentIntent: intentAnswered(reply) };
    }
    return { status: 202, notificationId: notified(reply, 202).notificationId };
  };

  const intentOf = async (answer: PaymentIntentAccepted, options: SettleOptions): Promise<PaymentIntent> => {
    if (answer.status === 200) return answer.paymentIntent;
    const deadline = options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs;
    const notification = await notifications.settle(answer.notificationId, options);
    if (notification.paymentIntentId === undefined) {
      throw new BasketResponseError(
        { method: 'GET', path: `/notifications/${answer.notificationId}` },
        200,
        'a createPaymentIntent notification without paymentIntentId',
      );
    }
    const { paymentIntentId } = notification;
    // The intent is there once its notification succeeded: read through failures on the way, as
    // the notification was, since the command was accepted whatever the read meets.
    return readThroughFailures(
      (signal) => paymentIntent(paymentIntentId, signal === undefined ? {} : { signal }),
      {
        deadline,
        signal: options.signal,
        timedOut: () => new BasketTimeoutError(answer.notificationId, options.timeoutMs ?? 0),
      },
    );
  };

  return {
    id,
    etag: () => etags.get(id),
    get: async (options = {}) => {
      const since = etags.since(id);
      const reply = await read(lineOf('getBasket', {}), options.signal);
      etags.remember(id, reply, since);
      return decodeReply(Basket, reply);
    },
    delete: async (options = {}) => {
      const reply = await write({ line: lineOf('deleteBasket', {}), options });
      if (reply.status !== 200) throw unexpectedStatus(reply);
      etags.forget(id);
      return decodeReply(Basket, reply);
    },
    events: async (options = {}) => {
      const query = new URLSearchParams();
      if (options.after !== undefined) query.set('after', String(options.after));
      if (options.limit !== undefined) query.set('limit', String(options.limit));
      const { method, path } = lineOf('getBasketEvents', {});
      const since = etags.since(id);
      const reply = await read(
        { method, path: query.size === 0 ? path : `${path}?${query}` },
        options.signal,
      );
      etags.remember(id, reply, since);
      return decodeReply(EventListing, reply);
    },
    assignContact: (options = {}) => command({ line: lineOf('assignContact', {}), options }),
    createPaymentIntent: (body, options = {}) => withSettled(createIntent(body, options), intentOf),
    deletePaymentIntent: (paymentIntentId, options = {}) =>
      command({ line: lineOf('deletePaymentIntent', { paymentIntentId }), options }),
    paymentIntent,
    addProduct: (productId, body, options = {}) =>
      command({ line: lineOf('addProductToBasket', { productId }), body, options }),
    selectSeats: (productId, body, options = {}) =>
      command({ line: lineOf('selectSeats', { productId }), body, options }),
    selectTimeSlot: (productId, body, options = {}) =>
      command({ line: lineOf('selectTimeSlot', { productId }), body, options }),
    deleteLineItem: (providerBasketId, lineItemId, options = {}) =>
      command({ line: lineOf('deleteLineItem', { providerBasketId, lineItemId }), options }),
    updateLineItem: (providerBasketId, lineItemId, body, options = {}) =>
      command({ line: lineOf('updateLineItem', { providerBasketId, lineItemId }), body, options }),
    updateLineItemQuantity: (providerBasketId, lineItemId, body, options = {}) =>
      command({ line: lineOf('updateLineItemQuantity', { providerBasketId, lineItemId }), body, options }),
    setDeliveryMethod: (providerBasketId, body, options = {}) =>
      command({ line: lineOf('setProviderBasketDeliveryMethod', { providerBasketId }), body, options }),
    setCustomerDetails: (body, options = {}) =>
      optionalCommand({ line: lineOf('setCustomerDetails', {}), body, options }, 202),
    addVoucher: (body, options = {}) =>
      optionalCommand({ line: lineOf('addVoucherToBasket', {}), body, options }, 200),
    removeVoucher: (body, options = {}) =>
      optionalCommand({ line: lineOf('removeVoucherFromBasket', {}), body, options }, 200),
  };
};

const withIfMatch = (ifMatch: string | undefined): { readonly ifMatch?: string } =>
  ifMatch === undefined ? {} : { ifMatch };
