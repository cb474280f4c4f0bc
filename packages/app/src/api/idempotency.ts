import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { AppContext } from '../context';
import { toJsonObject } from '../json';
import type { JsonObject } from '../ports/json';
import type { IdempotencyKeyTaken, IdempotencyRecord } from '../ports/notifications';
import { shift } from '../time';
import { problemAnswer } from './answers';
import type { Answer, Caller } from './types';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The first answer to a request, as its idempotency record keeps it (C-6.3): the answer itself, or
 * for answers that depend on an outcome still to come (createPaymentIntent's 200 or 202, endpoint
 * 17's 204 or 402), the notification to derive it from again.
 */
export const StoredAnswer = t.intersection(
  [
    t.type({ status: t.union([t.literal(200), t.literal(202), t.literal(204)]) }),
    t.partial({
      body: t.UnknownRecord,
      version: t.number,
      replay: t.keyof({ 'payment-intent': null, payment: null }),
      notificationId: t.string,
      basketId: t.string,
      paymentIntentId: t.string,
    }),
  ],
  'StoredAnswer',
);
export type StoredAnswer = t.TypeOf<typeof StoredAnswer>;

export type Replay = (stored: StoredAnswer, caller: Caller) => Promise<Answer>;

/**
 * What running a keyed request comes to: its answer, or `IdempotencyKeyTaken` when storing its
 * idempotency record was refused (another request with the key came first) and nothing was written.
 */
export type Attempt = Answer | IdempotencyKeyTaken;

export const isKeyTaken = (value: object): value is IdempotencyKeyTaken =>
  '_tag' in value && value._tag === 'IdempotencyKeyTaken';

/** Runs of one request whose key keeps being taken before it answers 500 (a record that never decodes). */
const MAX_KEY_ATTEMPTS = 3;

export const storedAnswerOf = (answer: Answer): StoredAnswer => ({
  status: answer.status === 204 ? 204 : answer.status === 202 ? 202 : 200,
  ...('body' in answer ? { body: answer.body } : {}),
  ...('version' in answer && answer.version !== undefined ? { version: answer.version } : {}),
});

/** The idempotency record to commit with the first answer, when the caller sent a key. */
export const idempotencyRecord = (
  ctx: AppContext,
  caller: Caller,
  stored: StoredAnswer,
): IdempotencyRecord | undefined =>
  caller.idempotency === undefined
    ? undefined
    : {
        storeId: caller.storeId,
        key: caller.idempotency.key,
        fingerprint: caller.idempotency.fingerprint,
        response: toJsonObject(StoredAnswer.encode(stored)),
        created: ctx.clock.now(),
      };

/** A stored plain answer, as first given. */
export const plainReplay = (stored: StoredAnswer): Answer => {
  const body = stored.body === undefined ? undefined : toJsonObject(stored.body);
  if (stored.status === 204)
    return stored.version === undefined ? { status: 204 } : { status: 204, version: stored.version };
  const answer: { status: 200 | 202; body: JsonObject } = { status: stored.status, body: body ?? {} };
  return stored.version === undefined ? answer : { ...answer, version: stored.version };
};

/**
 * C-6.3, right after authentication: a key seen within 24 hours answers its first answer again for
 * the same request, and 422 `idempotency-key-reused` for another; an unseen key runs the request.
 * Two first requests with one key may both get that far: the storage lets only one store its
 * record (the other's run writes nothing and answers `IdempotencyKeyTaken`), and the other then
 * answers as a replay would, from the record the first stored.
 */
export const withIdempotency = async (
  ctx: AppContext,
  caller: Caller,
  replay: Replay,
  run: () => Promise<Attempt>,
): Promise<Answer> => {
  const key = caller.idempotency;
  for (let attempt = 1; ; attempt++) {
    if (key !== undefined) {
      const record = await ctx.storage.idempotency.find(
        caller.storeId,
        key.key,
        shift(ctx.clock.now(), -DAY_MS),
      );
      if (record !== undefined && record.fingerprint !== key.fingerprint) {
        return problemAnswer('idempotency-key-reused', 'this Idempotency-Key was used for another request');
      }
      const stored = record === undefined ? undefined : StoredAnswer.decode(record.response);
      if (stored !== undefined && E.isRight(stored)) return replay(stored.right, caller);
    }
    const answer = await run();
    if (!isKeyTaken(answer)) return answer;
    if (key === undefined || attempt >= MAX_KEY_ATTEMPTS) {
      return problemAnswer('internal-error', 'the Idempotency-Key could not be recorded');
    }
  }
};
