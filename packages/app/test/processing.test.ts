import { BasketCommand } from '@basket/core';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { basketStream, type Commit, createBasketApp } from '../src/index';
import type { JsonObject } from '../src/ports/json';
import { encodeWork } from '../src/processing/queued-command';
import { nowOf } from '../src/time';
import { type FakeStorage, fakeStorage } from './fakes/memory-storage';
import { gate } from './fakes/providers';
import {
  ADULT_RATE,
  alice,
  basketOf,
  bodyOf,
  guest,
  harness,
  LIONS_YAKS,
  newBasket,
  outcomeOf,
  PIE,
  stringField,
} from './harness';
import { completeCheckoutDetails, fillBasket, lineItems } from './purchase-steps';

const basketCommand = (raw: unknown): BasketCommand => {
  const decoded = BasketCommand.decode(raw);
  if (E.isLeft(decoded)) throw new Error('not a basket command');
  return decoded.right;
};

/** The storage, and every commit the app's transactions on it answered (refused ones included). */
const committing = (storage: FakeStorage): { storage: FakeStorage; commits: Commit[] } => {
  const commits: Commit[] = [];
  return {
    commits,
    storage: {
      ...storage,
      unitOfWork: {
        ...storage.unitOfWork,
        transaction: (lock, body, prefetch) =>
          storage.unitOfWork.transaction(
            lock,
            async (reads) => {
              const decided = await body(reads);
              if (decided.commit !== undefined) commits.push(decided.commit);
              return decided;
            },
            prefetch,
          ),
      },
    },
  };
};

const seat = (seatId: string) => ({ seats: [{ rateId: ADULT_RATE, seatId }] });

