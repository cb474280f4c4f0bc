import type { Notification } from '@basket/core';
import type { HttpReply } from './transport';

/** How many of its own commands, and of payment intents, the client keeps track of at most. */
const TRACKED = 1000;

/**
 * The last ETag seen of each basket (C-6.1): set by every answer that carries one (create, read,
 * events), forgotten when it goes stale by this client's doing: once a command of this client on
 * the basket is accepted, again once that command is seen completed (a payment intent's saga adds
 * its events after the acceptance), once a payment of one of its intents is taken, and when the
 * basket is deleted. A read answered after such a moment, but sent before it, is not remembered:
 * its ETag may be older (`since` tells when the read was sent).
 */
export type ETagMemory = {
  readonly get: (basketId: string) => string | undefined;
  /** What `remember` is given of a read sent now. */
  readonly since: (basketId: string) => number;
  readonly remember: (basketId: string, reply: HttpReply, since: number) => void;
  readonly forget: (basketId: string) => void;
  /** A command of this client on the basket was accepted, with this notification id. */
  readonly accepted: (basketId: string, notificationId: string) => void;
  /** A notification as read: once one of this client's commands is no longer Pending, its basket's ETag is stale. */
  readonly seen: (notification: Notification) => void;
  /** The basket of a payment intent, as an answer about the intent named it. */
  readonly intent: (paymentIntentId: string, basketId: string) => void;
  /** A payment of the intent was taken: its basket was checked out (C-8.5). */
  readonly paid: (paymentIntentId: string) => void;
};

/** `map.set`, dropping the oldest entry past `TRACKED`. */
const track = (map: Map<string, string>, key: string, value: string): void => {
  map.delete(key);
  map.set(key, value);
  if (map.size > TRACKED) map.delete(map.keys().next().value ?? key);
};

export const createETagMemory = (): ETagMemory => {
  const etags = new Map<string, string>();
  /** Per basket, how many times its ETag was forgotten. */
  const forgotten = new Map<string, number>();
  /** This client's commands not yet seen completed: notification id → basket id. */
  const pending = new Map<string, string>();
  /** Payment intents → their baskets. */
  const intents = new Map<string, string>();
  const since = (basketId: string) => forgotten.get(basketId) ?? 0;
  const forget = (basketId: string) => {
    etags.delete(basketId);
    forgotten.set(basketId, since(basketId) + 1);
  };
  return {
    get: (basketId) => etags.get(basketId),
    since,
    remember: (basketId, reply, sentAt) => {
      const etag = reply.headers.get('etag');
      if (etag !== null && since(basketId) === sentAt) etags.set(basketId, etag);
    },
    forget,
    accepted: (basketId, notificationId) => {
      forget(basketId);
      track(pending, notificationId, basketId);
    },
    seen: (notification) => {
      if (notification.paymentIntentId !== undefined)
        track(intents, notification.paymentIntentId, notification.basketId);
      const basketId = pending.get(notification.notificationId);
      if (basketId === undefined || notification.status === 'Pending') return;
      pending.delete(notification.notificationId);
      forget(basketId);
    },
    intent: (paymentIntentId, basketId) => track(intents, paymentIntentId, basketId),
    paid: (paymentIntentId) => {
      const basketId = intents.get(paymentIntentId);
      if (basketId !== undefined) forget(basketId);
    },
  };
};
