import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import { type DomainProblem, problem } from '../decider';
import type { BasketEvent } from './events';
import { evolveBasket } from './evolve';
import { statusProblems, transitionOf } from './machine';
import type { BasketState } from './state';

/**
 * `events` folded into `state`, when every one is a transition of the table (`machine.ts`) from the
 * status the previous one left; otherwise the problem of that status (`statusProblems`), or
 * `internal-error` for a status that refuses nothing (a decision that broke the table is a bug).
 * The decide path folds only through here, so `evolveBasket` never sees an event the table forbids.
 */
export const foldInTable = (
  state: BasketState,
  events: ReadonlyArray<BasketEvent>,
): Either<DomainProblem, BasketState> => {
  let current = state;
  for (const event of events) {
    if (transitionOf(current.status, event.type) === undefined) {
      const detail = `a basket that is ${current.status} cannot take ${event.type}`;
      return E.left(problem(statusProblems[current.status] ?? 'internal-error', detail));
    }
    current = evolveBasket(current, event);
  }
  return E.right(current);
};

/** `events` themselves when they keep to the table from `state` (as the payment intent's decide does). */
export const inTable = (
  state: BasketState,
  events: ReadonlyArray<BasketEvent>,
): Either<DomainProblem, ReadonlyArray<BasketEvent>> =>
  E.flatMap(foldInTable(state, events), () => E.right(events));
