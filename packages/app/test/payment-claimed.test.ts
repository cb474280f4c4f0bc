import { describe, expect, it } from 'vitest';
import type { CommandLeases, ProviderBasketRequest } from '../src/index';
import { gate } from './fakes/providers';
import { alice, basketOf, bodyOf, harness, outcomeOf, secondProcess, stringField } from './harness';
import { completeCheckoutDetails, fillBasket, providerBaskets as providerBasketsOf } from './purchase-steps';

// Two processes on one storage whose `commandLeases` say which one carries out a basket's Pending
// commands (C-5.1, C-6.5): a createPaymentIntent whose provider calls are slower than the recovery
// delay is not run a second time by the other process while the first renews its claim, and is
// taken up by the other once the first stopped renewing it.

/** Claims on the machine's clock of the test: they run out when the test moves it. */
const testLeases = () => {
  let now = 0;
  const claims = new Map<string, { holder: string; until: number }>();
  /** Holders whose claims are no longer renewed: a process that stopped. */
  const stopped = new Set<string>();
  let releasing: ReturnType<typeof gate> | undefined;
  let renewing: ReturnType<typeof gate> | undefined;
  const leases: CommandLeases = {
    acquire: async (basketId, holder, ttlMs) => {
      if (claims.get(basketId)?.holder === holder && renewing !== undefined) {
        const held = renewing;
        renewing = undefined;
        await held.wait();
      }
      const claim = claims.get(basketId);
      if (claim !== undefined && claim.holder !== holder && claim.until > now) return false;
      if (stopped.has(holder)) return claim?.holder === holder && claim.until > now;
      claims.set(basketId, { holder, until: now + ttlMs });
      return true;
    },
    release: async (basketId, holder) => {
      const held = releasing;
      releasing = undefined;
      await held?.wait();
      if (claims.get(basketId)?.holder === holder) claims.delete(basketId);
    },
  };
  return {
    leases,
    /** The next renewal (an acquire by the holder) waits at the gate answered. */
    holdRenewal: () => {
      renewing = gate();
      return renewing;
    },
    /** The next release waits at the gate answered. */
    holdRelease: () => {
      releasing = gate();
      return releasing;
    },
    holderOf: (basketId: string) => claims.get(basketId)?.holder,
    stop: (holder: string) => stopped.add(holder),
    advance: (ms: number) => {
      now += ms;
    },
  };
};

/** A basket ready for payment in a process with claims, and a second process on its storage. */
const twoProcesses = async () => {
  const claims = testLeases();
  const base = harness();
  const h = harness({ commandLeaseMs: 5000 }, Object.assign(base.storage, { commandLeases: claims.leases }));
  const basketId = await fillBasket(h, alice);
  await completeCheckoutDetails(h, alice, basketId);
  const providerBaskets = providerBasketsOf(await basketOf(h, basketId, alice)).length;
  // The first attempt's confirmations wait at `held`, any later attempt's at `later`, until the test
  // opens them; `asked` counts the calls.
  const [held, later] = [gate(), gate()];
  const { providers } = h.fakes;
  const { confirm } = providers;
  const asked = { count: 0 };
  Object.assign(providers, {
    confirm: async (request: ProviderBasketRequest) => {
      asked.count += 1;
      await (asked.count <= providerBaskets ? held : later).wait();
      return confirm(request);
    },
  });
  const other = secondProcess(h, { commandLeaseMs: 5000 });
  return { h, other, claims, basketId, providerBaskets, held, later, asked };
};

