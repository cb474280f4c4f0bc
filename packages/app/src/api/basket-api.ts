import type { OperationName, OperationParameters, Operations } from '@basket/core';
import type { EventPage } from './event-listing';
import type { Answer, Caller, Preconditions } from './types';

type Strings<T> = { readonly [I in keyof T]: string };

type BodyArgument<K extends OperationName> = Operations[K] extends { readonly request: object }
  ? [body: unknown]
  : [];

type LastArgument<K extends OperationName> = Operations[K] extends { readonly query: 'waitMs' }
  ? [waitMs?: number]
  : Operations[K] extends { readonly query: 'eventPage' }
    ? [page?: EventPage]
    : Operations[K] extends { readonly ifMatch: true } | { readonly ifNoneMatch: true }
      ? [pre?: Preconditions]
      : [];

/**
 * The arguments of an operation's method, read from its entry in the operation table: the caller,
 * the path ids in path order, the undecoded body when it takes one, then its preconditions (If-Match
 * or If-None-Match), `waitMs` (C-5.2) or the event page (C-4.4).
 */
export type OperationArguments<K extends OperationName> = [
  caller: Caller,
  ...Strings<OperationParameters<K>>,
  ...BodyArgument<K>,
  ...LastArgument<K>,
];

/** The one method whose name is not its operation's (`addProductToBasket`): embedders call `addProduct`. */
const renamed = { addProductToBasket: 'addProduct' } as const;

export type MethodName<K extends OperationName> = K extends keyof typeof renamed ? (typeof renamed)[K] : K;

/** The `BasketApi` method of an operation. */
export const methodNameOf = <K extends OperationName>(name: K): MethodName<K> =>
  (Object.hasOwn(renamed, name) ? renamed[name as keyof typeof renamed] : name) as MethodName<K>;

/**
 * The transport-agnostic API: one method per entry of the operation table (`operations` in
 * @basket/core: the interface's 17 operations and the reads of C-4.4), its arguments derived from
 * the entry (`OperationArguments`). Bodies arrive undecoded (`unknown`): the app decodes them with
 * the core codecs and answers 400 `validation-failed` listing every invalid field, so every transport
 * gets the same validation. Scoping, ownership, locks, If-Match and idempotency are decided here
 * (C-1.7 order), not in a transport. A transport that routes by the table calls `callOperation`.
 *
 * `getBasket` with `pre.ifNoneMatch` naming the current version answers 304 without building the
 * view; `useSavedPaymentToken` is synchronous (C-4.3: 204, 402 payment-declined, 409
 * payment-intent-state); `getNotification`'s `waitMs` (an integer from 0 to 30000, else a 400 at
 * `waitMs`) holds the answer until the notification completes (C-5.2); `getBasketEvents` answers
 * the events after version `page.after` (default 0), at most `page.limit` (1 to 1000, default 1000),
 * with `nextAfter` when more follow.
 */
export type BasketApi = {
  readonly [K in OperationName as MethodName<K>]: (...args: OperationArguments<K>) => Promise<Answer>;
};
