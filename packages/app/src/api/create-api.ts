import type { BasketApi } from './basket-api';
import { basketOperations } from './basket-operations';
import type { ApiEnv } from './command-path';
import { detailOperations } from './detail-operations';
import { plainReplay, type Replay } from './idempotency';
import { lineOperations } from './line-operations';
import { notificationOperation } from './notification-operation';
import { paymentAnswer, paymentIntentAnswer } from './payment-answers';
import { paymentIntentOperations } from './payment-intent-operations';
import { savedTokenOperation } from './saved-token-operation';

/** A replayed request answers its first answer again, derived anew where it waited for an outcome (C-6.3). */
const replayOf =
  (env: ApiEnv): Replay =>
  async (stored) => {
    const { ctx } = env;
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

/** The transport-agnostic API (`BasketApi`): one function per operation. */
export const createApi = (env: ApiEnv): BasketApi => {
  const replay = replayOf(env);
  return {
    ...basketOperations(env, replay),
    ...lineOperations(env, replay),
    ...detailOperations(env, replay),
    ...paymentIntentOperations(env, replay),
    ...savedTokenOperation(env, replay),
    ...notificationOperation(env),
  };
};