describe("a basket's Pending commands are carried out by the process that holds its claim (C-5.1, C-6.5)", () => {
  it('another process does not run a createPaymentIntent again while the first still renews its claim', async () => {
    const { h, other, claims, basketId, providerBaskets, held, asked } = await twoProcesses();
    const created = await h.app.api.createPaymentIntent(alice, basketId, {});
    await held.reached;
    expect(claims.holderOf(basketId)).toBeDefined();
    // Recovery of everything Pending, as if accepted long ago: the claim is live, so it is left.
    await other.processor.recover('2100-01-01T00:00:00.000Z');
    await other.processor.idle();
    expect(asked.count).toBe(providerBaskets);
    held.open();
    expect(await outcomeOf(h, created, alice)).toMatchObject({ status: 'Succeeded' });
    expect(asked.count).toBe(providerBaskets);
    // Given up once the work is done: the next process to come needs no wait.
    expect(claims.holderOf(basketId)).toBeUndefined();
  });

  it('another process takes it up once the claim of a process that stopped has run out', async () => {
    const { h, other, claims, basketId, providerBaskets, held, later, asked } = await twoProcesses();
    const created = await h.app.api.createPaymentIntent(alice, basketId, {});
    await held.reached;
    const first = claims.holderOf(basketId);
    if (first === undefined) throw new Error('the first process holds no claim');
    // The first process stops: its provider calls never come back and its claim is not renewed.
    claims.stop(first);
    claims.advance(4999);
    await other.processor.recover('2100-01-01T00:00:00.000Z');
    expect(asked.count).toBe(providerBaskets);
    claims.advance(1);
    const takenUp = other.processor.recover('2100-01-01T00:00:00.000Z');
    await later.reached;
    later.open();
    await takenUp;
    await other.processor.idle();
    expect(asked.count).toBe(2 * providerBaskets);
    const notificationId = stringField(bodyOf(created), 'notificationId');
    expect(bodyOf(await other.api.getNotification(alice, notificationId))).toMatchObject({
      status: 'Succeeded',
    });
  });

  it('a command the other process accepts while the claim is being given up is carried out, not left to recovery', async () => {
    const { h, other, claims, basketId, held } = await twoProcesses();
    const created = await h.app.api.createPaymentIntent(alice, basketId, {});
    await held.reached;
    // The first process's giving up of its claim, once the creation is done, waits at `giving`.
    const giving = claims.holdRelease();
    held.open();
    await giving.reached;
    const creation = stringField(bodyOf(created), 'notificationId');
    expect(bodyOf(await h.app.api.getNotification(alice, creation))).toMatchObject({ status: 'Succeeded' });
    const intentId = stringField(await basketOf(h, basketId, alice), 'activePaymentIntentId');
    // Accepted by the other process, which finds the claim still taken and leaves the command Pending.
    const cancel = await other.api.deletePaymentIntent(alice, basketId, intentId);
    await other.processor.idle();
    giving.open();
    // The first process looks again once its claim is given up, and carries the cancellation out.
    await h.settle();
    const notificationId = stringField(bodyOf(cancel), 'notificationId');
    expect(bodyOf(await h.app.api.getNotification(alice, notificationId))).toMatchObject({
      status: 'Succeeded',
    });
  });

  it('a renewal still on its way when the work ends does not take the claim again after its release', async () => {
    const claims = testLeases();
    const base = harness();
    // Renewed every 10 ms: a renewal comes while the providers are still to answer.
    const h = harness({ commandLeaseMs: 30 }, Object.assign(base.storage, { commandLeases: claims.leases }));
    const basketId = await fillBasket(h, alice);
    await completeCheckoutDetails(h, alice, basketId);
    const confirming = gate();
    h.fakes.confirmGate = confirming;
    const renewal = claims.holdRenewal();
    const created = await h.app.api.createPaymentIntent(alice, basketId, {});
    await confirming.reached;
    await renewal.reached;
    // The work ends while that renewal is on its way.
    confirming.open();
    const notificationId = stringField(bodyOf(created), 'notificationId');
    expect(bodyOf(await h.app.api.getNotification(alice, notificationId, 10_000)).status).toBe('Succeeded');
    renewal.open();
    await h.settle();
    expect(claims.holderOf(basketId)).toBeUndefined();
  });
});
