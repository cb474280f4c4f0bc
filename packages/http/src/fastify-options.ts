import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger, FastifyHttpOptions } from 'fastify';
import { handleClientError, handleFrameworkError } from './errors';
import { BODY_LIMIT, routeMatcher } from './plugin';
import { requestIdOf } from './request-id';

/** How long a client may take, in milliseconds (docs/operations.md). */
export type HttpTimeouts = {
  /** The whole request, headers and body, must have arrived within this: else a 408. */
  readonly requestMs: number;
  /** The request line and headers must have arrived within this: else a 408. At most `requestMs`. */
  readonly headersMs: number;
  /** An idle keep-alive connection is closed after this. */
  readonly keepAliveMs: number;
};

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  keepAliveMs: 72_000,
};

/**
 * Fastify, loaded when the options of its instance are asked for: the rest of this package (the
 * header parsers, the authenticator, `operationFingerprint`) serves transports of other kinds
 * without Fastify installed (it is an optional peer dependency), and the plugin gets its Fastify
 * instance from its caller.
 */
const fastify = (): typeof import('fastify') => createRequire(import.meta.url)('fastify');

/** How often Node looks for requests past their timeouts: a slow request is cut this soon after. */
const TIMEOUT_CHECK_MS = 250;

/**
 * Options for the Fastify instance that `basketHttp` is registered on: errors raised before routing
 * become problems too, path ids of any length reach the API (which answers 400 over 128 characters,
 * C-9.2), Fastify's own two log lines per request are off (the server logs one, C-10.3), and a
 * client that sends its headers or its body too slowly is cut with a 408. Each request is named by
 * its caller's `X-Request-Id`, or a new UUID (request-id.ts), logged as `requestId`.
 */
export const basketFastifyOptions = (
  logger?: FastifyBaseLogger,
  timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS,
): FastifyHttpOptions<Server, FastifyBaseLogger> => ({
  bodyLimit: BODY_LIMIT,
  routerOptions: { maxParamLength: 16 * 1024 },
  logController: new (fastify().LogController)({
    disableRequestLogging: true,
    requestIdLogLabel: 'requestId',
  }),
  genReqId: requestIdOf,
  // The plugin answers 503 problems itself while closing.
  return503OnClosing: false,
  requestTimeout: timeouts.requestMs,
  keepAliveTimeout: timeouts.keepAliveMs,
  http: {
    // The plugin answers a missing Host itself, with a problem body (plugin.ts).
    requireHostHeader: false,
    requestTimeout: timeouts.requestMs,
    headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
    connectionsCheckingInterval: TIMEOUT_CHECK_MS,
  },
  frameworkErrors: handleFrameworkError(routeMatcher),
  clientErrorHandler: handleClientError,
  ...(logger === undefined ? {} : { loggerInstance: logger }),
});
