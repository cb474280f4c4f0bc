import type { Answer, BasketApi, Caller } from '@basket/app';
import { badStrings, type FieldError } from '@basket/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from './auth';
import { checkBodyHeaders } from './body-headers';
import {
  etagOf,
  idempotencyKeySentTwice,
  operationFingerprint,
  parseEventPage,
  parseIdempotencyKey,
  parseIfMatch,
  parseIfNoneMatch,
  parseWaitMs,
} from './headers';
import { internalError, sendProblem, validationFailed, WWW_AUTHENTICATE } from './problems';
import { sentTwice } from './repeated-headers';
import { fastifyPath, parametersOf, type RouteContext, type RouteSpec } from './routes';

export type RouteDependencies = {
  readonly api: BasketApi;
  readonly authHook: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  readonly principalOf: (request: FastifyRequest) => Principal | undefined;
  /** Settles when the server starts closing: long polls then answer at once. */
  readonly closed: Promise<void>;
  readonly bodyLimit: number;
};

const single = (header: string | string[] | undefined): string | undefined =>
  Array.isArray(header) ? header.join(', ') : header;

/**
 * The route's own path parameters, as strings. Those of a prefix the service mounts the plugin under
 * (`/tenants/:tenant`) are the service's, not the operation's.
 */
const pathParams = (route: RouteSpec, params: unknown): Record<string, string> => {
  const strings: Record<string, string> = {};
  if (params === null || typeof params !== 'object') return strings;
  for (const name of parametersOf(route.path)) {
    const value: unknown = Reflect.get(params, name);
    if (typeof value === 'string') strings[name] = value;
  }
  return strings;
};

/** The route's context from the request's headers and query, or every invalid one of them (400). */
const contextOf = (
  route: RouteSpec,
  request: FastifyRequest,
  principal: Principal,
):
  | { readonly ok: true; readonly context: RouteContext }
  | { readonly ok: false; readonly errors: FieldError[] } => {
  const params = pathParams(route, request.params);
  // C-1.6: `%00` or an unpaired surrogate in a path id never reaches the API (nor storage).
  const errors: FieldError[] = badStrings(params);
  const key = !route.modifying
    ? undefined
    : sentTwice(request.raw, 'idempotency-key')
      ? idempotencyKeySentTwice
      : parseIdempotencyKey(single(request.headers['idempotency-key']));
  const pre = route.ifMatch ? parseIfMatch(single(request.headers['if-match'])) : undefined;
  const fresh = route.ifNoneMatch ? parseIfNoneMatch(single(request.headers['if-none-match'])) : undefined;
  const wait = route.query === 'waitMs' ? parseWaitMs(request.query) : undefined;
  for (const parsed of [key, pre, fresh, wait])
    if (parsed !== undefined && !parsed.ok) errors.push(parsed.error);
  if (errors.length > 0) return { ok: false, errors };
  const idempotencyKey = key?.ok === true ? key.value : undefined;
  const caller: Caller = {
    storeId: principal.storeId,
    ...(principal.contactId === undefined ? {} : { contactId: principal.contactId }),
    ...(idempotencyKey === undefined
      ? {}
      : {
          idempotency: {
            key: idempotencyKey,
            // The path as routed, so that `|` and `%7C` name the same request (C-6.3).
            fingerprint: operationFingerprint(route.operationId, params, request.body),
          },
        }),
  };
  const waitMs = wait?.ok === true ? wait.value : undefined;
  return {
    ok: true,
    context: {
      caller,
      params,
      body: request.body,
      pre: { ...(pre?.ok === true ? pre.value : {}), ...(fresh?.ok === true ? fresh.value : {}) },
      ...(waitMs === undefined ? {} : { waitMs }),
      ...(route.query === 'eventPage' ? { page: parseEventPage(request.query) } : {}),
    },
  };
};

const texts = new WeakMap<object, string>();

/**
 * The JSON text of a body. The app hands out the same body object for reads of an unchanged basket
 * (its rendered-view cache), so its text is kept with it; answers are never changed once made.
 */
const serialized = (body: object): string => {
  let text = texts.get(body);
  if (text === undefined) {
    text = JSON.stringify(body);
    texts.set(body, text);
  }
  return text;
};

/** Sends an API answer: problems as problem+json, 204 without a body, ETag on basket answers (C-6.1). */
export const sendAnswer = (reply: FastifyReply, route: RouteSpec, answer: Answer): FastifyReply => {
  reply.header('cache-control', 'no-store');
  if ('problem' in answer) {
    return sendProblem(reply, answer.problem, answer.problem.status === 401 ? WWW_AUTHENTICATE : {});
  }
  if (route.etag && (answer.status === 200 || answer.status === 304) && answer.version !== undefined)
    reply.header('etag', etagOf(answer.version));
  if (answer.status === 204 || answer.status === 304) return reply.code(answer.status).send();
  return reply.code(answer.status).type('application/json; charset=utf-8').send(serialized(answer.body));
};

/** A long poll answers at once when the server starts closing, so that shutdown does not wait 30 s. */
const untilClosed = async (
  call: () => Promise<Answer>,
  recall: () => Promise<Answer>,
  closed: Promise<void>,
) => {
  const waiting = call();
  const outcome = await Promise.race([waiting, closed.then(() => undefined)]);
  if (outcome !== undefined) return outcome;
  waiting.catch(() => undefined);
  return recall();
};

/**
 * A signal that aborts when the client goes away before its answer is written: the long poll it
 * gave up on then ends in the app at once (`Caller.signal`), instead of waiting out its `waitMs`.
 */
const clientGone = (reply: FastifyReply): AbortSignal => {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort();
  });
  return controller.signal;
};

const takesNoBody = (route: RouteSpec): boolean =>
  route.method !== 'GET' && (route.request === undefined || !route.request.required);

/** The request's context with a caller signal aborted when its client goes away before the answer. */
const withClientGone = (context: RouteContext, reply: FastifyReply): RouteContext => ({
  ...context,
  caller: { ...context.caller, signal: clientGone(reply) },
});

export const registerRoute = (app: FastifyInstance, route: RouteSpec, deps: RouteDependencies): void => {
  app.route({
    method: route.method,
    url: fastifyPath(route.path),
    bodyLimit: deps.bodyLimit,
    onRequest: deps.authHook,
    ...(route.method === 'GET' ? {} : { preParsing: checkBodyHeaders(takesNoBody(route)) }),
    handler: async (request, reply) => {
      const principal = deps.principalOf(request);
      if (principal === undefined) return sendProblem(reply, internalError());
      const parsed = contextOf(route, request, principal);
      if (!parsed.ok) return sendProblem(reply, validationFailed(parsed.errors));
      const { context } = parsed;
      if (context.waitMs === undefined || context.waitMs === 0) {
        // An operation that waits for its outcome (endpoint 17, C-4.3, up to 30 s) ends that wait
        // when its client goes away, as a long poll does.
        const called = route.waitsForOutcome === true ? withClientGone(context, reply) : context;
        return sendAnswer(reply, route, await route.call(deps.api, called));
      }
      const waiting = withClientGone(context, reply);
      const answer = await untilClosed(
        () => route.call(deps.api, waiting),
        () => route.call(deps.api, { ...waiting, waitMs: 0 }),
        deps.closed,
      );
      return sendAnswer(reply, route, answer);
    },
  });
};
