import type { DomainProblem, FieldError, ProblemCode } from '@basket/core';
import type { JsonObject } from '../ports/json';
import { problemOf } from '../problems/problem';
import type { Answer } from './types';

export const problemAnswer = (
  code: ProblemCode,
  detail: string,
  errors?: ReadonlyArray<FieldError>,
): Answer => {
  const problem = problemOf(code, detail, errors);
  return { status: problem.status, problem };
};

export const refusalAnswer = (refusal: DomainProblem): Answer => problemAnswer(refusal.code, refusal.detail);

export const ok = (body: JsonObject, version?: number): Answer =>
  version === undefined ? { status: 200, body } : { status: 200, body, version };

export const noContent = (version?: number): Answer =>
  version === undefined ? { status: 204 } : { status: 204, version };

export const notificationAnswer = (status: 200 | 202, notificationId: string): Answer => ({
  status,
  body: { notificationId },
});

export const basketNotFound = (basketId: string): Answer =>
  problemAnswer('basket-not-found', `no basket ${basketId} in this store`);
