import { Buffer } from 'node:buffer';
import { type IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { isStorageUnavailable, type Problem } from '@basket/app';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UnsupportedBodyError } from './body-headers';
import {
  internalError,
  methodNotAllowed,
  PROBLEM_CONTENT_TYPE,
  problem,
  problemBytes,
  routeNotFound,
  sendProblem,
  validationFailed,
} from './problems';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id';
import { InvalidJsonBodyError } from './request-strings';
import type { RouteMatcher } from './route-matcher';

/** The `Retry-After` of a 503 for a storage that did not answer in time (docs/operations.md). */
const STORAGE_RETRY_AFTER_S = 1;

/**
 * The storage did not carry out a step of the request in time (`StorageUnavailableError`): a 503,
 * which clients and load balancers retry, rather than a 500. Steps the request took before that one
 * stay done, so a retry sends the same Idempotency-Key.
 */
const storageUnavailable = () =>
  problem(
    503,
    'internal-error',
    'The database did not answer in time. Send the request again after Retry-After, with the same Idempotency-Key if it had one.',
  );

const field = (error: unknown, name: string): unknown =>
  error !== null && typeof error === 'object' ? Reflect.get(error, name) : undefined;

const isBadJson = (code: unknown): boolean =>
  code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY';

/**
 * Every error that reaches Fastify becomes a problem (C-3.1): body too large (413), a content type
 * other than JSON (415), malformed JSON (400), and anything unexpected as a 500 that tells nothing of
 * its cause. Only the error's name and code are logged: never its message or stack, which may carry
 * a customer's values (C-2.8).
 */
export const handleError = (error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
  if (error instanceof InvalidJsonBodyError) return sendProblem(reply, validationFailed(error.errors));
  if (error instanceof UnsupportedBodyError) {
    return sendProblem(reply, problem(415, 'unsupported-media-type', error.detail));
  }
  const code = field(error, 'code');
  const statusCode = field(error, 'statusCode');
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || statusCode === 413) {
    // The body may still be arriving (chunked). Closing now would reset the connection under a
    // client that is still sending, and it would never read the 413 (C-9.1): read and drop the rest
    // instead, and keep the connection. The request timeout bounds how long that may take.
    reply.removeHeader('connection');
    request.raw.resume();
    return sendProblem(reply, problem(413, 'payload-too-large', 'The request body is over 64 KiB.'));
  }
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || statusCode === 415) {
    return sendProblem(
      reply,
      problem(415, 'unsupported-media-type', 'Request bodies must be application/json.'),
    );
  }
  if (isBadJson(code))
    return sendProblem(reply, validationFailed([{ path: '', message: 'expected a JSON body' }]));
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return sendProblem(reply, validationFailed([{ path: '', message: 'the request is malformed' }]));
  }
  if (isStorageUnavailable(error)) {
    const cause = field(field(error, 'cause'), 'code');
    request.log.warn(
      { error: { name: error.name, code: typeof cause === 'string' ? cause : undefined } },
      'storage unavailable',
    );
    return sendProblem(reply, storageUnavailable(), { 'retry-after': String(STORAGE_RETRY_AFTER_S) });
  }
  request.log.error(
    { error: { name: field(error, 'name'), code: typeof code === 'string' ? code : undefined } },
    'request failed',
  );
  return sendProblem(reply, internalError());
};

/** Errors Fastify raises before routing (a URL that does not decode): a 400 on a known path, else 404. */
export const handleFrameworkError =
  (matcher: RouteMatcher) =>
  (error: unknown, request: FastifyRequest, reply: FastifyReply): void => {
    // Raised before the plugin's hooks: the request is named here (request-id.ts).
    reply.header(REQUEST_ID_HEADER, request.id);
    const path = (request.raw.url ?? '').split('?')[0] ?? '';
    if (field(error, 'code') === 'FST_ERR_BAD_URL' && matcher.allowedMethods(path) === undefined) {
      void sendProblem(reply, routeNotFound());
      return;
    }
    void sendProblem(reply, validationFailed([{ path: '', message: 'the URL does not decode' }]));
  };

/** Answers `answer` on a socket Fastify has no reply for, and closes the connection. */
const endWithProblem = (
  socket: Duplex,
  statusLine: string,
  answer: Problem,
  headers: Readonly<Record<string, string>> = {},
): void => {
  const body = problemBytes(answer);
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(
    `HTTP/1.1 ${statusLine}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra.join('')}Connection: close\r\n\r\n${body}`,
  );
};

/** The response Node is writing, or about to write, on this socket (an earlier request's). */
const responseOn = (socket: Socket): ServerResponse | undefined => {
  const message: unknown = Reflect.get(socket, '_httpMessage');
  return message instanceof ServerResponse ? message : undefined;
};

/**
 * A request Node's HTTP layer refused, answered raw before Fastify has a reply: a request whose
 * headers or body did not arrive within their timeouts is a 408 (code `validation-failed`: the
 * contract's codes have no other for a request that never arrived whole, C-3.1); bad header bytes
 * or overlong headers are a 400. The connection is closed either way.
 */
export const handleClientError = (error: Error, socket: Socket): void => {
  const earlier = responseOn(socket);
  if (!socket.writable || earlier?.headersSent === true) {
    socket.destroy();
    return;
  }
  // A bad request pipelined behind one still being answered (received whole, so not the one at
  // fault, whose body broke off or timed out): that one's answer goes first (it may have changed a
  // basket, and its client reads answers in order), then this one's 400.
  if (earlier !== undefined && !earlier.writableEnded && earlier.req.complete) {
    earlier.once('finish', () => handleClientError(error, socket));
    earlier.once('close', () => {
      if (!earlier.writableFinished) socket.destroy();
    });
    return;
  }
  const code = field(error, 'code');
  const timedOut = code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const message =
    code === 'HPE_HEADER_OVERFLOW'
      ? 'the request headers are over the 16 KiB this server reads (a token that long is not one it issued)'
      : 'the HTTP request is malformed';
  const answer = timedOut
    ? problem(408, 'validation-failed', 'The request did not arrive in time; send it again, faster.')
    : validationFailed([{ path: '', message }]);
  endWithProblem(socket, timedOut ? '408 Request Timeout' : '400 Bad Request', answer);
};

/**
 * A `CONNECT` request, which Node hands to the server's `'connect'` event rather than to Fastify (and
 * drops without a word when nothing listens): answered raw like any other method a path does not
 * take, a 405 with `Allow` on a known path and a 404 elsewhere (C-1.7), and the connection closed.
 */
export const handleConnect =
  (matcher: RouteMatcher) =>
  (request: IncomingMessage, socket: Duplex): void => {
    const allowed = matcher.allowedMethods((request.url ?? '').split('?')[0] ?? '');
    const named = { [REQUEST_ID_HEADER]: requestIdOf(request) };
    socket.on('error', () => undefined);
    if (allowed === undefined) endWithProblem(socket, '404 Not Found', routeNotFound(), named);
    else
      endWithProblem(socket, '405 Method Not Allowed', methodNotAllowed(allowed), {
        Allow: allowed.join(', '),
        ...named,
      });
  };
