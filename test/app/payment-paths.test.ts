import { describe, expect, it, vi } from 'vitest';
import { readyBasket } from './steps';
import {
  alice,
  basket,
  bodyOf,
  expectProblem,
  heldProviderCalls,
  ids,
  lineItems,
  outcome,
  providerBasketOf,
  providerBaskets,
  succeeds,
  text,
  type World,
  world,
} from './support';

const MINUTE = 60_000;

/** A basket whose one line is of the `lab` provider, which refuses every payment intent (C-8.2). */
const labBasket = async (w: World): Promise<string> => {
  const { api } = w.app;
  const id = text(bodyOf(await api.createBasket(alice)), 'id');
  await succeeds(w, alice, api.addProduct(alice, id, ids.lab, { quantity: 1 }));
  const collectionTime = new Date(Date.parse(w.clock.now()) + MINUTE * 60).toISOString();
  const deliveryMethod = {
    type: 'KioskCollection',
    id: 'lab-desk-collect',
    kioskId: 'lab-desk',
    collectionTime,
    collectionId: 'c',
    seatId: 's',
  };
  await succeeds(
    w,
    alice,
    api.setProviderBasketDeliveryMethod(alice, id, providerBasketOf(await basket(w, alice, id), 'lab'), {
      deliveryMethod,
    }),
  );
  return id;
};

