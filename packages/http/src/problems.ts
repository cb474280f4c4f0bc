import type { Problem } from '@basket/app';
import type { ProblemCode } from '@basket/core';
import type { FastifyReply } from 'fastify';

/** Base of the `type` URI of every problem this service answers (C-3.1). */
export const PROBLEM_TYPE_BASE = 'https://basket-service.example/problems/';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The challenge every 401 carries (C-2.1). */
export const WWW_AUTHENTICATE: Readonly<Record<string, string>> = {
  'www-authenticate': 'Bearer realm="basket"',
};

type FieldError = { readonly path: string; readonly message: string };

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** An RFC 9457 problem with one of the contract's stable codes (C-3.1, C-3.2). */
export const problem = (
  status: number,
  code: ProblemCode,
  detail: string,
  errors?: ReadonlyArray<FieldError>,
): Problem => ({
  type: `${PROBLEM_TYPE_BASE}${code}`,
  title: TITLES[status] ?? 'Error',
  status,
  detail,
  code,
  ...(errors === undefined ? {} : { errors }),
});

export const validationFailed = (errors: ReadonlyArray<FieldError>): Problem =>
  problem(400, 'validation-failed', 'The request is not valid: see errors.', errors);

export const unauthorized = (detail: string): Problem => problem(401, 'unauthorized', detail);

export const routeNotFound = (): Problem => problem(404, 'not-found', 'No resource lives at this path.');

export const methodNotAllowed = (allowed: ReadonlyArray<string>): Problem =>
  problem(405, 'method-not-allowed', `This path answers ${allowed.join(', ')} only.`);

/**
 * The 500 of a failure the service did not foresee. Whether the request changed anything is not
 * known at that point: the failure may come after its commit (a connection lost, or paused past its
 * timeout, while COMMIT's answer was on its way). What is known is C-3.4's: all of it or none.
 */
export const internalError = (): Problem =>
  problem(
    500,
    'internal-error',
    'The service failed to answer this request. If it changed anything, it changed all of it: send the request again with the same Idempotency-Key to have its first answer, or read what it would have changed.',
  );

/** Answers `p` as `application/problem+json`, with `extraHeaders` (WWW-Authenticate, Allow). */
export const sendProblem = (
  reply: FastifyReply,
  p: Problem,
  extraHeaders: Readonly<Record<string, string>> = {},
): FastifyReply => {
  reply.code(p.status).headers(extraHeaders).type(PROBLEM_CONTENT_TYPE);
  return reply.send(p);
};

/** The problem body as raw JSON bytes, for answers written before Fastify has a reply (client errors). */
export const problemBytes = (p: Problem): string => JSON.stringify(p);
