import { Basket, FreeFormObject, type Notification, type SucceededNotification } from '@basket/core';
import * as t from 'io-ts';
import { type BasketHandle, basketHandle } from './basket';
import { checkClientOptions } from './check-options';
import { decodeReply, unexpectedStatus } from './decode';
import { BasketProblemError } from './errors';
import { createETagMemory } from './etags';
import { createNotifications } from './notifications';
import { operationLine } from './operation-line';
import {
  type BasketClientOptions,
  type CallOptions,
  DEFAULT_POLL_WAIT_MS,
  MAX_WAIT_MS,
  type SettleOptions,
} from './options';
import type { UseSavedTokenBody } from './requests';
import { createTransport } from './transport';

const Health = t.type({ status: t.string }, 'Health');

/** A typed client of the basket service: every endpoint of the interface and the reads of C-4.4. */
export type BasketClient = {
  /** 1: POST /baskets; remembers the new basket's ETag. */
  readonly createBasket: (options?: Pick<CallOptions, 'idempotencyKey' | 'signal'>) => Promise<Basket>;
  /** The operations of one basket; `useETags` overrides the client's default for this handle. */
  readonly basket: (basketId: string, options?: { readonly useETags?: boolean }) => BasketHandle;
  /** C-4.4, C-5.2: GET /notifications/{id}, long-polling up to `waitMs` while it is Pending. */
  readonly notification: (
    notificationId: string,
    options?: { readonly waitMs?: number; readonly signal?: AbortSignal },
  ) => Promise<Notification>;
  /** Waits for a notification: answers it when Succeeded, throws a BasketProblemError when Failed. */
  readonly settle: (notificationId: string, options?: SettleOptions) => Promise<SucceededNotification>;
  /**
   * 17: POST /psp/tokens/use-existing, synchronous (C-4.3). Resolves once paid, and forgets the
   * ETag of the intent's basket (checked out); a decline is a BasketProblemError `payment-declined`
   * (402). The token's `sub` is the paying contact. Nothing is settled afterwards, so there is no
   * `timeoutMs`: give a `signal` (`AbortSignal.timeout(ms)`) to stop waiting.
   */
  readonly useSavedPaymentToken: (
    body: UseSavedTokenBody,
    options?: Pick<CallOptions, 'idempotencyKey' | 'signal'>,
  ) => Promise<void>;
  /** C-4.4: the OpenAPI 3.1 document (no credentials). */
  readonly openApi: () => Promise<FreeFormObject>;
  /** C-4.4: GET /healthz (no credentials). */
  readonly health: () => Promise<{ readonly status: string }>;
  /** C-4.4: GET /readyz (no credentials): false when the service answers that it is not ready. */
  readonly ready: () => Promise<boolean>;
};

export const createBasketClient = (options: BasketClientOptions): BasketClient => {
  checkClientOptions(options);
  const transport = createTransport(options);
  const pollWaitMs = Math.min(Math.max(1, options.pollWaitMs ?? DEFAULT_POLL_WAIT_MS), MAX_WAIT_MS);
  const etags = createETagMemory();
  const notifications = createNotifications(transport, pollWaitMs, etags.seen);
  const publicRead = (path: string) =>
    transport({ method: 'GET', path, modifying: false, authenticated: false });

  return {
    createBasket: async (call = {}) => {
      const reply = await transport({
        ...operationLine('createBasket', {}),
        modifying: true,
        ...(call.idempotencyKey === undefined ? {} : { idempotencyKey: call.idempotencyKey }),
        ...(call.signal === undefined ? {} : { signal: call.signal }),
      });
      if (reply.status !== 200) throw unexpectedStatus(reply);
      const basket = decodeReply(Basket, reply);
      etags.remember(basket.id, reply, etags.since(basket.id));
      return basket;
    },
    basket: (basketId, handle = {}) =>
      basketHandle(
        { transport, notifications, etags, useETags: handle.useETags ?? options.useETags ?? false },
        basketId,
      ),
    notification: notifications.get,
    settle: notifications.settle,
    useSavedPaymentToken: async (body, call = {}) => {
      const reply = await transport({
        ...operationLine('useSavedPaymentToken', {}),
        body,
        modifying: true,
        ...(call.idempotencyKey === undefined ? {} : { idempotencyKey: call.idempotencyKey }),
        ...(call.signal === undefined ? {} : { signal: call.signal }),
      });
      // Synchronous (C-4.3). A payment provider slower than the service's wait is a 500, retried
      // with the same Idempotency-Key, whose replay answers the outcome once it is in.
      if (reply.status !== 204) throw unexpectedStatus(reply);
      etags.paid(body.paymentIntentId);
    },
    openApi: async () => decodeReply(FreeFormObject, await publicRead('/openapi.json')),
    health: async () => decodeReply(Health, await publicRead('/healthz')),
    ready: async () => {
      try {
        return decodeReply(Health, await publicRead('/readyz')).status === 'ready';
      } catch (error) {
        if (error instanceof BasketProblemError && error.status === 503) return false;
        throw error;
      }
    },
  };
};
