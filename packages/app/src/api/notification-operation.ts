import * as E from 'fp-ts/Either';
import { notificationView } from '../notifications/view';
import { ok, problemAnswer } from './answers';
import type { BasketApi } from './basket-api';
import type { ApiEnv } from './command-path';
import { decodePath, plainId } from './decode';
import { awaitNotification } from './payment-answers';

/** C-5.2's longest wait. */
export const MAX_WAIT_MS = 30_000;

/** GET /notifications/{id} (C-4.4, C-5.2): store-scoped; `waitMs` holds the answer until it completes. */
export const notificationOperation = (env: ApiEnv): Pick<BasketApi, 'getNotification'> => ({
  getNotification: async (caller, notificationId, waitMs) => {
    const path = decodePath({ notificationId: plainId }, { notificationId });
    if (E.isLeft(path)) return path.left;
    const id = path.right.notificationId;
    const notFound = problemAnswer('notification-not-found', `no notification ${id} in this store`);
    const first = await env.ctx.storage.commands.notification(id);
    if (first === undefined || first.storeId !== caller.storeId) return notFound;
    const wait = Math.min(Math.max(0, waitMs ?? 0), MAX_WAIT_MS);
    const record =
      first.status === 'Pending' && wait > 0 ? await awaitNotification(env.ctx, id, wait) : first;
    return ok(notificationView(record ?? first));
  },
});
