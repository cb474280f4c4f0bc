import { BasketCommand, FreeFormObject, Instant, NonEmptyString } from '@basket/core';
import * as t from 'io-ts';
import { toJsonObject } from '../json';
import type { JsonObject } from '../ports/json';

/** A customer's basket command, decided as is. */
const BasketWork = t.type({ kind: t.literal('basket'), command: BasketCommand }, 'BasketWork');

/** createPaymentIntent: the saga that locks the basket and runs the intent's creation machine (C-8.2). */
const CreateIntentWork = t.intersection(
  [
    t.type({
      kind: t.literal('createPaymentIntent'),
      paymentIntentId: t.string,
      at: Instant,
      payload: FreeFormObject,
    }),
    t.partial({ contactId: t.string }),
  ],
  'CreateIntentWork',
);

/** deletePaymentIntent: the cancellation machine, then the unlock (C-8.4). */
const CancelIntentWork = t.type(
  { kind: t.literal('deletePaymentIntent'), paymentIntentId: t.string, at: Instant },
  'CancelIntentWork',
);

/** Endpoint 17: charge the token, then check the basket out (C-4.3, C-8.5). */
const PayWork = t.type(
  {
    kind: t.literal('payWithToken'),
    paymentIntentId: t.string,
    at: Instant,
    tokenId: NonEmptyString,
    contactId: NonEmptyString,
  },
  'PayWork',
);

/** What a basket's queue holds: the work of one accepted request, processed in acceptance order (C-5.4). */
export const QueuedWork = t.union([BasketWork, CreateIntentWork, CancelIntentWork, PayWork], 'QueuedWork');
export type QueuedWork = t.TypeOf<typeof QueuedWork>;
export type QueuedWorkOf<K extends QueuedWork['kind']> = Extract<QueuedWork, { kind: K }>;

export const encodeWork = (work: QueuedWork): JsonObject => toJsonObject(QueuedWork.encode(work));
