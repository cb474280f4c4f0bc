import type { Answer, BasketApi, Caller, EventPage, Preconditions } from '@basket/app';
import type * as t from 'io-ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** What a route hands the API: the caller, the path ids, the undecoded body and the preconditions. */
export type RouteContext = {
  readonly caller: Caller;
  readonly params: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly pre: Preconditions;
  /** `GET /notifications/{id}?waitMs=N` only (C-5.2). */
  readonly waitMs?: number;
  /** `GET /baskets/{id}/events?after=N&limit=M` only (C-4.4). */
  readonly page?: EventPage;
};

export type SuccessResponse = {
  readonly status: 200 | 202 | 204 | 304;
  /** The codec of the body; none for a 204. */
  readonly codec?: t.Any;
  readonly description: string;
};

/**
 * One endpoint of the interface or of C-4.4: the single source of both the Fastify route and its
 * OpenAPI operation, so the two cannot disagree.
 */
export type RouteSpec = {
  /** The interface's operation name. */
  readonly operationId: string;
  readonly method: HttpMethod;
  /** OpenAPI form: `/baskets/{id}`. */
  readonly path: string;
  readonly summary: string;
  readonly description: string;
  readonly tag: 'Baskets' | 'Line items' | 'Checkout' | 'Notifications';
  /** Accepts `Idempotency-Key` (C-6.3). */
  readonly modifying: boolean;
  /** Accepts `If-Match` (C-6.1): the modifying endpoints of one basket. */
  readonly ifMatch: boolean;
  /** Answers `ETag: "<version>"` (C-6.1). */
  readonly etag: boolean;
  /** Accepts `If-None-Match` and answers 304 when it names the current version (reads of a basket). */
  readonly ifNoneMatch?: boolean;
  readonly request?: { readonly codec: t.Any; readonly required: boolean; readonly description: string };
  readonly responses: ReadonlyArray<SuccessResponse>;
  /** Problem statuses beyond those every authenticated route can answer (400, 401, 500; 404 with path ids). */
  readonly errors: ReadonlyArray<number>;
  readonly call: (api: BasketApi, context: RouteContext) => Promise<Answer>;
};

/** Path parameter `name` of a context; Fastify has matched it, so it is always there. */
export const param = (context: RouteContext, name: string): string => context.params[name] ?? '';

/** The problem statuses a route can answer, for its documentation and tests. */
export const problemStatuses = (route: RouteSpec): number[] => {
  const body = route.method === 'GET' ? [] : [413, 415];
  const idempotency = route.modifying ? [422] : [];
  // A path with ids can name something that does not exist (in this store).
  const missing = route.path.includes('{') ? [404] : [];
  return [...new Set([400, 401, ...missing, ...route.errors, ...body, ...idempotency, 500])].sort(
    (a, b) => a - b,
  );
};
