import { describe, expect, it } from 'vitest';
import type {
  AcceptOutcome,
  Answer,
  Caller,
  CommitResult,
  IdempotencyRecord,
  JsonObject,
} from '../src/index';
import { type FakeStorage, fakeStorage } from './fakes/memory-storage';
import {
  alice,
  basketOf,
  bodyOf,
  expectProblem,
  guest,
  harness,
  newBasket,
  PIE,
  stringField,
} from './harness';
import { completeCheckoutDetails, fillBasket, lineItems } from './purchase-steps';

const keyed = (caller: Caller, key: string, fingerprint: string): Caller => ({
  ...caller,
  idempotency: { key, fingerprint },
});

/** A storage whose idempotency records are read back through `read`, as another store would give them. */
const readingRecords = (read: (record: IdempotencyRecord) => IdempotencyRecord): FakeStorage => {
  const inner = fakeStorage();
  return {
    ...inner,
    idempotency: {
      ...inner.idempotency,
      find: async (storeId, key, notBefore) => {
        const record = await inner.idempotency.find(storeId, key, notBefore);
        return record === undefined ? undefined : read(record);
      },
    },
  };
};

/**
 * A storage whose first `racers` idempotency lookups all answer only once every one of them was
 * made: each of the concurrent first requests sees the key unused, as when they really overlap. It
 * records what every accept and commit that carried an idempotency record came to.
 */
const racingStorage = (
  racers: number,
): { storage: FakeStorage; accepts: AcceptOutcome[]; commits: CommitResult[] } => {
  const inner = fakeStorage();
  const accepts: AcceptOutcome[] = [];
  const commits: CommitResult[] = [];
  let lookups = 0;
  let release: () => void = () => {};
  const allLooked = new Promise<void>((resolve) => {
    release = resolve;
  });
  const storage: FakeStorage = {
    ...inner,
    idempotency: {
      ...inner.idempotency,
      find: async (storeId, key, notBefore) => {
        const found = await inner.idempotency.find(storeId, key, notBefore);
        lookups += 1;
        if (lookups === racers) release();
        if (lookups <= racers) await allLooked;
        return found;
      },
    },
    commands: {
      ...inner.commands,
      accept: async (command, record) => {
        const outcome = await inner.commands.accept(command, record);
        if (record !== undefined) accepts.push(outcome);
        return outcome;
      },
    },
    unitOfWork: {
      ...inner.unitOfWork,
      commit: async (commit) => {
        const result = await inner.unitOfWork.commit(commit);
        if (commit.idempotency !== undefined) commits.push(result);
        return result;
      },
      transaction: async (lock, body) => {
        let keyed = false;
        const result = await inner.unitOfWork.transaction(lock, async (reads) => {
          const decided = await body(reads);
          keyed = decided.commit?.idempotency !== undefined;
          return decided;
        });
        if (keyed)
          commits.push(
            result._tag === 'Done' ? { _tag: 'Committed', version: result.version ?? 0 } : result.conflict,
          );
        return result;
      },
    },
  };
  return { storage, accepts, commits };
};

const tags = (results: ReadonlyArray<{ readonly _tag: string }>): ReadonlyArray<string> =>
  results.map((result) => result._tag).sort();

