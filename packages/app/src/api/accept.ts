import type { AppContext } from '../context';
import type { IdempotencyKeyTaken } from '../ports/notifications';
import type { Processor } from '../processing/processor';
import { encodeWork, type QueuedWork } from '../processing/queued-command';
import { notificationAnswer } from './answers';
import { idempotencyRecord, type StoredAnswer } from './idempotency';
import type { Answer, Caller } from './types';

/** What the API shares beyond the context: the processor it hands accepted work to. */
export type ApiEnv = { readonly ctx: AppContext; readonly processor: Processor };

export type Acceptance = {
  readonly basketId: string;
  /** The interface's operation name, shown on the notification (C-5.2). */
  readonly operation: string;
  readonly work: QueuedWork;
  readonly paymentIntentId?: string;
  readonly notificationId?: string;
  /** How a replay of the request answers (C-6.3); default: this answer again. */
  readonly replay?: StoredAnswer['replay'];
};

export type Accepted = { readonly answer: Answer; readonly notificationId: string };

/**
 * Durably accepts the work with a Pending notification and its idempotency record in one write
 * (C-5.1), hands it to the processor, and answers the notification id. When another request took
 * the idempotency key first, nothing was accepted: `IdempotencyKeyTaken` (see `withIdempotency`).
 */
export const acceptWork = async (
  env: ApiEnv,
  caller: Caller,
  status: 200 | 202,
  acceptance: Acceptance,
): Promise<Accepted | IdempotencyKeyTaken> => {
  const { ctx, processor } = env;
  const notificationId = acceptance.notificationId ?? ctx.ids.uuid();
  const answer = notificationAnswer(status, notificationId);
  const stored: StoredAnswer = {
    status,
    body: { notificationId },
    ...(acceptance.replay === undefined
      ? {}
      : { replay: acceptance.replay, notificationId, basketId: acceptance.basketId }),
    ...(acceptance.paymentIntentId === undefined ? {} : { paymentIntentId: acceptance.paymentIntentId }),
  };
  const outcome = await ctx.storage.commands.accept(
    {
      notificationId,
      storeId: caller.storeId,
      basketId: acceptance.basketId,
      operation: acceptance.operation,
      ...(acceptance.paymentIntentId === undefined ? {} : { paymentIntentId: acceptance.paymentIntentId }),
      command: encodeWork(acceptance.work),
      accepted: ctx.clock.now(),
    },
    idempotencyRecord(ctx, caller, stored),
  );
  if (outcome._tag === 'IdempotencyKeyTaken') return outcome;
  processor.kick(acceptance.basketId);
  return { answer, notificationId };
};
