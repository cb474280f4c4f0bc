import type * as t from 'io-ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A success answer of an operation: its status and the codec of its body (none for 204 and 304). */
export type SuccessResponse = {
  readonly status: 200 | 202 | 204 | 304;
  readonly codec?: t.Any;
  readonly description: string;
};

/**
 * One operation of the interface (or a read of C-4.4): everything a transport, its documentation, a
 * client and the app need to know about it. The operation's name is its key in the table.
 */
export type Operation = {
  readonly method: HttpMethod;
  /** OpenAPI form: `/baskets/{id}`; the `{parameters}` are named in `pathParameters`. */
  readonly path: string;
  readonly summary: string;
  readonly description: string;
  readonly tag: 'Baskets' | 'Line items' | 'Checkout' | 'Notifications';
  /** Accepts `Idempotency-Key` (C-6.3). */
  readonly modifying: boolean;
  /** Accepts `If-Match` (C-6.1): the modifying operations of one basket. */
  readonly ifMatch: boolean;
  /** Answers `ETag: "<version>"` (C-6.1). */
  readonly etag: boolean;
  /** Accepts `If-None-Match` and answers 304 when it names the current version (reads of a basket). */
  readonly ifNoneMatch?: boolean;
  /** Query parameters the operation reads: `waitMs` (C-5.2) or an event page (`after`, `limit`, C-4.4). */
  readonly query?: 'waitMs' | 'eventPage';
  /**
   * Holds its answer until its command's outcome (C-4.3: the payment, up to 30 s), as `waitMs` holds
   * a notification's: a transport gives the caller a `signal` aborted when its client goes away.
   */
  readonly waitsForOutcome?: boolean;
  /** The request body and its codec (C-1.6); absent when the operation takes none. */
  readonly request?: { readonly codec: t.Any; readonly required: boolean; readonly description: string };
  /** The success answers; a command's acceptance (200 or 202 with a notification id) comes first. */
  readonly responses: ReadonlyArray<SuccessResponse>;
  /** Problem statuses beyond those every authenticated operation can answer (400, 401, 500; 404 with path ids). */
  readonly errors: ReadonlyArray<number>;
};

/** The problem statuses an operation can answer, for its documentation and tests. */
export const problemStatuses = (operation: Operation): number[] => {
  const body = operation.method === 'GET' ? [] : [413, 415];
  const idempotency = operation.modifying ? [422] : [];
  // A path with ids can name something that does not exist (in this store).
  const missing = operation.path.includes('{') ? [404] : [];
  return [...new Set([400, 401, ...missing, ...operation.errors, ...body, ...idempotency, 500])].sort(
    (a, b) => a - b,
  );
};
