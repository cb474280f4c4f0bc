import type { BasketApi } from './basket-api';
import { basketOperations } from './basket-operations';
import { commandOperations } from './command-operations';
import type { ApiEnv } from './command-path';
import { plainReplay, type Replay, settledAnswer } from './idempotency';
import { notificationOperation } from './notification-operation';
import { paymentAnswer, paymentIntentAnswer } from './payment-answers';
import { paymentIntentOperations } from './payment-intent-operations';
import { savedTokenOperation } from './saved-token-operation';

/**
 * A replayed request answers its first answer again (C-6.3). Where that answer waited for an
 * outcome, it is kept as given once given (`settledAnswer`); until then it is derived as the first
 * request derives it.
 */
const replayOf =
  (env: ApiEnv): Replay =>
  async (stored, caller) => {
    const { ctx } = env;
    const settled = stored.replay === undefined ? undefined : await settledAnswer(ctx, caller);
    if (settled !== undefined) return plainReplay(settled);
    if (stored.replay === 'payment-intent' && stored.notificationId && stored.paymentIntentId) {
      return paymentIntentAnswer(
        ctx,
        stored.paymentIntentId,
        stored.notificationId,
        ctx.config.paymentSyncWaitMs,
      );
    }
    if (stored.replay === 'payment' && stored.notificationId) {
      return paymentAnswer(ctx, stored.notificationId, ctx.config.paymentWaitMs);
    }
    return plainReplay(stored);
  };

/**
 * The transport-agnostic API (`BasketApi`): one method per entry of the operation table. The basket
 * commands are built from `basketCommands`; the other operations have their own handlers. An entry
 * added to the table without either does not compile here.
 */
export const createApi = (env: ApiEnv): BasketApi => {
  const replay = replayOf(env);
  return {
    ...basketOperations(env, replay),
    ...commandOperations(env, replay),
    ...paymentIntentOperations(env, replay),
    ...savedTokenOperation(env, replay),
    ...notificationOperation(env),
  };
};
