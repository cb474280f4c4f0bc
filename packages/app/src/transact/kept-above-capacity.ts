import {
  type BasketEvent,
  type BasketState,
  type DomainProblem,
  type Hold,
  holdsOf,
  problem,
} from '@basket/core';
import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import type { Applied } from '../streams/aggregate';
import type { Tx } from './transact';

/** Units of `resource` that `holds` keep at `now` (expired holds keep none). */
const unitsHeld = (holds: ReadonlyArray<Hold>, resource: string, now: string): number =>
  holds
    .filter((hold) => hold.resource === resource && (hold.expiresAt === undefined || hold.expiresAt > now))
    .reduce((units, hold) => units + hold.quantity, 0);

/**
 * `insufficient-capacity` (C-7.3a) for a decision whose commit the store refused for want of room
 * in a resource whose hold the decision does not grow: the catalog now has less of it than the
 * basket holds (a capacity lowered, a slot or variant removed), and every change to its provider
 * basket restarts that hold (C-7.8), which the store checks against capacity like a hold that grows.
 * Deciding again would be refused again; before, the request ended in a 500 after every retry
 * (docs/decisions.md, "A capacity lowered below what baskets hold"). A resource whose hold grows
 * was checked by the decision itself: its refusal is a race, decided again on fresh facts.
 */
export const keptAboveCapacity = (
  before: BasketState,
  after: Applied<BasketEvent, BasketState>,
  tx: Tx,
): Either<DomainProblem, Applied<BasketEvent, BasketState>> => {
  const resource = tx.refusedFor;
  if (resource === undefined) return E.right(after);
  const kept = unitsHeld(holdsOf(after.state), resource, tx.now);
  return kept > 0 && kept <= unitsHeld(holdsOf(before), resource, tx.now)
    ? E.left(
        problem(
          'insufficient-capacity',
          `${resource}: the basket holds ${kept}, more than the catalog now has room for; its provider basket can not change until that hold runs out`,
        ),
      )
    : E.right(after);
};
