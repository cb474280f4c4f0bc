import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The header that names a request: taken from the caller (a load balancer, a gateway, the client)
 * when it sent a usable one, made up otherwise, answered on every response and written on the
 * request's log line, so one request can be followed from the caller through any process's logs.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An opaque id: 1 to 128 letters, digits, `.`, `_`, `:` or `-` (a UUID, a trace id, a hex string).
 * Anything else (an address with `@`, spaces, a header sent twice) is replaced, so no value a caller
 * did not mean as an id reaches a log line (C-2.8).
 */
const USABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The id of a request: the caller's `X-Request-Id` when usable, else a new UUID. Fastify's `genReqId`. */
export const requestIdOf = (request: IncomingMessage): string => {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && USABLE_ID.test(sent) ? sent : randomUUID();
};
