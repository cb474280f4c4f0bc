import { type HttpMethod, Problem, validationErrors } from '@basket/core';
import { BasketNetworkError, BasketProblemError, BasketResponseError, type RequestLine } from './errors';
import {
  type BasketClientOptions,
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_RETRIES,
  DEFAULT_RETRY_AFTER_JITTER,
  defaultRetryDelay,
} from './options';
import { retryAfterMs } from './retry-after';

export type { HttpMethod };

export type HttpRequest = {
  readonly method: HttpMethod;
  /** The path and query, e.g. `/baskets/…?x=1`; ids already percent-encoded. */
  readonly path: string;
  /** A JSON body; absent: none is sent. */
  readonly body?: unknown;
  /** Sends an Idempotency-Key (C-6.3), the same on every retry. */
  readonly modifying: boolean;
  readonly idempotencyKey?: string;
  readonly ifMatch?: string;
  /** False for the endpoints that need no credentials (C-4.4). */
  readonly authenticated?: boolean;
  readonly signal?: AbortSignal;
};

/** A response with a status the caller must still check; problems were already thrown. */
export type HttpReply = {
  readonly status: number;
  readonly headers: Headers;
  /** The parsed JSON body; undefined when empty. */
  readonly body: unknown;
  readonly request: RequestLine;
};

export type Transport = (request: HttpRequest) => Promise<HttpReply>;

const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/** What the service takes as an Idempotency-Key (docs/http-api.md). */
const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,255}$/;

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
export const pause = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', abort, { once: true });
  });

const parseJson = (text: string, line: RequestLine, status: number): unknown => {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new BasketResponseError(line, status, 'the body is not JSON');
  }
};

/** Reads a response: a problem (any 4xx or 5xx) is thrown as a BasketProblemError (C-3.1). */
const readReply = (response: Response, text: string, line: RequestLine): HttpReply => {
  const body = parseJson(text, line, response.status);
  if (response.status >= 400) {
    const problem = Problem.decode(body);
    if (problem._tag === 'Right') throw new BasketProblemError(problem.right, line);
    const contentType = response.headers.get('content-type') ?? '';
    const reason = contentType.includes(PROBLEM_MEDIA_TYPE)
      ? 'the problem does not decode as Problem'
      : `an error without a problem body (${contentType || 'no content type'})`;
    throw new BasketResponseError(line, response.status, reason, validationErrors(problem.left));
  }
  return { status: response.status, headers: response.headers, body, request: line };
};

/**
 * The client's only contact with the network: fetch with the credentials (C-2), an Idempotency-Key
 * on modifying calls, and retries of network errors and 5xx answers with that same key, no sooner
 * than a 503's `Retry-After` asks (and, by the jitter, a little later at random).
 */
export const createTransport = (options: BasketClientOptions): Transport => {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const retries = Math.max(0, options.retry?.retries ?? DEFAULT_RETRIES);
  const delayMs = options.retry?.delayMs ?? defaultRetryDelay;
  const maxRetryAfterMs = options.retry?.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  const jitter = Math.min(1, Math.max(0, options.retry?.jitter ?? DEFAULT_RETRY_AFTER_JITTER));
  const random = options.retry?.random ?? Math.random;
  const newKey = options.newIdempotencyKey ?? (() => globalThis.crypto.randomUUID());
  const tokenOf = async (): Promise<string> =>
    typeof options.token === 'string' ? options.token : options.token();
  /** The wait before retry `attempt`: its delay, or a `Retry-After` lengthened by the jitter when longer. */
  const beforeRetry = (attempt: number, after: number, signal: AbortSignal | undefined) =>
    pause(Math.max(delayMs(attempt), after + after * jitter * random()), signal);

  return async (request) => {
    const line: RequestLine = { method: request.method, path: request.path.split('?')[0] ?? '' };
    const idempotencyKey = request.modifying ? (request.idempotencyKey ?? newKey()) : undefined;
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      // A header fetch cannot send (or the service would refuse, C-6.3): the caller's mistake, not the network's.
      throw new TypeError('an Idempotency-Key is 1 to 255 printable ASCII characters');
    }
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = { accept: `application/json, ${PROBLEM_MEDIA_TYPE}` };
      if (request.authenticated !== false) {
        headers['x-api-key'] = options.apiKey;
        headers.authorization = `Bearer ${await tokenOf()}`;
      }
      if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
      if (request.ifMatch !== undefined) headers['if-match'] = request.ifMatch;
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      // A failure before the whole answer is read, the body cut midway included, is a network
      // error: the call is sent again with the same key, and the service replays its answer (C-6.3).
      let exchange: { readonly response: Response; readonly text: string; readonly after: number };
      try {
        const response = await fetchImpl(`${baseUrl}${request.path}`, {
          method: request.method,
          headers,
          ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
          ...(request.signal === undefined ? {} : { signal: request.signal }),
        });
        const after = retryAfterMs(response.headers.get('retry-after'), Date.now());
        if (response.status >= 500 && attempt <= retries && after <= maxRetryAfterMs) {
          await response.body?.cancel();
          await beforeRetry(attempt, after, request.signal);
          continue;
        }
        exchange = { response, text: await response.text(), after };
      } catch (error) {
        if (request.signal?.aborted === true) throw error;
        if (attempt > retries) throw new BasketNetworkError(line, attempt, error);
        await pause(delayMs(attempt), request.signal);
        continue;
      }
      const { response, text, after } = exchange;
      try {
        return readReply(response, text, line);
      } catch (error) {
        // The same key still being carried out by a concurrent first use: "to be retried" (C-6.3).
        const inUse = error instanceof BasketProblemError && error.code === 'idempotency-key-in-use';
        if (!inUse || attempt > retries || after > maxRetryAfterMs) throw error;
        await beforeRetry(attempt, after, request.signal);
      }
    }
  };
};
