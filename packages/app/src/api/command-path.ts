import type { BasketState } from '@basket/core';
import type { AppContext } from '../context';
import type { AcceptedCommand, IdempotencyKeyTaken } from '../ports/notifications';
import type { Processor } from '../processing/processor';
import { type Plan, type TransactOptions, type Tx, transact } from '../transact/transact';
import { problemAnswer } from './answers';
import {
  type Attempt,
  idempotencyRecord,
  type StoredAnswer,
  settledRecord,
  storedAnswerOf,
} from './idempotency';
import type { Answer, Caller } from './types';

/** What the API shares beyond the context: the processor that carries on accepted work. */
export type ApiEnv = { readonly ctx: AppContext; readonly processor: Processor };

/**
 * What a request's judgement inside its transaction came to: an answer with what to commit, or
 * `wait` when a command accepted before it on the basket still has its outcome to come.
 */
export type Judgement =
  | {
      readonly _tag: 'Answer';
      readonly answer: Answer;
      /** What to write with it (events, holds, the accepted command with its outcome...). */
      readonly plan?: Omit<Plan<unknown>, 'value' | 'idempotency'>;
      /** The answer as the idempotency record keeps it, when not the answer itself (derived ones, C-6.3). */
      readonly stored?: StoredAnswer;
      /** Runs once committed, and answers in place of `answer` (a wait for a provider's outcome). */
      readonly after?: () => Promise<Answer>;
    }
  | { readonly _tag: 'Wait'; readonly pending: AcceptedCommand };

export const answered = (answer: Answer): Judgement => ({ _tag: 'Answer', answer });

/**
 * Whether the Pending command is the creation of the payment intent that holds the basket locked.
 * What that command does to the basket, the lock, is committed with its acceptance; what its saga
 * brings later (the providers' answers, an unlock on refusal) are later events. So a request behind
 * it is judged on the locked basket at once (409 `basket-locked`, C-8.3), not held until the
 * providers answer (docs/decisions.md, "When a createPaymentIntent takes effect").
 */
export const createsActiveIntent = (pending: AcceptedCommand, basket: BasketState): boolean =>
  pending.operation === 'createPaymentIntent' &&
  basket.status === 'locked' &&
  basket.activePaymentIntentId === pending.paymentIntentId;

/**
 * Whether a request must wait for the Pending command before it is judged. Not for the creation of
 * the intent that locks the basket (`createsActiveIntent`), nor for one whose intent already ended
 * Cancelled: all that is left of it is telling the providers to release, and the basket is unlocked
 * (or about to be, a later event) whatever they take to answer.
 */
export const mustWaitFor = async (tx: Tx, pending: AcceptedCommand): Promise<boolean> => {
  if (createsActiveIntent(pending, (await tx.basket()).state)) return false;
  if (pending.operation !== 'createPaymentIntent' || pending.paymentIntentId === undefined) return true;
  return (await tx.intent(pending.paymentIntentId)).state.status !== 'Cancelled';
};

/**
 * C-6.4's decision path of one request on one basket: in one transaction under the basket's lock,
 * `judge` sees the basket as every command accepted before left it (a command accepted before whose
 * outcome is still to come is waited for first: `Wait`), answers in C-1.7's order, and what it
 * writes is committed with the idempotency record of its answer (C-6.3). A taken key answers
 * `IdempotencyKeyTaken`, for the replay.
 */
export const decideRequest = async (
  env: ApiEnv,
  caller: Caller,
  basketId: string,
  judge: (tx: Tx, pending: AcceptedCommand | undefined) => Promise<Judgement>,
  /** What is known of the basket beforehand (`transact`). */
  options?: TransactOptions,
): Promise<Attempt> => {
  const { ctx } = env;
  const since = options?.since ?? Date.now();
  const deadline = since + ctx.config.pendingWaitMs;
  for (;;) {
    const result = await transact(
      ctx,
      basketId,
      async (tx): Promise<Plan<Judgement>> => {
        const judged = await judge(tx, await tx.reads.oldestPending(basketId));
        if (judged._tag === 'Wait') return { value: judged };
        const idempotency = idempotencyRecord(ctx, caller, judged.stored ?? storedAnswerOf(judged.answer));
        return { ...judged.plan, ...(idempotency ? { idempotency } : {}), value: judged };
      },
      { ...options, since },
    );
    if (result._tag === 'Refused') {
      if (result.conflict._tag === 'IdempotencyKeyTaken')
        return result.conflict satisfies IdempotencyKeyTaken;
      return problemAnswer('internal-error', 'the request could not be carried out; it changed nothing');
    }
    const judged = result.value;
    if (judged._tag === 'Answer') {
      if (judged.after === undefined) return judged.answer;
      const answer = await judged.after();
      await keepSettledAnswer(env, caller, basketId, answer);
      return answer;
    }
    if (Date.now() >= deadline) {
      return problemAnswer(
        'internal-error',
        'commands accepted before on this basket are still being carried out',
      );
    }
    await waitForPending(env, basketId, judged.pending);
  }
};

/**
 * The first answer of a keyed request whose answer waited for an outcome, kept as given (C-6.3):
 * a replay answers it again rather than the outcome as it is by then. Written after the answer is
 * known, so a replay before that derives it as this request did. False when an answer was kept
 * for the key already (that one stands); true otherwise, also for an answer not kept (a 5xx).
 */
export const keepSettledAnswer = async (
  env: ApiEnv,
  caller: Caller,
  basketId: string,
  answer: Answer,
): Promise<boolean> => {
  const record = settledRecord(env.ctx, caller, answer);
  if (record === undefined) return true;
  const kept = await transact(env.ctx, basketId, async () => ({ value: undefined, idempotency: record }));
  return kept._tag !== 'Refused';
};

/**
 * Carries on the basket's Pending commands in this process (whichever process accepted them), or
 * waits a moment for the process that is on them to complete them.
 */
const waitForPending = async (env: ApiEnv, basketId: string, pending: AcceptedCommand): Promise<void> => {
  const { ctx } = env;
  // Any process carries on any basket's accepted commands (C-6.5): one left by a process that
  // stopped is taken up here; with one under way elsewhere, the commit guards make it happen once.
  await env.processor.process(basketId);
  await ctx.hub.waitFor(pending.notificationId, ctx.config.notificationRecheckMs, () =>
    ctx.storage.commands.notification(pending.notificationId),
  );
};
