import { type BasketCommand, freshIdsNeeded, type Instant } from '@basket/core';
import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import { nowOf } from '../time';
import { type ApiEnv, acceptWork } from './accept';
import { admit, basketForCaller, type CallerBasket, type Ownership } from './access';
import { type Attempt, isKeyTaken, type Replay, withIdempotency } from './idempotency';
import type { Answer, Caller, Preconditions } from './types';

/** A decoded request for a basket command that goes through the basket's queue. */
export type BasketRequest = {
  readonly basketId: string;
  readonly operation: string;
  /** 200 for the interface's NotificationResponse, 202 for its AcceptedNotificationResponse. */
  readonly status: 200 | 202;
  readonly ownership?: Ownership;
  /** The command, stamped with the time of acceptance (fresh ids are added here). */
  readonly command: (at: Instant, basket: CallerBasket) => BasketCommand;
};

/** Fresh id suffixes for the provider baskets and lines the command may create (docs/architecture.md). */
const withFreshIds = (env: ApiEnv, command: BasketCommand): BasketCommand =>
  'freshIds' in command
    ? {
        ...command,
        freshIds: Array.from({ length: freshIdsNeeded(command) }, () => env.ctx.ids.providerSuffix()),
      }
    : command;

/**
 * A modifying basket request in C-1.7's order: decoded (400), the basket in the caller's store (404),
 * ownership (403), the path's provider basket and line (404), the basket's state (409), If-Match
 * (412), nothing to change (204); then durably accepted with a notification (200 or 202).
 */
export const modifyBasket = async (
  env: ApiEnv,
  caller: Caller,
  request: Either<Answer, BasketRequest>,
  pre?: Preconditions,
): Promise<Attempt> => {
  if (E.isLeft(request)) return request.left;
  const { basketId, operation, status, ownership } = request.right;
  const basket = await basketForCaller(env.ctx, caller, basketId, ownership);
  if (E.isLeft(basket)) return basket.left;
  const command = withFreshIds(env, request.right.command(nowOf(env.ctx.clock), basket.right));
  const admitted = admit(command, basket.right, pre);
  if (E.isLeft(admitted)) return admitted.left;
  const accepted = await acceptWork(env, caller, status, {
    basketId,
    operation,
    work: { kind: 'basket', command },
  });
  return isKeyTaken(accepted) ? accepted : accepted.answer;
};

/**
 * A modifying basket endpoint as a whole: the Idempotency-Key replay first (C-6.3, right after
 * authentication), then decoding (`request` runs only when the key is new) and `modifyBasket`.
 */
export const modifyIdempotently = (
  env: ApiEnv,
  replay: Replay,
  caller: Caller,
  request: () => Either<Answer, BasketRequest>,
  pre?: Preconditions,
): Promise<Answer> =>
  withIdempotency(env.ctx, caller, replay, () => modifyBasket(env, caller, request(), pre));
