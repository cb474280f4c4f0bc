import { type DomainProblem, problem } from '@basket/core';
import type { NotificationCompletion } from '../ports/notifications';
import { storedProblemOf } from '../problems/problem';

export const succeeded = (notificationId: string, completed: string): NotificationCompletion => ({
  notificationId,
  outcome: { status: 'Succeeded', completed },
});

/** A Failed completion carrying the problem with the status of its code (422 for C-3.3's, C-3.1 shape). */
export const failed = (
  notificationId: string,
  completed: string,
  refusal: DomainProblem,
): NotificationCompletion => ({
  notificationId,
  outcome: { status: 'Failed', completed, problem: storedProblemOf(refusal) },
});

export const internalError = (notificationId: string, completed: string): NotificationCompletion =>
  failed(notificationId, completed, problem('internal-error', 'the request could not be carried out'));