describe('command processing', () => {
  it('applies a basket’s commands in the order they were accepted (C-5.4)', async () => {
    const h = harness();
    const basketId = await newBasket(h);
    const answers = await Promise.all([
      h.app.api.selectSeats(guest, basketId, LIONS_YAKS, seat('N-D-1')),
      h.app.api.selectSeats(guest, basketId, LIONS_YAKS, seat('N-D-2')),
      h.app.api.selectSeats(guest, basketId, LIONS_YAKS, seat('N-D-3')),
    ]);
    await h.settle();
    for (const answer of answers) expect(await outcomeOf(h, answer)).toMatchObject({ status: 'Succeeded' });
    const [line] = lineItems(await basketOf(h, basketId));
    expect(line?.ticketing).toMatchObject({ tickets: [{ providerSeatId: 'N-D-3' }] });
  });

  it('reports a refused decision as a Failed notification with a 422 problem (C-3.3)', async () => {
    const h = harness();
    const basketId = await newBasket(h);
    const answer = await h.app.api.addProduct(guest, basketId, 'fnb:arena|1094aaa1bc9ef308ab51b591', {
      quantity: 1,
    });
    const outcome = await outcomeOf(h, answer);
    expect(outcome).toMatchObject({
      status: 'Failed',
      operation: 'addProductToBasket',
      basketId,
      problem: { status: 422, code: 'product-unavailable' },
    });
    expect(outcome.completed).toBeDefined();
  });

  it('two baskets racing for one seat: one wins, the other is told seats-unavailable (C-6.2)', async () => {
    const h = harness();
    const [a, b] = [await newBasket(h), await newBasket(h)];
    const answers = await Promise.all(
      [a, b].map((id) => h.app.api.selectSeats(guest, id, LIONS_YAKS, seat('N-E-5'))),
    );
    const outcomes = await Promise.all(answers.map((answer) => outcomeOf(h, answer)));
    expect(outcomes.map((o) => o.status).sort()).toEqual(['Failed', 'Succeeded']);
  });

  it('processors of two processes sharing the storage apply each command exactly once (C-6.2)', async () => {
    const storage = fakeStorage();
    const one = harness({}, storage);
    const two = harness({}, storage);
    const basketId = await newBasket(one);
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await one.app.api.addProduct(guest, basketId, PIE, { quantity: 1 }));
    await Promise.all([two.app.processor.process(basketId), one.settle(), two.settle()]);
    for (const answer of answers) expect(await outcomeOf(one, answer)).toMatchObject({ status: 'Succeeded' });
    const [line] = lineItems(await basketOf(one, basketId));
    expect(line?.consumable).toMatchObject({ quantity: 5 });
  });

  it('a command accepted by a process that died is carried out by the next one (C-5.1)', async () => {
    const storage = fakeStorage();
    const first = harness({}, storage);
    const basketId = await newBasket(first);
    await storage.commands.accept({
      notificationId: '00000000-0000-4000-8000-0000000000aa',
      storeId: guest.storeId,
      basketId,
      operation: 'addProductToBasket',
      command: encodeWork({
        kind: 'basket',
        command: basketCommand({
          type: 'AddProduct',
          basketId,
          at: first.clock.now(),
          productId: PIE,
          quantity: 2,
          freshIds: ['a00000000000000000000001', 'a00000000000000000000002'],
        }),
      }),
      accepted: first.clock.now(),
    });
    const next = harness({}, storage); // starts with a recovery of everything Pending
    await next.settle();
    const outcome = bodyOf(await next.app.api.getNotification(guest, '00000000-0000-4000-8000-0000000000aa'));
    expect(outcome.status).toBe('Succeeded');
    expect(lineItems(await basketOf(next, basketId))).toHaveLength(1);
  });

  it('a payment saga left half-way by a crash resumes from the streams (C-5.1)', async () => {
    const storage = fakeStorage();
    const crashed = harness({ paymentSyncWaitMs: 0 }, storage);
    const basketId = await fillBasket(crashed, alice);
    await completeCheckoutDetails(crashed, alice, basketId);
    const stuck = gate();
    crashed.fakes.confirmGate = stuck;
    const accepted = await crashed.app.api.createPaymentIntent(alice, basketId, {});
    const notificationId = stringField(bodyOf(accepted), 'notificationId');
    await stuck.reached;

    const restarted = harness({ paymentSyncWaitMs: 0 }, storage);
    await restarted.app.processor.recover(restarted.clock.now());
    const outcome = bodyOf(await restarted.app.api.getNotification(alice, notificationId));
    expect(outcome).toMatchObject({ status: 'Succeeded' });

    stuck.open(); // the "dead" process wakes up: its late commits must change nothing
    await crashed.settle();
    const intentId = stringField(outcome, 'paymentIntentId');
    const intent = bodyOf(await restarted.app.api.getPaymentIntent(alice, basketId, intentId));
    expect(intent).toMatchObject({ status: 'AwaitingPayment' });
    const events = (await storage.events.readStream(`payment-intent-${intentId}`)).map((e) => e.type);
    expect(events.filter((t) => t === 'PaymentSessionOpened')).toHaveLength(1);
    expect(
      (await storage.events.readStream(basketStream(basketId))).filter((e) => e.type === 'BasketLocked'),
    ).toHaveLength(1);
  });

  it('a payment saga accepted with nothing locked or started locks and starts in one commit (C-5.1, C-8.2)', async () => {
    const storage = fakeStorage();
    const first = harness({ paymentSyncWaitMs: 0 }, storage);
    const basketId = await fillBasket(first, alice);
    await completeCheckoutDetails(first, alice, basketId);
    const paymentIntentId = '00000000-0000-4000-8000-0000000000bb';
    // As a process that accepted the saga and died before its first step would leave it.
    await storage.commands.accept({
      notificationId: '00000000-0000-4000-8000-0000000000ba',
      storeId: alice.storeId,
      basketId,
      operation: 'createPaymentIntent',
      paymentIntentId,
      command: encodeWork({
        kind: 'createPaymentIntent',
        paymentIntentId,
        at: nowOf(first.clock),
        payload: {},
      }),
      accepted: first.clock.now(),
    });
    const { storage: watched, commits } = committing(storage);
    const next = harness({ paymentSyncWaitMs: 0 }, watched);
    await next.settle();
    const outcome = bodyOf(await next.app.api.getNotification(alice, '00000000-0000-4000-8000-0000000000ba'));
    expect(outcome).toMatchObject({ status: 'Succeeded', paymentIntentId });
    const locking = commits.find((commit) => commit.events.some((event) => event.type === 'BasketLocked'));
    expect(locking?.streamId).toBe(basketStream(basketId));
    expect(locking?.also?.map((append) => [append.streamId, append.events.map((e) => e.type)])).toEqual([
      [`payment-intent-${paymentIntentId}`, ['PaymentIntentStarted']],
    ]);
  });

  it("records the providers' answers in one commit: the basket's confirmations with the intent's (C-8.2)", async () => {
    const { storage, commits } = committing(fakeStorage());
    const h = harness({ paymentSyncWaitMs: 0 }, storage);
    const basketId = await fillBasket(h, alice);
    await completeCheckoutDetails(h, alice, basketId);
    const answer = await h.app.api.createPaymentIntent(alice, basketId, {});
    const outcome = await outcomeOf(h, answer, alice);
    expect(outcome).toMatchObject({ status: 'Succeeded' });
    const types = (events: ReadonlyArray<{ readonly type: string }>) => events.map((e) => e.type);
    const confirming = commits.filter((commit) => types(commit.events).includes('ProviderBasketConfirmed'));
    expect(confirming).toHaveLength(1);
    const [commit] = confirming;
    const confirmed = types(commit?.events ?? []).filter((type) => type === 'ProviderBasketConfirmed');
    const intentAnswers = (commit?.also ?? []).flatMap((append) => types(append.events));
    expect(confirmed.length).toBeGreaterThan(1);
    expect(intentAnswers).toEqual(confirmed.map(() => 'ProviderBasketConfirmed'));
  });

  it('a provider basket whose holds ran out before its confirmation was recorded counts as refused (C-7.8, C-8.2)', async () => {
    const storage = fakeStorage();
    const h = harness({ paymentSyncWaitMs: 0 }, storage);
    const basketId = await fillBasket(h, alice);
    await completeCheckoutDetails(h, alice, basketId);
    const stuck = gate();
    h.fakes.confirmGate = stuck;
    const accepted = await h.app.api.createPaymentIntent(alice, basketId, {});
    const notificationId = stringField(bodyOf(accepted), 'notificationId');
    await stuck.reached;
    // While the providers answer, the basket's unconfirmed holds run out and are swept.
    h.clock.advance(60 * 60 * 1000);
    await h.app.sweepExpiredHolds();
    stuck.open(); // every provider answers "confirmed", for provider baskets the basket no longer has
    await h.settle();
    const outcome = bodyOf(await h.app.api.getNotification(alice, notificationId));
    expect(outcome).toMatchObject({ status: 'Failed', problem: { status: 422, code: 'provider-refused' } });
    const types = (await storage.events.readStream(basketStream(basketId))).map((e) => e.type);
    expect(types).not.toContain('ProviderBasketConfirmed');
    expect(types.at(-1)).toBe('BasketUnlocked');
    const intentId = stringField(outcome, 'paymentIntentId');
    const intent = bodyOf(await h.app.api.getPaymentIntent(alice, basketId, intentId));
    expect(intent).toMatchObject({ status: 'Cancelled' });
  });

  it('a createPaymentIntent whose saga keeps failing is reported Failed, and deletePaymentIntent then unlocks the basket (C-8.4)', async () => {
    const h = harness({ paymentSyncWaitMs: 0 });
    const basketId = await fillBasket(h, alice);
    await completeCheckoutDetails(h, alice, basketId);
    const openSession = h.fakes.paymentProvider.openSession;
    Object.assign(h.fakes.paymentProvider, {
      openSession: async () => {
        throw new Error('payment provider down');
      },
    });
    const accepted = await h.app.api.createPaymentIntent(alice, basketId, {});
    const notificationId = stringField(bodyOf(accepted), 'notificationId');
    // Each attempt fails; the fifth reports the command Failed so that the basket's queue moves on.
    for (let attempt = 0; attempt < 5; attempt++) await h.app.processor.process(basketId);
    const outcome = bodyOf(await h.app.api.getNotification(alice, notificationId));
    expect(outcome).toMatchObject({ status: 'Failed', problem: { status: 500, code: 'internal-error' } });
    const paymentIntentId = stringField(outcome, 'paymentIntentId');
    expect(await basketOf(h, basketId, alice)).toMatchObject({ activePaymentIntentId: paymentIntentId });
    // The provider is back: the buyer cancels the stuck intent and has the basket back, lines kept.
    Object.assign(h.fakes.paymentProvider, { openSession });
    const cancel = await h.app.api.deletePaymentIntent(alice, basketId, paymentIntentId);
    expect(await outcomeOf(h, cancel, alice)).toMatchObject({ status: 'Succeeded' });
    const basket = await basketOf(h, basketId, alice);
    expect(basket.activePaymentIntentId).toBeUndefined();
    expect(lineItems(basket).length).toBeGreaterThan(0);
    const intent = bodyOf(await h.app.api.getPaymentIntent(alice, basketId, paymentIntentId));
    expect(intent).toMatchObject({ status: 'Cancelled' });
    // And a new intent can be made and becomes ready.
    const again = await h.app.api.createPaymentIntent(alice, basketId, {});
    expect(await outcomeOf(h, again, alice)).toMatchObject({ status: 'Succeeded' });
  });

  it('publishes completed notifications to in-process subscribers, in order (C-5.5)', async () => {
    const h = harness();
    const seen: JsonObject[] = [];
    const unsubscribe = h.app.subscribe((n) => seen.push(n));
    const basketId = await newBasket(h);
    const first = await h.app.api.addProduct(guest, basketId, PIE, { quantity: 1 });
    const second = await h.app.api.addProduct(guest, basketId, PIE, { quantity: 1 });
    await h.app.drain();
    expect(seen.map((n) => n.notificationId)).toEqual([
      bodyOf(first).notificationId,
      bodyOf(second).notificationId,
    ]);
    expect(seen[0]).toMatchObject({ status: 'Succeeded', operation: 'addProductToBasket', basketId });
    unsubscribe();
  });

  it('a subscriber that throws or rejects is reported to onError; the others and processing go on (C-5.5)', async () => {
    const h = harness();
    const reported: unknown[] = [];
    let bothReported: () => void = () => {};
    const reportedTwice = new Promise<void>((resolve) => {
      bothReported = resolve;
    });
    const app = createBasketApp({
      storage: h.storage,
      providers: h.fakes.providers,
      paymentProvider: h.fakes.paymentProvider,
      clock: h.clock,
      ids: { uuid: () => crypto.randomUUID(), providerSuffix: () => 'p'.repeat(24) },
      config: { recoveryIntervalMs: 0, sweepIntervalMs: 0 },
      onError: (error) => {
        if (reported.push(error) === 2) bothReported();
      },
    });
    const seen: unknown[] = [];
    app.subscribe(() => {
      throw new Error('a subscriber that throws');
    });
    app.subscribe(async () => {
      throw new Error('a subscriber that rejects');
    });
    app.subscribe((n) => seen.push(n.notificationId));
    const created = await app.api.createBasket(guest);
    const basketId = String(bodyOf(created).id);
    const added = await app.api.addProduct(guest, basketId, PIE, { quantity: 1 });
    await app.drain();
    await reportedTwice;
    expect(seen).toEqual([bodyOf(added).notificationId]);
    expect(reported.map((error) => (error instanceof Error ? error.message : error))).toEqual([
      'a subscriber that throws',
      'a subscriber that rejects',
    ]);
  });

  it('a failure of the storage around a basket’s commands (its claim, its Pending commands) is reported to onError, not dropped', async () => {
    const h = harness();
    const unreachable = new Error('the claims cannot be reached');
    const reported: unknown[] = [];
    const app = createBasketApp({
      storage: {
        ...h.storage,
        commandLeases: {
          acquire: async () => {
            throw unreachable;
          },
          release: async () => {},
        },
        commands: {
          ...h.storage.commands,
          basketsWithPending: async () => ['0190f5a2-7c1e-7a3b-9c4d-5e6f7a8b9c0d'],
        },
      },
      providers: h.fakes.providers,
      paymentProvider: h.fakes.paymentProvider,
      clock: h.clock,
      ids: { uuid: () => crypto.randomUUID(), providerSuffix: () => 'p'.repeat(24) },
      config: { recoveryIntervalMs: 0, sweepIntervalMs: 0 },
      onError: (error) => reported.push(error),
    });
    await app.processor.idle(); // the recovery at start, if the app ran one
    const before = reported.length;
    app.processor.kick('0190f5a2-7c1e-7a3b-9c4d-5e6f7a8b9c0e');
    await app.processor.idle();
    expect(reported.slice(before)).toEqual([unreachable]);
    await app.processor.recover();
    expect(reported.slice(before)).toEqual([unreachable, unreachable]);
    await app.drain();
  });

  it('a queued command this version cannot read fails with internal-error instead of blocking the basket', async () => {
    const h = harness();
    const basketId = await newBasket(h);
    await h.storage.commands.accept({
      notificationId: '00000000-0000-4000-8000-0000000000bb',
      storeId: guest.storeId,
      basketId,
      operation: 'addProductToBasket',
      command: { kind: 'unknown' },
      accepted: h.clock.now(),
    });
    const after = await h.app.api.addProduct(guest, basketId, PIE, { quantity: 1 });
    await h.settle();
    expect(
      bodyOf(await h.app.api.getNotification(guest, '00000000-0000-4000-8000-0000000000bb')),
    ).toMatchObject({
      status: 'Failed',
      problem: { status: 500, code: 'internal-error' },
    });
    expect(await outcomeOf(h, after)).toMatchObject({ status: 'Succeeded' });
  });
});
