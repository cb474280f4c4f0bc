import type { FailedNotification, FieldError, Problem, ProblemCode } from '@basket/core';

/** Where an error happened: the request that answered it. */
export type RequestLine = { readonly method: string; readonly path: string };

/**
 * A problem answered by the service (C-3.1): a synchronous 4xx/5xx `application/problem+json`
 * response, or a Failed notification (C-3.3, then `notification` is set).
 */
export class BasketProblemError extends Error {
  override readonly name = 'BasketProblemError';
  /** The stable problem code (C-3.2, C-3.3, C-8.1). */
  readonly code: ProblemCode;
  /** The HTTP status of the problem (422 for the business outcomes of a notification). */
  readonly status: number;
  /** The invalid fields of a 400 `validation-failed`; empty otherwise. */
  readonly errors: ReadonlyArray<FieldError>;
  readonly problem: Problem;
  readonly request: RequestLine;
  /** The Failed notification that carried the problem, when it came from one. */
  readonly notification?: FailedNotification;

  constructor(problem: Problem, request: RequestLine, notification?: FailedNotification) {
    super(`${request.method} ${request.path}: ${problem.status} ${problem.code}: ${problem.detail}`);
    this.code = problem.code;
    this.status = problem.status;
    this.errors = problem.errors ?? [];
    this.problem = problem;
    this.request = request;
    if (notification !== undefined) this.notification = notification;
  }
}

/**
 * A response the client cannot use: an unexpected status, a body that is not JSON, or a body that
 * does not decode with the codec of its resource (`fieldErrors` name the paths inside the body).
 */
export class BasketResponseError extends Error {
  override readonly name = 'BasketResponseError';
  readonly status: number;
  readonly request: RequestLine;
  readonly fieldErrors: ReadonlyArray<FieldError>;

  constructor(
    request: RequestLine,
    status: number,
    reason: string,
    fieldErrors: ReadonlyArray<FieldError> = [],
  ) {
    const fields = fieldErrors.map((e) => `${e.path === '' ? '(body)' : e.path}: ${e.message}`).join('; ');
    super(`${request.method} ${request.path}: ${status}: ${reason}${fields === '' ? '' : ` (${fields})`}`);
    this.status = status;
    this.request = request;
    this.fieldErrors = fieldErrors;
  }
}

/** The request never got a response (after every retry): the network, DNS, a refused connection. */
export class BasketNetworkError extends Error {
  override readonly name = 'BasketNetworkError';
  readonly request: RequestLine;
  /** How many times the request was sent. */
  readonly attempts: number;

  constructor(request: RequestLine, attempts: number, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`${request.method} ${request.path}: no response after ${attempts} attempt(s): ${reason}`, {
      cause,
    });
    this.request = request;
    this.attempts = attempts;
  }
}

/** `settled()` waited longer than its `timeoutMs` for a notification to complete. */
export class BasketTimeoutError extends Error {
  override readonly name = 'BasketTimeoutError';
  readonly notificationId: string;

  constructor(notificationId: string, timeoutMs: number) {
    super(`notification ${notificationId} still Pending after ${timeoutMs} ms`);
    this.notificationId = notificationId;
  }
}

/** A modifying call asked for `If-Match` from a remembered ETag, but none is remembered. */
export class MissingETagError extends Error {
  override readonly name = 'MissingETagError';
  readonly basketId: string;

  constructor(basketId: string) {
    super(
      `no ETag remembered for basket ${basketId}: read it (get()) before a call with If-Match, ` +
        'or pass ifMatch explicitly',
    );
    this.basketId = basketId;
  }
}
