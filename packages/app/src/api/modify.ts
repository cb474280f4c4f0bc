import {
  type BasketCommand,
  freshIdsNeeded,
  holdsOf,
  type Instant,
  type OperationName,
  resourcesToCheck,
} from '@basket/core';
import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import { basketStream } from '../ports/event-store';
import { failed, succeeded } from '../processing/completion';
import { encodeWork } from '../processing/queued-command';
import { basketAggregate, decideAll } from '../streams/aggregate';
import { nowOf } from '../time';
import { holdRows } from '../transact/facts';
import { keptAboveCapacity } from '../transact/kept-above-capacity';
import type { Tx } from '../transact/transact';
import { admit, type CallerBasket, judgeCaller, type Ownership } from './access';
import { notificationAnswer } from './answers';
import { type BasketBatches, createBasketBatches, type QueuedRequest } from './basket-batches';
import { type ApiEnv, answered, decideRequest, type Judgement, mustWaitFor } from './command-path';
import { type Attempt, type Replay, withIdempotency } from './idempotency';
import type { Answer, Caller, Preconditions } from './types';

/** A decoded request for a basket command, decided in the request (C-6.4). */
export type BasketRequest = {
  readonly basketId: string;
  /** The operation's name in the table; its notifications carry it (C-5.2). */
  readonly operation: OperationName;
  /** 200 for the interface's NotificationResponse, 202 for its AcceptedNotificationResponse. */
  readonly status: 200 | 202;
  readonly ownership?: Ownership;
  /** The command, stamped with the time of the decision (fresh ids are added here). */
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
 * A basket command judged and decided in one transaction on the basket as every command accepted
 * before left it: the basket in the caller's store (404), ownership (403), the path's provider basket
 * and line (404), the basket's state (409), If-Match (412), nothing to change (204); then decided,
 * and accepted with its outcome already in its notification (Succeeded, or Failed with a C-3.3
 * problem), its events, holds and snapshot, all in that transaction (C-5.1, C-3.4).
 */
export const judgeBasketCommand = async (
  env: ApiEnv,
  caller: Caller,
  request: BasketRequest,
  tx: Tx,
  pre?: Preconditions,
): Promise<Judgement> => {
  const { ctx } = env;
  const loaded = await tx.basket();
  const basket = judgeCaller(loaded, caller, request.basketId, request.ownership);
  if (E.isLeft(basket)) return answered(basket.left);
  const command = withFreshIds(env, request.command(tx.now, basket.right));
  const admitted = admit(command, basket.right, pre);
  if (E.isLeft(admitted)) return answered(admitted.left);
  const outcome = E.flatMap(await decideAll(basketAggregate, loaded, [command], tx.basketFacts), (applied) =>
    keptAboveCapacity(loaded.state, applied, tx),
  );
  const notificationId = ctx.ids.uuid();
  const completed = tx.now;
  const acceptance = {
    command: {
      notificationId,
      storeId: caller.storeId,
      basketId: request.basketId,
      operation: request.operation,
      command: encodeWork({ kind: 'basket', command }),
      accepted: tx.now,
    },
    outcome: (E.isRight(outcome)
      ? succeeded(notificationId, completed)
      : failed(notificationId, completed, outcome.left)
    ).outcome,
  };
  const answer = notificationAnswer(request.status, notificationId);
  if (E.isLeft(outcome)) return { _tag: 'Answer', answer, plan: { accepts: [acceptance] } };
  const applied = outcome.right;
  return {
    _tag: 'Answer',
    answer,
    plan: {
      accepts: [acceptance],
      writes: [tx.basketWrite(loaded, applied)],
      holds: holdRows(holdsOf(applied.state), tx.catalog),
    },
  };
};

/** One basket request decided in a transaction of its own (`decideRequest`). */
const decideAlone = (
  env: ApiEnv,
  { caller, request, pre, likely, since }: QueuedRequest<BasketRequest>,
): Promise<Attempt> =>
  decideRequest(
    env,
    caller,
    request.basketId,
    async (tx, pending) =>
      pending !== undefined && (await mustWaitFor(tx, pending))
        ? { _tag: 'Wait', pending }
        : judgeBasketCommand(env, caller, request, tx, pre),
    { ...(likely === undefined ? {} : { likely }), ...(since === undefined ? {} : { since }) },
  );

/**
 * The resources the request's decision will likely read first, judged on this process's cached state
 * of the basket (none without one): read with the transaction's opening, they spare the decision a
 * round trip (docs/architecture.md, "Round trips"). A wrong guess costs only the read.
 */
const likelyResources = async (
  env: ApiEnv,
  caller: Caller,
  request: BasketRequest,
): Promise<ReadonlyArray<string> | undefined> => {
  const cached = env.ctx.basketStates.get(basketStream(request.basketId));
  if (cached === undefined) return undefined;
  const basket = judgeCaller(cached, caller, request.basketId, request.ownership);
  if (E.isLeft(basket)) return undefined;
  const catalog = await env.ctx.providers.catalog();
  const command = request.command(nowOf(env.ctx.clock), basket.right);
  return resourcesToCheck(command, cached.state, catalog, new Map());
};

const batchesOf = new WeakMap<ApiEnv, BasketBatches<BasketRequest>>();

/** The app's group commit of basket commands (basket-batches.ts), one per API. */
const batches = (env: ApiEnv): BasketBatches<BasketRequest> => {
  const known = batchesOf.get(env);
  if (known !== undefined) return known;
  const created = createBasketBatches<BasketRequest>(
    env.ctx,
    async ({ caller, request, pre }, tx) => {
      const judged = await judgeBasketCommand(env, caller, request, tx, pre);
      if (judged._tag === 'Wait') throw new Error('a basket command is judged only with nothing Pending');
      return judged;
    },
    (queued) => decideAlone(env, queued),
  );
  batchesOf.set(env, created);
  return created;
};

/**
 * A modifying basket request: 400 at once; then decided on its basket, together with the other
 * basket commands waiting for it in this process (`createBasketBatches`). A request with an
 * Idempotency-Key is decided alone: its record is committed with its own answer (C-6.3).
 */
export const modifyBasket = async (
  env: ApiEnv,
  caller: Caller,
  request: Either<Answer, BasketRequest>,
  pre?: Preconditions,
): Promise<Attempt> => {
  if (E.isLeft(request)) return request.left;
  const since = Date.now();
  const likely = await likelyResources(env, caller, request.right);
  const queued = { caller, request: request.right, pre, since, ...(likely === undefined ? {} : { likely }) };
  if (caller.idempotency !== undefined) return decideAlone(env, queued);
  return batches(env).decide(request.right.basketId, queued);
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
