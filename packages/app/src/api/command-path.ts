import type { AppContext } from '../context';
import type { AcceptedCommand, IdempotencyKeyTaken } from '../ports/notifications';
import type { Processor } from '../processing/processor';
import { type Plan, type TransactOptions, type Tx, transact } from '../transact/transact';
import { problemAnswer } from './answers';
import { type Attempt, idempotencyRecord, type StoredAnswer, storedAnswerOf } from './idempotency';
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
  const deadline = Date.now() + ctx.config.pendingWaitMs;
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
      options,
    );
    if (result._tag === 'Refused') {
      if (result.conflict._tag === 'IdempotencyKeyTaken')
        return result.conflict satisfies IdempotencyKeyTaken;
      return problemAnswer('internal-error', 'the request could not be carried out; it changed nothing');
    }
    const judged = result.value;
    if (judged._tag === 'Answer') return judged.after ? judged.after() : judged.answer;
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