describe('Idempotency-Key (C-6.3)', () => {
  it('the same key and request answers the first answer again and changes nothing more', async () => {
    const h = harness();
    const id = await newBasket(h);
    const caller = keyed(guest, 'k-1', `POST /baskets/${id}/products/${PIE} {"quantity":1}`);
    const first = await h.app.api.addProduct(caller, id, PIE, { quantity: 1 });
    await h.settle();
    const again = await h.app.api.addProduct(caller, id, PIE, { quantity: 1 });
    expect(again).toEqual(first);
    await h.settle();
    expect(lineItems(await basketOf(h, id))[0]?.consumable).toMatchObject({ quantity: 1 });
  });

  it('the same key with another request is 422 idempotency-key-reused, before anything else', async () => {
    const h = harness();
    const id = await newBasket(h);
    await h.app.api.addProduct(keyed(guest, 'k-2', 'first'), id, PIE, { quantity: 1 });
    expectProblem(
      await h.app.api.addProduct(keyed(guest, 'k-2', 'second'), id, PIE, { quantity: 2 }),
      422,
      'idempotency-key-reused',
    );
    expectProblem(
      await h.app.api.deleteBasket(keyed(guest, 'k-2', 'third'), 'unknown'),
      422,
      'idempotency-key-reused',
    );
  });

  it('keys are scoped to the store and live 24 hours', async () => {
    const h = harness();
    const id = await newBasket(h);
    await h.app.api.addProduct(keyed(guest, 'k-3', 'a'), id, PIE, { quantity: 1 });
    const otherStore = await h.app.api.createBasket(keyed({ storeId: 'arena-app' }, 'k-3', 'b'));
    expect(otherStore.status).toBe(200);
    h.clock.advance(24 * 3_600_000 + 1);
    const later = await h.app.api.addProduct(keyed(guest, 'k-3', 'c'), id, PIE, { quantity: 1 });
    expect(later.status).toBe(200);
  });

  it('createBasket and deleteBasket replay their synchronous answers', async () => {
    const h = harness();
    const create = keyed(guest, 'k-4', 'POST /baskets');
    const created = await h.app.api.createBasket(create);
    expect(await h.app.api.createBasket(create)).toEqual(created);
    const id = stringField(bodyOf(created), 'id');
    const remove = keyed(guest, 'k-5', `DELETE /baskets/${id}`);
    const deleted = await h.app.api.deleteBasket(remove, id);
    expect(deleted.status).toBe(200);
    expect(await h.app.api.deleteBasket(remove, id)).toEqual(deleted);
  });

  it('a replay answers the body or the problem with its keys as first answered, from a store that keeps no key order (C-6.3)', async () => {
    // As PostgreSQL's jsonb gives documents back: keys sorted (by length, then bytes), not as written.
    const sorted = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(sorted)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(
              Object.entries(value)
                .sort(([a], [b]) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))
                .map(([key, field]) => [key, sorted(field)]),
            )
          : value;
    const h = harness(
      {},
      readingRecords((record) => ({ ...record, response: sorted(record.response) as JsonObject })),
    );
    const create = keyed(guest, 'k-order', 'POST /baskets');
    const created = await h.app.api.createBasket(create);
    const replayed = await h.app.api.createBasket(create);
    expect(JSON.stringify(bodyOf(replayed))).toBe(JSON.stringify(bodyOf(created)));
    // A problem answered first is replayed in its first order too.
    const unknown = '0190a3c2-7d4e-7a51-9b3e-5f2a6c1d8e99';
    const remove = keyed(guest, 'k-order-404', `DELETE /baskets/${unknown}`);
    const missing = await h.app.api.deleteBasket(remove, unknown);
    expect(missing.status).toBe(404);
    expect(JSON.stringify(await h.app.api.deleteBasket(remove, unknown))).toBe(JSON.stringify(missing));
  });

  it('a record keeps the body as a document too, for older processes of a rolling upgrade that read only that', async () => {
    const seen: IdempotencyRecord[] = [];
    const h = harness(
      {},
      readingRecords((record) => {
        seen.push(record);
        return record;
      }),
    );
    const create = keyed(guest, 'k-both', 'POST /baskets');
    const created = await h.app.api.createBasket(create);
    await h.app.api.createBasket(create);
    expect(seen[0]?.response).toMatchObject({ status: 200, body: bodyOf(created) });
    expect(seen[0]?.response.bodyText).toBe(JSON.stringify(bodyOf(created)));
  });

  it('a record kept before bodies were kept as text (a rolling upgrade) still replays its body', async () => {
    const storage = readingRecords((record) => {
      const { bodyText, ...older } = record.response;
      return typeof bodyText === 'string'
        ? { ...record, response: { ...older, body: JSON.parse(bodyText) as JsonObject } }
        : record;
    });
    const h = harness({}, storage);
    const create = keyed(guest, 'k-older', 'POST /baskets');
    const created = await h.app.api.createBasket(create);
    expect(await h.app.api.createBasket(create)).toEqual(created);
  });

  it('createPaymentIntent and the saved token replay their outcome: the same intent, no second charge', async () => {
    const h = harness({ paymentSyncWaitMs: 5000 });
    const id = await fillBasket(h, alice);
    await completeCheckoutDetails(h, alice, id);
    const create = keyed(alice, 'k-6', `POST /baskets/${id}/payment-intents`);
    const intent = await h.app.api.createPaymentIntent(create, id, {});
    expect(intent.status).toBe(200);
    expect(bodyOf(await h.app.api.createPaymentIntent(create, id, {})).id).toBe(bodyOf(intent).id);
    const pay = keyed(alice, 'k-7', 'POST /psp/tokens/use-existing');
    const body = { paymentIntentId: stringField(bodyOf(intent), 'id'), tokenId: 'tok_alice_visa' };
    expect((await h.app.api.useSavedPaymentToken(pay, body)).status).toBe(204);
    expect((await h.app.api.useSavedPaymentToken(pay, body)).status).toBe(204);
    expect(h.fakes.calls.charges).toHaveLength(1);
  });

  it('createPaymentIntent replays its first answer as given: 200 with the intent as it was, after a cancel too (C-6.3)', async () => {
    const h = harness({ paymentSyncWaitMs: 5000 });
    const id = await fillBasket(h, alice);
    await completeCheckoutDetails(h, alice, id);
    const create = keyed(alice, 'k-8', `POST /baskets/${id}/payment-intents`);
    const first = await h.app.api.createPaymentIntent(create, id, {});
    expect([first.status, bodyOf(first).status]).toEqual([200, 'AwaitingPayment']);
    const cancelled = await h.app.api.deletePaymentIntent(alice, id, stringField(bodyOf(first), 'id'));
    expect(cancelled.status).toBe(200);
    await h.settle();
    expect(await h.app.api.createPaymentIntent(create, id, {})).toEqual(first);
  });

  it('createPaymentIntent answered 202 replays 202 with the same notification, after the intent is ready too (C-6.3)', async () => {
    const h = harness({ paymentSyncWaitMs: 0 });
    const id = await fillBasket(h, alice);
    await completeCheckoutDetails(h, alice, id);
    const create = keyed(alice, 'k-9', `POST /baskets/${id}/payment-intents`);
    const first = await h.app.api.createPaymentIntent(create, id, {});
    expect(first.status).toBe(202);
    await h.settle();
    const notification = bodyOf(
      await h.app.api.getNotification(alice, stringField(bodyOf(first), 'notificationId')),
    );
    expect(notification.status).toBe('Succeeded');
    expect(await h.app.api.createPaymentIntent(create, id, {})).toEqual(first);
  });

  it('createPaymentIntent whose process stopped before keeping its answer: the first replay is kept, and every later one answers it (C-6.3)', async () => {
    const inner = fakeStorage();
    let stopped = true;
    // The first request's process stops right after accepting, as it goes to keep its answer:
    // its caller gets nothing, and sends the request again.
    const storage: FakeStorage = {
      ...inner,
      unitOfWork: {
        ...inner.unitOfWork,
        transaction: (lock, body) =>
          inner.unitOfWork.transaction(lock, async (reads) => {
            const decided = await body(reads);
            if (stopped && decided.commit?.idempotency?.key.endsWith('\tanswer')) {
              stopped = false;
              throw new Error('the process stopped');
            }
            return decided;
          }),
      },
    };
    const h = harness({ paymentSyncWaitMs: 0 }, storage);
    const id = await fillBasket(h, alice);
    await completeCheckoutDetails(h, alice, id);
    const create = keyed(alice, 'k-stopped', `POST /baskets/${id}/payment-intents`);
    await expect(h.app.api.createPaymentIntent(create, id, {})).rejects.toThrow('the process stopped');
    const retried = await h.app.api.createPaymentIntent(create, id, {});
    expect(retried.status).toBe(202);
    await h.settle();
    const notification = bodyOf(
      await h.app.api.getNotification(alice, stringField(bodyOf(retried), 'notificationId')),
    );
    const intentId = stringField(notification, 'paymentIntentId');
    expect(await h.app.api.createPaymentIntent(create, id, {})).toEqual(retried);
    expect((await h.app.api.deletePaymentIntent(alice, id, intentId)).status).toBe(200);
    await h.settle();
    expect(await h.app.api.createPaymentIntent(create, id, {})).toEqual(retried);
  });

  it('two concurrent first requests with one key and one body: one command, one notification for both', async () => {
    const race = racingStorage(2);
    const h = harness({}, race.storage);
    const id = await newBasket(h);
    const caller = keyed(guest, 'k-race-1', `POST /baskets/${id}/products/${PIE} {"quantity":1}`);
    const answers: ReadonlyArray<Answer> = await Promise.all([
      h.app.api.addProduct(caller, id, PIE, { quantity: 1 }),
      h.app.api.addProduct(caller, id, PIE, { quantity: 1 }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [first, second] = answers.map((answer) => stringField(bodyOf(answer), 'notificationId'));
    expect(second).toBe(first);
    expect(tags(race.commits)).toEqual(['Committed', 'IdempotencyKeyTaken']);
    await h.settle();
    expect(lineItems(await basketOf(h, id))).toHaveLength(1);
    expect(lineItems(await basketOf(h, id))[0]?.consumable).toMatchObject({ quantity: 1 });
  });

  it('two concurrent first requests with one key and different bodies: one 200, one 422', async () => {
    const race = racingStorage(2);
    const h = harness({}, race.storage);
    const id = await newBasket(h);
    const answers = await Promise.all(
      [1, 2].map((quantity) =>
        h.app.api.addProduct(
          keyed(guest, 'k-race-2', `POST /baskets/${id}/products/${PIE} {"quantity":${quantity}}`),
          id,
          PIE,
          { quantity },
        ),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const rejected = answers.find((answer) => answer.status === 422);
    expectProblem(rejected ?? { status: 200, body: {} }, 422, 'idempotency-key-reused');
    expect(tags(race.commits)).toEqual(['Committed', 'IdempotencyKeyTaken']);
    const winner = answers.findIndex((answer) => answer.status === 200);
    await h.settle();
    expect(lineItems(await basketOf(h, id))[0]?.consumable).toMatchObject({ quantity: winner + 1 });
  });

  it('two concurrent createBasket with one key make one basket, answered to both', async () => {
    const race = racingStorage(2);
    const h = harness({}, race.storage);
    const create = keyed(guest, 'k-race-3', 'POST /baskets');
    const [first, second] = await Promise.all([
      h.app.api.createBasket(create),
      h.app.api.createBasket(create),
    ]);
    expect(first?.status).toBe(200);
    expect(second).toEqual(first);
    expect(tags(race.commits)).toEqual(['Committed', 'IdempotencyKeyTaken']);
  });
});

describe('idempotency records past their day (C-6.3; docs/operations.md: records kept 24 h)', () => {
  it('are pruned, and only they: a key used 25 hours ago is free, one used an hour ago still replays', async () => {
    const h = harness();
    const first = await h.app.api.createBasket(keyed(guest, 'k-day-old', 'POST /baskets'));
    h.clock.advance(24 * 3600_000);
    const recent = await h.app.api.createBasket(keyed(guest, 'k-recent', 'POST /baskets'));
    h.clock.advance(3600_000);
    expect(await h.app.pruneIdempotencyRecords()).toBe(1);
    expect(await h.app.pruneIdempotencyRecords()).toBe(0);
    expect(await h.app.api.createBasket(keyed(guest, 'k-recent', 'POST /baskets'))).toEqual(recent);
    const again = await h.app.api.createBasket(keyed(guest, 'k-day-old', 'POST /baskets'));
    expect(again.status).toBe(200);
    expect(again).not.toEqual(first);
  });
});
