import type { Answer, BasketApp, Caller, Storage } from '@basket/app';
import type { CatalogIndex } from '@basket/core';
import type { Scheduler } from 'fast-check';
import { expect } from 'vitest';
import type { ManualClock } from './deterministic';
import type { ModelTargets } from './targets';

/**
 * A basket's status as the model knows it (C-8.3 to C-8.5). `unlocking`: a cancellation was
 * accepted but may not have run yet, so modifying commands may still meet the lock.
 */
export type BasketStatus = 'open' | 'locked' | 'unlocking' | 'checkedOut';

/** A basket as the model knows it: whether it was deleted, and the commands accepted for it, in order. */
export type ModelBasket = {
  readonly basketId: string;
  deleted: boolean;
  readonly accepted: Array<{ readonly notificationId: string; readonly operation: string }>;
  status: BasketStatus;
  /** The contact assigned (C-2.5): its commands then go with the payer's token. */
  contactId?: string;
  /**
   * Commands accepted with an If-Match, by the version they named (C-6.4): of those naming one
   * version, at most one may take effect.
   */
  readonly conditional?: Array<{ readonly ifMatch: number; readonly notificationId: string }>;
  /** Every payment intent made for the basket, oldest first. */
  readonly intents: string[];
  /**
   * Units held when the basket was locked: kept while locked, after payment for good (C-8.5), and
   * after a cancellation until the clock moves or the basket changes (C-8.4).
   */
  frozen?: ReadonlyMap<string, number>;
};

/** The model: the baskets made so far and what is fought over. */
export type BasketModel = { readonly baskets: ModelBasket[]; readonly targets: ModelTargets };

/**
 * The system under test: an app over a storage whose calls the scheduler releases, plus the
 * unscheduled storage for the checks to read, the clock the app runs on and the catalog.
 * `payer` is the signed-in contact with saved tokens; `chargesTaken` what the payment provider took.
 */
export type ModelSystem = {
  readonly app: BasketApp;
  readonly storage: Storage;
  readonly scheduler: Scheduler;
  readonly clock: ManualClock;
  readonly catalog: CatalogIndex;
  readonly caller: Caller;
  readonly payer: Caller & { readonly contactId: string };
  readonly chargesTaken: (paymentIntentId: string) => Promise<number>;
};

/** Runs `work` to its end, letting the scheduler release the storage calls it (and anything else) waits on. */
export const drive = <T>(system: ModelSystem, work: Promise<T>): Promise<T> => system.scheduler.waitFor(work);

export const liveBaskets = (model: BasketModel): ReadonlyArray<ModelBasket> =>
  model.baskets.filter((basket) => !basket.deleted);

/** The basket a command's `pick` names, among all baskets made (deleted ones too). */
export const pickBasket = (model: BasketModel, pick: number): ModelBasket | undefined =>
  model.baskets[pick % Math.max(1, model.baskets.length)];

/** Who sends a basket's commands: its contact once assigned (C-2.5), else a guest of the store. */
export const callerOf = (system: ModelSystem, basket: ModelBasket): Caller =>
  basket.contactId === undefined ? system.caller : system.payer;

/**
 * The answer to a modifying command that a locked or paid basket refuses: 409 `basket-locked` while a
 * payment intent is active (C-8.3), 409 `basket-checked-out` once paid (C-8.5). Answers whether
 * the command met the basket's state (and was refused) rather than going on.
 */
export const expectStateRefusal = (basket: ModelBasket, answer: Answer): boolean => {
  const code = 'problem' in answer ? answer.problem.code : undefined;
  switch (basket.status) {
    case 'locked':
      expect(answer, 'a locked basket (C-8.3)').toMatchObject({
        status: 409,
        problem: { code: 'basket-locked' },
      });
      return true;
    case 'checkedOut':
      expect(answer, 'a paid basket (C-8.5)').toMatchObject({
        status: 409,
        problem: { code: 'basket-checked-out' },
      });
      return true;
    case 'unlocking':
      if (code === 'basket-locked') {
        expect(answer).toMatchObject({ status: 409 });
        return true;
      }
      // Accepted: the cancellation ran before this command (C-8.4); the basket is open again.
      if ('body' in answer || answer.status === 204) basket.status = 'open';
      return false;
    case 'open':
      return false;
  }
};

/** The answer to a modifying command: accepted with a notification for a live basket, 404 for a deleted one. */
export const expectAccepted = (
  basket: ModelBasket,
  operation: string,
  answer: Answer,
  alsoAllowed: ReadonlyArray<string> = [],
  statuses: ReadonlyArray<number> = [200],
): void => {
  if (basket.deleted) {
    expect(answer).toMatchObject({ status: 404, problem: { code: 'basket-not-found' } });
    return;
  }
  if ('problem' in answer && alsoAllowed.includes(answer.problem.code)) return;
  if (expectStateRefusal(basket, answer)) return;
  expect(statuses, JSON.stringify(answer)).toContain(answer.status);
  if (answer.status === 204) return;
  const notificationId = 'body' in answer ? answer.body.notificationId : undefined;
  expect(typeof notificationId).toBe('string');
  if (typeof notificationId === 'string') basket.accepted.push({ notificationId, operation });
  basket.frozen = undefined;
};
