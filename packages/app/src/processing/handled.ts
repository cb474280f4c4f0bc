import type { BasketCommand } from '@basket/core';
import * as E from 'fp-ts/Either';
import type { AppContext } from '../context';
import type { AcceptedCommand, NotificationCompletion } from '../ports/notifications';
import { type BasketRun, runBasketPlan } from './basket-decision';
import { failed, succeeded } from './completion';

/** What processing one accepted command came to. */
export type Handled =
  | { readonly _tag: 'Completed'; readonly completion: NotificationCompletion }
  /** Another processor completed it first. */
  | { readonly _tag: 'AlreadyCompleted' }
  /** Not finished (conflicts, a provider that did not answer): left Pending for a later attempt. */
  | { readonly _tag: 'Unfinished' };

export const unfinished: Handled = { _tag: 'Unfinished' };

export const fromBasketRun = (run: BasketRun): Handled => {
  if (run._tag === 'AlreadyCompleted') return run;
  if (run._tag === 'Decided' && run.completion !== undefined)
    return { _tag: 'Completed', completion: run.completion };
  return unfinished;
};

/** Completes the command with `completion` and no change (a commit of no events on its basket). */
export const completeWithoutChange = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  completion: () => NotificationCompletion,
): Promise<Handled> =>
  fromBasketRun(await runBasketPlan(ctx, { basketId: accepted.basketId, commands: () => [], completion }));

/** A customer's basket command: decided and completed in one commit (C-3.4). */
export const handleBasketCommand = async (
  ctx: AppContext,
  accepted: AcceptedCommand,
  command: BasketCommand,
): Promise<Handled> =>
  fromBasketRun(
    await runBasketPlan(ctx, {
      basketId: accepted.basketId,
      commands: () => [command],
      completion: (outcome) =>
        E.isRight(outcome)
          ? succeeded(accepted.notificationId, ctx.clock.now())
          : failed(accepted.notificationId, ctx.clock.now(), outcome.left),
    }),
  );
