import {
  type BasketCommand,
  type BasketEvent,
  type BasketState,
  type DomainProblem,
  holdsOf,
  type Instant,
} from '@basket/core';
import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import type { AppContext } from '../context';
import type { IdempotencyKeyTaken, IdempotencyRecord, NotificationCompletion } from '../ports/notifications';
import type { CommitConflict } from '../ports/unit-of-work';
import { type Applied as AppliedOf, basketAggregate, decideAll, type Loaded } from '../streams/aggregate';
import { holdRows } from '../transact/facts';
import { keptAboveCapacity } from '../transact/kept-above-capacity';
import { transact } from '../transact/transact';

export type LoadedBasket = Loaded<BasketState>;
export type Applied = AppliedOf<BasketEvent, BasketState>;
export type BasketOutcome = Either<DomainProblem, Applied>;

/** One decision on a basket, and what to commit with it. */
export type BasketPlan = {
  readonly basketId: string;
  /**
   * The commands to decide in order, on the basket as of the transaction; `refusedFor`: the resource
   * the store refused the previous attempt's holds for, when this attempt runs again because of it.
   */
  readonly commands: (loaded: LoadedBasket, at: Instant, refusedFor?: string) => ReadonlyArray<BasketCommand>;
  /**
   * The commands answer such a refusal themselves (the unlock leaves that hold running), so it is
   * not turned into `insufficient-capacity` (`keptAboveCapacity`).
   */
  readonly answersRefusals?: boolean;
  /** The notification the decision completes, if any (committed even when the decision refuses). */
  readonly completion?: (outcome: BasketOutcome, loaded: LoadedBasket) => NotificationCompletion | undefined;
  /** The idempotency record of a synchronous answer (committed only when the decision applies). */
  readonly idempotency?: (applied: Applied, loaded: LoadedBasket) => IdempotencyRecord | undefined;
  /** Rewrite the basket's holds even when the decision appends nothing (the expiry sweeper's cleanup). */
  readonly refreshHolds?: boolean;
};

export type BasketRun =
  | {
      readonly _tag: 'Decided';
      readonly loaded: LoadedBasket;
      readonly outcome: BasketOutcome;
      /** The completion committed with the decision, for the in-process news. */
      readonly completion?: NotificationCompletion;
    }
  | { readonly _tag: 'AlreadyCompleted' }
  /** The plan's idempotency record was refused: another request took the key (C-6.3); nothing written. */
  | IdempotencyKeyTaken
  | { readonly _tag: 'GaveUp'; readonly conflict: CommitConflict };

/**
 * A basket decision through `transact`: the commands decided on the basket as of the transaction,
 * committed with their holds (a projection of the new state), completion, idempotency record and
 * snapshot in that one transaction.
 */
export const runBasketPlan = async (ctx: AppContext, plan: BasketPlan): Promise<BasketRun> => {
  const result = await transact(ctx, plan.basketId, async (tx) => {
    const loaded = await tx.basket();
    const decided = await decideAll(
      basketAggregate,
      loaded,
      plan.commands(loaded, tx.now, tx.refusedFor),
      tx.basketFacts,
    );
    const outcome =
      plan.answersRefusals === true
        ? decided
        : E.flatMap(decided, (applied) => keptAboveCapacity(loaded.state, applied, tx));
    const completion = plan.completion?.(outcome, loaded);
    const applied = E.isRight(outcome) ? outcome.right : undefined;
    const idempotency = applied && plan.idempotency?.(applied, loaded);
    const changed = applied !== undefined && applied.events.length > 0;
    const value = { loaded, outcome, ...(completion ? { completion } : {}) };
    return {
      value,
      ...(applied && changed ? { writes: [tx.basketWrite(loaded, applied)] } : {}),
      ...(applied && (changed || plan.refreshHolds === true)
        ? { holds: holdRows(holdsOf(applied.state), tx.catalog) }
        : {}),
      ...(completion ? { completion } : {}),
      ...(idempotency ? { idempotency } : {}),
    };
  });
  if (result._tag === 'Done') return { _tag: 'Decided', ...result.value };
  const { conflict } = result;
  if (conflict._tag === 'AlreadyCompleted') return { _tag: 'AlreadyCompleted' };
  if (conflict._tag === 'IdempotencyKeyTaken') return conflict;
  return { _tag: 'GaveUp', conflict };
};
