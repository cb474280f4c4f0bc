import { badStringReason, badStrings, type FieldError } from '@basket/core';
import { problemAnswer } from './answers';
import type { BasketApi } from './basket-api';
import { basketOperations } from './basket-operations';
import { commandOperations } from './command-operations';
import { type ApiEnv, keepSettledAnswer } from './command-path';
import { plainReplay, type Replay, type StoredAnswer, settledAnswer } from './idempotency';
import { notificationOperation } from './notification-operation';
import { paymentAnswer, paymentIntentAnswer } from './payment-answers';
import { paymentIntentOperations } from './payment-intent-operations';
import { savedTokenOperation } from './saved-token-operation';
import type { Answer, Caller } from './types';

/** The answer of a request that waited for an outcome, derived from its notification as it is now. */
const derivedAnswer = (env: ApiEnv, stored: StoredAnswer, caller: Caller): Promise<Answer> | undefined => {
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
    return paymentAnswer(ctx, stored.notificationId, ctx.config.paymentWaitMs, caller.signal);
  }
  return undefined;
};

/**
 * A replayed request answers its first answer again (C-6.3). Where that answer waited for an
 * outcome, it is kept as given once given (`settledAnswer`). Until then it is derived as the first
 * request derives it, and kept in turn: the first request's process may have stopped before
 * keeping its own (its caller then got nothing, and this is the first answer anyone gets), and a
 * derived answer changes with the intent. Of two keeping at once, the first kept is answered.
 */
const replayOf =
  (env: ApiEnv): Replay =>
  async (stored, caller) => {
    const { ctx } = env;
    const settled = stored.replay === undefined ? undefined : await settledAnswer(ctx, caller);
    if (settled !== undefined) return plainReplay(settled);
    const derived = await derivedAnswer(env, stored, caller);
    if (derived === undefined) return plainReplay(stored);
    const notification =
      stored.notificationId === undefined
        ? undefined
        : await ctx.storage.commands.notification(stored.notificationId);
    if (notification === undefined || (await keepSettledAnswer(env, caller, notification.basketId, derived)))
      return derived;
    const kept = await settledAnswer(ctx, caller);
    return kept === undefined ? derived : plainReplay(kept);
  };

/** Not empty, and storable (C-1.6): nothing to check further. */
const plain = (text: string): boolean => text !== '' && badStringReason(text) === undefined;

/**
 * The caller's strings that no storage can keep (C-1.6), and empty ids (C-1.7): the HTTP adapter
 * refuses them in its headers and tokens, and an embedder's transport gets the same 400 here instead
 * of a storage error or a basket of no store.
 */
const unstorableCaller = (caller: Caller): Answer | undefined => {
  // Every request passes here: the common caller, whose strings are plain and non-empty, is let
  // through without building the lists below.
  const { storeId, contactId, idempotency } = caller;
  if (
    plain(storeId) &&
    (contactId === undefined || plain(contactId)) &&
    (idempotency === undefined || (plain(idempotency.key) && plain(idempotency.fingerprint)))
  ) {
    return undefined;
  }
  const ids = {
    storeId: caller.storeId,
    contactId: caller.contactId,
    idempotencyKey: caller.idempotency?.key,
  };
  const empty: FieldError[] = Object.entries(ids).flatMap(([name, value]) =>
    value === '' ? [{ path: name, message: 'must not be empty' }] : [],
  );
  const errors: FieldError[] = [
    ...empty,
    ...badStrings({ ...ids, idempotencyFingerprint: caller.idempotency?.fingerprint }),
  ].map((error) => ({ ...error, path: `caller.${error.path}` }));
  return errors.length === 0
    ? undefined
    : problemAnswer('validation-failed', 'the caller is not valid', errors);
};

type AnyMethod = (caller: Caller, ...rest: ReadonlyArray<unknown>) => Promise<Answer>;

/** Every method of `api`, answering a caller with unstorable strings with a 400 before anything else. */
const withCallerChecked = (api: BasketApi): BasketApi => {
  const checked: Record<string, AnyMethod> = {};
  for (const [name, method] of Object.entries(api) as Array<[string, AnyMethod]>) {
    checked[name] = (caller, ...rest) => {
      const refused = unstorableCaller(caller);
      return refused === undefined ? method(caller, ...rest) : Promise.resolve(refused);
    };
  }
  // The same keys, each method with the same signature as before.
  return checked as unknown as BasketApi;
};

/**
 * The transport-agnostic API (`BasketApi`): one method per entry of the operation table. The basket
 * commands are built from `basketCommands`; the other operations have their own handlers. An entry
 * added to the table without either does not compile here.
 */
export const createApi = (env: ApiEnv): BasketApi => {
  const replay = replayOf(env);
  return withCallerChecked({
    ...basketOperations(env, replay),
    ...commandOperations(env, replay),
    ...paymentIntentOperations(env, replay),
    ...savedTokenOperation(env, replay),
    ...notificationOperation(env),
  });
};
