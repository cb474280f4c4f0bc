// C-8.3, C-4.3, C-6.4 across two server processes on one PostgreSQL database, with providers that
// take 1.5 s to answer: a basket whose intent is being prepared is locked for every process at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpApi } from '../races/http-api';
import {
  alice,
  alternating,
  bodyOf,
  codeOf,
  guest,
  type Lanes,
  PIE,
  payableBasket,
  settled,
} from '../races/scenarios';
import { type Cluster, startCluster } from './harness';

describe('a payment intent being prepared, across two processes (C-8.3)', () => {
  let cluster: Cluster;
  let lanes: Lanes;
  beforeAll(async () => {
    cluster = await startCluster({ env: { BASKET_PROVIDER_LATENCY_MS: '1500' } });
    lanes = alternating(cluster.urls.map(httpApi));
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it('changes through the other process are 409 at once, before the providers answer; paying early is 409', async () => {
    const id = await payableBasket(lanes);
    const creation = await lanes.next().createPaymentIntent(guest, id, {});
    expect(creation.status).toBe(202);
    const notificationId = String(bodyOf(creation).notificationId);
    const added = await lanes.next().addProduct(guest, id, PIE, { quantity: 1 });
    expect([added.status, codeOf(added)]).toEqual([409, 'basket-locked']);
    const pending = bodyOf(await lanes.next().getNotification(guest, notificationId, 0));
    const paid = await lanes.next().useSavedPaymentToken(alice, {
      paymentIntentId: String(pending.paymentIntentId),
      tokenId: 'tok_alice_visa',
    });
    expect([paid.status, codeOf(paid)]).toEqual([409, 'payment-intent-state']);
    // Answered before the providers: the creation was still under way when all of that was judged.
    expect(bodyOf(await lanes.next().getNotification(guest, notificationId, 0)).status).toBe('Pending');
    expect((await settled(lanes, guest, notificationId)).status).toBe('Succeeded');
  }, 60_000);
});
