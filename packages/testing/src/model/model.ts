import type { Answer, BasketApp, Caller, Storage } from '@basket/app';
import type { CatalogIndex } from '@basket/core';
import type { Scheduler } from 'fast-check';
import { expect } from 'vitest';
import type { ManualClock } from './deterministic';
import type { ModelTargets } from './targets';

/** A basket as the model knows it: whether it was deleted, and the commands accepted for it, in order. */
export type ModelBasket = {
  readonly basketId: string;
  deleted: boolean;
  readonly accepted: Array<{ readonly notificationId: string; readonly operation: string }>;
};

/** The model: the baskets made so far and what is fought over. */
export type BasketModel = { readonly baskets: ModelBasket[]; readonly targets: ModelTargets };

/**
 * The system under test: an app over a storage whose calls the scheduler releases, plus the
 * unscheduled storage for the checks to read, the clock the app runs on and the catalog.
 */
export type ModelSystem = {
  readonly app: BasketApp;
  readonly storage: Storage;
  readonly scheduler: Scheduler;
  readonly clock: ManualClock;
  readonly catalog: CatalogIndex;
  readonly caller: Caller;
};

/** Runs `work` to its end, letting the scheduler release the storage calls it (and anything else) waits on. */
export const drive = <T>(system: ModelSystem, work: Promise<T>): Promise<T> => system.scheduler.waitFor(work);

export const liveBaskets = (model: BasketModel): ReadonlyArray<ModelBasket> =>
  model.baskets.filter((basket) => !basket.deleted);

/** The basket a command's `pick` names, among all baskets made (deleted ones too). */
export const pickBasket = (model: BasketModel, pick: number): ModelBasket | undefined =>
  model.baskets[pick % Math.max(1, model.baskets.length)];

/** The answer to a modifying command: accepted with a notification for a live basket, 404 for a deleted one. */
export const expectAccepted = (
  basket: ModelBasket,
  operation: string,
  answer: Answer,
  alsoAllowed: ReadonlyArray<string> = [],
): void => {
  if (basket.deleted) {
    expect(answer).toMatchObject({ status: 404, problem: { code: 'basket-not-found' } });
    return;
  }
  if ('problem' in answer && alsoAllowed.includes(answer.problem.code)) return;
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200 });
  const notificationId = 'body' in answer ? answer.body.notificationId : undefined;
  expect(typeof notificationId).toBe('string');
  if (typeof notificationId === 'string') basket.accepted.push({ notificationId, operation });
};