describe('payment paths over the simulated providers', () => {
  it('a declined token answers 402 and the intent can still be paid (C-4.3)', async () => {
    const w = await world({ config: { paymentSyncWaitMs: 10_000 } });
    const id = await readyBasket(w, alice);
    const intentId = text(bodyOf(await w.app.api.createPaymentIntent(alice, id, {})), 'id');
    expectProblem(
      await w.app.api.useSavedPaymentToken(alice, {
        paymentIntentId: intentId,
        tokenId: 'tok_alice_declined',
      }),
      402,
      'payment-declined',
    );
    expect(bodyOf(await w.app.api.getPaymentIntent(alice, id, intentId)).status).toBe('AwaitingPayment');
    expect(
      (await w.app.api.useSavedPaymentToken(alice, { paymentIntentId: intentId, tokenId: 'tok_alice_visa' }))
        .status,
    ).toBe(204);
    expect(await w.payments.chargesTaken(intentId)).toBe(1);
  });

  it('while the intent is PreparingPayment, changes are 409 basket-locked at once, not after the providers answer (C-8.3, C-4.3)', async () => {
    const w = await world({ latencyMs: 1500, config: { paymentSyncWaitMs: 0 } });
    const { api } = w.app;
    const id = await readyBasket(w, alice);
    const creation = await api.createPaymentIntent(alice, id, {});
    expect(creation.status).toBe(202);
    const creationId = text(bodyOf(creation), 'notificationId');
    expectProblem(await api.addProduct(alice, id, ids.pie, { quantity: 1 }), 409, 'basket-locked');
    expectProblem(await api.deleteBasket(alice, id), 409, 'basket-locked');
    const intentId = text(bodyOf(await api.getNotification(alice, creationId, 0)), 'paymentIntentId');
    expectProblem(
      await api.useSavedPaymentToken(alice, { paymentIntentId: intentId, tokenId: 'tok_alice_visa' }),
      409,
      'payment-intent-state',
    );
    // Answered before the providers: the creation was still under way.
    expect(bodyOf(await api.getNotification(alice, creationId, 0)).status).toBe('Pending');
    expect(await outcome(w, alice, creation)).toMatchObject({ status: 'Succeeded' });
    expect(await w.payments.chargesTaken(intentId)).toBe(0);
  });

  it('the refusing `lab` provider: 202, Failed provider-refused, intent Cancelled, basket unlocked with its lines (C-8.2)', async () => {
    const w = await world({ config: { paymentSyncWaitMs: 10_000 } });
    const { api } = w.app;
    const id = await labBasket(w);
    const answer = await api.createPaymentIntent(alice, id, {});
    expect(answer.status).toBe(202);
    const done = await outcome(w, alice, answer);
    expect(done).toMatchObject({ status: 'Failed', problem: { status: 422, code: 'provider-refused' } });
    expect(bodyOf(await api.getPaymentIntent(alice, id, text(done, 'paymentIntentId'))).status).toBe(
      'Cancelled',
    );
    const after = await basket(w, alice, id);
    expect(after.activePaymentIntentId).toBeUndefined();
    expect(lineItems(after)).toHaveLength(1);
  });

  it('a refusal unlocks the basket before the providers release: changes are taken while they do (C-8.2)', async () => {
    const w = await world({ config: { paymentSyncWaitMs: 0 } });
    const { api } = w.app;
    const releasing = heldProviderCalls(w, 'release');
    const id = await labBasket(w);
    const creation = await api.createPaymentIntent(alice, id, {});
    expect(creation.status).toBe(202);
    await releasing.reached;
    expect((await basket(w, alice, id)).activePaymentIntentId).toBeUndefined();
    await succeeds(w, alice, api.addProduct(alice, id, ids.pie, { quantity: 1 }));
    expect(bodyOf(await api.getNotification(alice, text(bodyOf(creation), 'notificationId'), 0)).status).toBe(
      'Pending',
    );
    releasing.letGo();
    expect(await outcome(w, alice, creation)).toMatchObject({
      status: 'Failed',
      problem: { code: 'provider-refused' },
    });
    expect(lineItems(await basket(w, alice, id))).toHaveLength(2);
  });

  it('holds that run out before the providers answer end the intent with provider-refused saying so (C-7.8, C-8.2)', async () => {
    const w = await world({ config: { paymentSyncWaitMs: 0 } });
    const { api } = w.app;
    const confirming = heldProviderCalls(w, 'confirm');
    const id = await readyBasket(w, alice);
    const creation = await api.createPaymentIntent(alice, id, {});
    await confirming.reached;
    w.clock.advance(16 * MINUTE); // every provider basket's holds run out before the answers are recorded
    confirming.letGo();
    const done = await outcome(w, alice, creation);
    expect(done).toMatchObject({ status: 'Failed', problem: { status: 422, code: 'provider-refused' } });
    expect(JSON.stringify(done)).toMatch(
      /holds of provider basket .* ran out before its provider confirmed it/,
    );
  });

  it('providers that answer after their timeout, confirming, are told to release: none keeps a confirmation (C-8.2, C-8.4)', async () => {
    const w = await world({ config: { paymentSyncWaitMs: 0, providerAnswerTimeoutMs: 50 } });
    const { api } = w.app;
    const id = await readyBasket(w, alice);
    const confirming = heldProviderCalls(w, 'confirm');
    // Resolves once the provider baskets the late confirmations named have all been released.
    const released = new Set<string>();
    let allReleased: () => void = () => undefined;
    const everyRelease = new Promise<void>((resolve) => {
      allReleased = resolve;
    });
    const release = w.providers.release.bind(w.providers);
    let confirmedLate: ReadonlyArray<string> = [];
    vi.spyOn(w.providers, 'release').mockImplementation(async (request) => {
      await release(request);
      released.add(request.providerBasketId);
      if (confirmedLate.length > 0 && confirmedLate.every((pb) => released.has(pb))) allReleased();
    });
    const creation = await api.createPaymentIntent(alice, id, {});
    const done = await outcome(w, alice, creation);
    expect(done).toMatchObject({ status: 'Failed', problem: { code: 'provider-refused' } });
    const intentId = text(done, 'paymentIntentId');
    confirmedLate = providerBaskets(await basket(w, alice, id)).map((pb) => String(pb.id));
    released.clear();
    confirming.letGo();
    await everyRelease;
    expect(await w.providers.confirmed(intentId)).toEqual([]);
  });

  it('cancelling: the cancellation machine runs, the basket is unlocked and keeps its lines and holds (C-8.4)', async () => {
    const w = await world({ config: { paymentSyncWaitMs: 10_000 } });
    const id = await readyBasket(w, alice);
    const intentId = text(bodyOf(await w.app.api.createPaymentIntent(alice, id, {})), 'id');
    expect(await w.providers.confirmed(intentId)).toHaveLength(4);
    const cancel = await w.app.api.deletePaymentIntent(alice, id, intentId);
    expect(cancel.status).toBe(200);
    expect(await outcome(w, alice, cancel)).toMatchObject({
      status: 'Succeeded',
      operation: 'deletePaymentIntent',
    });
    expect(bodyOf(await w.app.api.getPaymentIntent(alice, id, intentId))).toMatchObject({
      status: 'Cancelled',
      cancellationStateMachine: { ready: true, pendingProviderBasjets: [], pendingPaymentProvider: false },
    });
    expect(await w.providers.confirmed(intentId)).toEqual([]);
    const after = await basket(w, alice, id);
    expect(after.activePaymentIntentId).toBeUndefined();
    expect(lineItems(after)).toHaveLength(4);
    expectProblem(
      await w.app.api.useSavedPaymentToken(alice, { paymentIntentId: intentId, tokenId: 'tok_alice_visa' }),
      409,
      'payment-intent-state',
    );
    await succeeds(w, alice, w.app.api.addProduct(alice, id, ids.pie, { quantity: 1 }));
  });

  it('expiry releases seats: past holdMinutes another basket can take them (C-7.8, C-7.5)', async () => {
    const w = await world();
    const { api } = w.app;
    const seats = {
      seats: [
        { rateId: ids.adult, seatId: 'W-C-1' },
        { rateId: ids.adult, seatId: 'W-C-2' },
      ],
    };
    const first = text(bodyOf(await api.createBasket(alice)), 'id');
    const second = text(bodyOf(await api.createBasket(alice)), 'id');
    await succeeds(w, alice, api.selectSeats(alice, first, ids.event, seats));
    const refused = await outcome(w, alice, await api.selectSeats(alice, second, ids.event, seats));
    expect(refused).toMatchObject({ status: 'Failed', problem: { code: 'seats-unavailable' } });

    w.clock.advance(15 * MINUTE);
    expect(await w.app.sweepExpiredHolds()).toEqual([first]);
    expect(lineItems(await basket(w, alice, first))).toEqual([]);
    await succeeds(w, alice, api.selectSeats(alice, second, ids.event, seats));
    await w.app.drain();
  });
});
