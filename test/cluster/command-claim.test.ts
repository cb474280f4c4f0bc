// C-5.1, C-6.5 across two server processes on one PostgreSQL database, with providers that take
// 7 s to answer: the process that accepted a createPaymentIntent carries it out under a claim on the
// basket that it renews past the claim's 5 s, so the other process's recovery leaves it; once that
// process is killed (SIGKILL), its claim runs out and the other process takes the command up.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { httpApi } from '../races/http-api';
import { alternating, bodyOf, guest, payableBasket } from '../races/scenarios';
import { type Cluster, startCluster } from './harness';

type Claim = { readonly holder: string; readonly until: Date; readonly now: Date };

describe("a basket's Pending commands, claimed by one process at a time (C-5.1, C-6.5)", () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster({ env: { BASKET_PROVIDER_LATENCY_MS: '7000' } });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it('is renewed by its process while the providers are slow, and taken over once that process is killed', async () => {
    const id = await payableBasket(alternating(cluster.urls.map(httpApi)));
    const [first, second] = cluster.urls.map(httpApi);
    if (first === undefined || second === undefined) throw new Error('two processes expected');
    const claim = async (): Promise<Claim | undefined> =>
      (
        (await cluster.db.query(
          `SELECT holder, until, clock_timestamp() AS now FROM ${cluster.schema}.leases WHERE name = $1`,
          [`commands:${id}`],
        )) as ReadonlyArray<Claim>
      )[0];

    const creation = await first.createPaymentIntent(guest, id, {});
    expect(creation.status).toBe(202);
    const notificationId = String(bodyOf(creation).notificationId);
    const taken = await vi.waitFor(
      async () => {
        const found = await claim();
        expect(found).toBeDefined();
        return found as Claim;
      },
      { timeout: 10_000, interval: 50 },
    );
    // Past the end of the claim as first taken (5 s), the same process still holds it, renewed.
    const renewed = await vi.waitFor(
      async () => {
        const found = await claim();
        expect(found?.now.getTime()).toBeGreaterThan(taken.until.getTime());
        return found as Claim;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(renewed.holder).toBe(taken.holder);
    expect(renewed.until.getTime()).toBeGreaterThan(taken.until.getTime());

    // The process that holds the claim dies mid-saga: the other takes the command up once the
    // claim has run out, and completes it.
    const victim = cluster.servers[0];
    victim?.process.kill('SIGKILL');
    await victim?.exited;
    // Long polls of at most 30 s (C-5.2): the claim runs out within 5 s, the recovery comes every
    // 5 s, and the saga's provider calls take 7 s each.
    let done = bodyOf(await second.getNotification(guest, notificationId, 30_000));
    for (let polls = 1; done.status === 'Pending' && polls < 3; polls += 1) {
      done = bodyOf(await second.getNotification(guest, notificationId, 30_000));
    }
    expect(done.status).toBe('Succeeded');
    const after = await claim();
    expect(after === undefined || after.holder !== taken.holder).toBe(true);
  }, 120_000);
});
