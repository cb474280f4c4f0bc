import type { DomainProblem, FieldError, ProblemCode } from '@basket/core';
import type { StoredProblem } from '../ports/notifications';

/** Problem `type` URIs are this base followed by the code (RFC 9457, C-3.1). */
export const PROBLEM_TYPE_BASE = 'https://basket-service.example/problems/';

/** The statuses a problem answers with. */
export type ProblemStatus = 400 | 402 | 403 | 404 | 409 | 412 | 413 | 422 | 500;
type Status = ProblemStatus;

/** RFC 9457 problem with the contract's stable code (C-3.1). */
export type Problem = {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: ProblemCode;
  readonly errors?: ReadonlyArray<{ readonly path: string; readonly message: string }>;
};

const statusOfCode: Partial<Record<ProblemCode, Status>> = {
  'validation-failed': 400,
  'payment-declined': 402,
  forbidden: 403,
  'basket-not-found': 404,
  'provider-basket-not-found': 404,
  'line-item-not-found': 404,
  'payment-intent-not-found': 404,
  'notification-not-found': 404,
  'basket-locked': 409,
  'basket-checked-out': 409,
  'contact-conflict': 409,
  'payment-intent-state': 409,
  'idempotency-key-in-use': 409,
  'precondition-failed': 412,
  'payload-too-large': 413,
  'internal-error': 500,
};

/** The status a problem code answers with; business outcomes of C-3.3 and C-8.1 are 422. */
export const statusOf = (code: ProblemCode): Status => statusOfCode[code] ?? 422;

const titles: Partial<Record<ProblemCode, string>> = {
  'validation-failed': 'The request is not valid',
  forbidden: 'Not allowed for this caller',
  'basket-not-found': 'Basket not found',
  'provider-basket-not-found': 'Provider basket not found',
  'line-item-not-found': 'Line item not found',
  'payment-intent-not-found': 'Payment intent not found',
  'notification-not-found': 'Notification not found',
  'basket-locked': 'The basket is locked by a payment intent',
  'basket-checked-out': 'The basket is checked out',
  'contact-conflict': 'The basket belongs to another contact',
  'payment-intent-state': 'The payment intent does not allow this',
  'precondition-failed': 'The basket changed since the given version',
  'idempotency-key-reused': 'The idempotency key was used for another request',
  'payment-declined': 'The payment was declined',
  'internal-error': 'Internal error',
};

const titleOf = (code: ProblemCode): string => titles[code] ?? code.replaceAll('-', ' ');

/** The problem body of `code` (C-3.1); `errors` only for a 400. Never carries a customer value (C-2.8). */
export const problemOf = (
  code: ProblemCode,
  detail: string,
  errors?: ReadonlyArray<FieldError>,
): Problem & { readonly status: Status } => ({
  type: `${PROBLEM_TYPE_BASE}${code}`,
  title: titleOf(code),
  status: statusOf(code),
  detail,
  code,
  ...(errors === undefined ? {} : { errors }),
});

export const storedProblemOf = (problem: DomainProblem): StoredProblem => {
  const { errors: _errors, ...stored } = problemOf(problem.code, problem.detail);
  return stored;
};
