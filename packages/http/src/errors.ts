import { Buffer } from 'node:buffer';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  internalError,
  PROBLEM_CONTENT_TYPE,
  problem,
  problemBytes,
  routeNotFound,
  sendProblem,
  validationFailed,
} from './problems';
import { InvalidJsonBodyError } from './request-strings';
import type { RouteMatcher } from './route-matcher';

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
  const code = field(error, 'code');
  const statusCode = field(error, 'statusCode');
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || statusCode === 413) {
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
    const path = (request.raw.url ?? '').split('?')[0] ?? '';
    if (field(error, 'code') === 'FST_ERR_BAD_URL' && matcher.allowedMethods(path) === undefined) {
      void sendProblem(reply, routeNotFound());
      return;
    }
    void sendProblem(reply, validationFailed([{ path: '', message: 'the URL does not decode' }]));
  };

/** A request Node's HTTP parser refused (bad header bytes, overlong headers): a raw 400 problem. */
export const handleClientError = (_error: Error, socket: Socket): void => {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = problemBytes(validationFailed([{ path: '', message: 'the HTTP request is malformed' }]));
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};
