import { createHash } from 'node:crypto';
import { ProblemCode } from '@basket/core';
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
    t.type({
      status: t.union([
        t.literal(200),
        t.literal(202),
        t.literal(204),
        t.literal(402),
        t.literal(403),
        t.literal(404),
        t.literal(409),
        t.literal(412),
        t.literal(422),
      ]),
    }),
    t.partial({
      /**
       * The body as first answered, in JSON text: a store of JSON documents (PostgreSQL's jsonb)
       * keeps no key order, and a replay answers the same bytes (C-6.3).
       */
      bodyText: t.string,
      /**
       * The body as a document: what a replay answers when the record has no `bodyText` (written by
       * an older process); written beside it for older processes still running in a rolling upgrade.
       */
      body: t.UnknownRecord,
      problem: t.type({
        type: t.string,
        title: t.string,
        status: t.number,
        detail: t.string,
        code: t.string,
      }),
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

/** Records created before this have expired (keys live 24 hours). */
export const keyNotBefore = (ctx: AppContext): string => shift(ctx.clock.now(), -DAY_MS);

/** Runs of one request whose key keeps being taken before it answers 500 (a record that never decodes). */
const MAX_KEY_ATTEMPTS = 3;

/**
 * The answer as its record keeps it, when C-6.3 stores it: every answer given once the request
 * passed authentication and validation (2xx, and 402, 403, 404, 409, 412, 422 problems); not 400
 * or 5xx.
 */
export const storedAnswerOf = (answer: Answer): StoredAnswer | undefined => {
  if ('problem' in answer) {
    const { status } = answer;
    if (
      status !== 402 &&
      status !== 403 &&
      status !== 404 &&
      status !== 409 &&
      status !== 412 &&
      status !== 422
    )
      return undefined;
    const { type, title, detail, code } = answer.problem;
    return { status, problem: { type, title, status, detail, code } };
  }
  // 304 answers reads only (If-None-Match), which take no key.
  if (answer.status === 304) return undefined;
  return {
    status: answer.status,
    ...('body' in answer ? { body: answer.body, bodyText: JSON.stringify(answer.body) } : {}),
    ...(answer.version === undefined ? {} : { version: answer.version }),
  };
};

/**
 * The longest contact id written into a stored key as it is. A longer one (a token's `sub` has no
 * bound of its own) is written as its SHA-256, so that every stored key stays within what a storage
 * index takes: PostgreSQL's btree refuses a key of more than about 2,700 bytes, and would refuse
 * every keyed request of such a contact.
 */
const LONGEST_CONTACT_IN_KEY = 256;

const contactScope = (contactId: string): string =>
  contactId.length <= LONGEST_CONTACT_IN_KEY
    ? `contact:${contactId.length}:${contactId}`
    : `contact#sha256:${createHash('sha256').update(contactId, 'utf8').digest('hex')}`;

/**
 * C-6.3: keys are scoped to the store and the caller: a contact's keys are theirs alone, guests share
 * one scope. The stored key carries the scope, so another caller's key is a new key.
 */
export const scopedKey = (caller: Caller, key: string): string =>
  caller.contactId === undefined ? `guest ${key}` : `${contactScope(caller.contactId)} ${key}`;

/** A record of `stored` under the caller's key, named by `keyOf` (when the caller sent a key). */
const recordOf = (
  ctx: AppContext,
  caller: Caller,
  keyOf: (caller: Caller, key: string) => string,
  stored: StoredAnswer | undefined,
): IdempotencyRecord | undefined =>
  caller.idempotency === undefined || stored === undefined
    ? undefined
    : {
        storeId: caller.storeId,
        key: keyOf(caller, caller.idempotency.key),
        fingerprint: caller.idempotency.fingerprint,
        response: toJsonObject(StoredAnswer.encode(stored)),
        created: ctx.clock.now(),
      };

/** The idempotency record to commit with the first answer, when the caller sent a key. */
export const idempotencyRecord = (
  ctx: AppContext,
  caller: Caller,
  stored: StoredAnswer | undefined,
): IdempotencyRecord | undefined => recordOf(ctx, caller, scopedKey, stored);

/**
 * Where the first answer of a request whose answer waited for an outcome (createPaymentIntent,
 * endpoint 17) is kept once given: beside its key, under a name no client key can have (keys are
 * printable ASCII, and this one holds a tab). Its record, written in the acceptance, says only which
 * notification to derive the answer from; replays answer this one once it exists (C-6.3: the first
 * response again, same status and body), and derive it as the first request did until then.
 */
const settledKey = (caller: Caller, key: string): string => `${scopedKey(caller, key)}\tanswer`;

/** The record of the first answer, as given, of a request whose answer waited for an outcome. */
export const settledRecord = (
  ctx: AppContext,
  caller: Caller,
  answer: Answer,
): IdempotencyRecord | undefined => recordOf(ctx, caller, settledKey, storedAnswerOf(answer));

/** The first answer as given, once kept (`settledRecord`). */
export const settledAnswer = async (ctx: AppContext, caller: Caller): Promise<StoredAnswer | undefined> => {
  if (caller.idempotency === undefined) return undefined;
  const record = await ctx.storage.idempotency.find(
    caller.storeId,
    settledKey(caller, caller.idempotency.key),
    keyNotBefore(ctx),
  );
  const stored = record === undefined ? undefined : StoredAnswer.decode(record.response);
  return stored !== undefined && E.isRight(stored) ? stored.right : undefined;
};

/** The stored body, keys in the order first answered. */
const bodyOf = (stored: StoredAnswer): JsonObject | undefined => {
  if (stored.bodyText === undefined) return stored.body === undefined ? undefined : toJsonObject(stored.body);
  const parsed: unknown = JSON.parse(stored.bodyText);
  return t.UnknownRecord.is(parsed) ? toJsonObject(parsed) : undefined;
};

/** A stored plain answer, as first given. */
export const plainReplay = (stored: StoredAnswer): Answer => {
  const body = bodyOf(stored);
  if (
    stored.status === 402 ||
    stored.status === 403 ||
    stored.status === 404 ||
    stored.status === 409 ||
    stored.status === 412 ||
    stored.status === 422
  ) {
    const problem = stored.problem ?? { type: '', title: '', detail: '', code: 'internal-error' };
    // Stored by this service, so its code is a stable one; a row edited by hand is not trusted.
    const code = ProblemCode.is(problem.code) ? problem.code : 'internal-error';
    // Field by field in the order it was first answered (problemOf's): a store of JSON documents
    // gives the stored one back in its own order, and a replay answers the same bytes (C-6.3).
    const { type, title, detail } = problem;
    return { status: stored.status, problem: { type, title, status: stored.status, detail, code } };
  }
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
        scopedKey(caller, key.key),
        keyNotBefore(ctx),
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
