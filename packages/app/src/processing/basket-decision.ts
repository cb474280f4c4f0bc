import {
  type BasketCommand,
  type BasketEvent,
  type BasketState,
  basketDecider,
  type CatalogIndex,
  type DomainProblem,
  evolveBasket,
  holdsOf,
  type Instant,
} from '@basket/core';
import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import type { AppContext } from '../context';
import { basketStream } from '../ports/event-store';
import type { IdempotencyKeyTaken, IdempotencyRecord, NotificationCompletion } from '../ports/notifications';
import type { CommitConflict } from '../ports/unit-of-work';
import { encodeBasketEvent, type LoadedBasket, loadBasket, snapshotFor } from '../streams/basket-stream';
import { nowOf } from '../time';
import { gatherFacts, holdRows } from './facts';

export type Applied = {
  readonly events: ReadonlyArray<BasketEvent>;
  readonly state: BasketState;
  readonly version: number;
};
export type BasketOutcome = Either<DomainProblem, Applied>;

/** One decision on a basket, and what to commit with it. */
export type BasketPlan = {
  readonly basketId: string;
  /** The commands to decide in order, from the freshest state (asked again on every attempt). */
  readonly commands: (loaded: LoadedBasket, at: Instant) => ReadonlyArray<BasketCommand>;
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

/** Decides `commands` one after the other, each on the state the previous left. */
const decideAll = async (
  ctx: AppContext,
  catalog: CatalogIndex,
  loaded: LoadedBasket,
  commands: ReadonlyArray<BasketCommand>,
  now: string,
): Promise<BasketOutcome> => {
  let state = loaded.state;
  const events: BasketEvent[] = [];
  for (const command of commands) {
    const facts = await gatherFacts(ctx.storage.inventory, catalog, command, state, now);
    const decided = basketDecider.decide(command, state, facts);
    if (E.isLeft(decided)) return decided;
    events.push(...decided.right);
    state = decided.right.reduce(evolveBasket, state);
  }
  return E.right({ events, state, version: loaded.version + events.length });
};

/**
 * Loads the basket, gathers facts, decides and commits events, holds (a projection of the new state),
 * completion, idempotency record and snapshot as one unit of work. A version or inventory conflict
 * re-reads and decides again (bounded by `maxAttempts`); a taken idempotency key answers at once.
 */
export const runBasketPlan = async (ctx: AppContext, plan: BasketPlan): Promise<BasketRun> => {
  let conflict: CommitConflict = {
    _tag: 'VersionConflict',
    streamId: basketStream(plan.basketId),
    expected: 0,
    actual: 0,
  };
  for (let attempt = 0; attempt < ctx.config.maxAttempts; attempt++) {
    const loaded = await loadBasket(ctx.storage, plan.basketId, ctx.basketStates);
    const catalog = await ctx.providers.catalog();
    const now = nowOf(ctx.clock);
    const outcome = await decideAll(ctx, catalog, loaded, plan.commands(loaded, now), now);
    const completion = plan.completion?.(outcome, loaded);
    const applied = E.isRight(outcome) ? outcome.right : undefined;
    const idempotency = applied && plan.idempotency?.(applied, loaded);
    const events = applied?.events ?? [];
    const writeHolds = applied !== undefined && (events.length > 0 || plan.refreshHolds === true);
    if (completion === undefined && idempotency === undefined && !writeHolds) {
      return { _tag: 'Decided', loaded, outcome };
    }
    const snapshot =
      applied && snapshotFor(ctx.config.snapshotEvery, loaded.version, applied.version, applied.state);
    const result = await ctx.storage.unitOfWork.commit({
      streamId: basketStream(plan.basketId),
      expectedVersion: loaded.version,
      events: events.map(encodeBasketEvent),
      ...(applied && writeHolds
        ? { holds: { holder: plan.basketId, holds: holdRows(holdsOf(applied.state), catalog) } }
        : {}),
      ...(completion ? { completion } : {}),
      ...(idempotency ? { idempotency } : {}),
      ...(snapshot ? { snapshot } : {}),
      at: now,
    });
    if (result._tag === 'Committed') {
      if (applied)
        ctx.basketStates.set(basketStream(plan.basketId), { state: applied.state, version: result.version });
      return { _tag: 'Decided', loaded, outcome, ...(completion ? { completion } : {}) };
    }
    if (result._tag === 'AlreadyCompleted') return { _tag: 'AlreadyCompleted' };
    // Not a conflict that deciding again resolves: the key stays taken.
    if (result._tag === 'IdempotencyKeyTaken') return result;
    conflict = result;
  }
  return { _tag: 'GaveUp', conflict };
};
