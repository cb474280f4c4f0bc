import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/demo/catalog';
import { BasketNetworkError, BasketProblemError } from '../src/index';
import { recordingFetch, type Sent } from './support/recording-fetch';
import { ALICE, BOB, clientFor, type SpawnedServer, spawnServer } from './support/server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const isAdd = (sent: Sent) => sent.method === 'POST' && sent.url.includes('/products/');
const keyOf = (sent: Sent | undefined) => sent?.headers.get('idempotency-key');

describe('Idempotency-Key on every modifying call, reused on retry', () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await spawnServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sends a fresh UUID key on each modifying call and none on reads', async () => {
    const recorder = recordingFetch();
    const alice = await clientFor(server, ALICE, { fetch: recorder.fetch });
    const { id } = await alice.createBasket();
    await alice.basket(id).addProduct(DEMO.pie, { quantity: 1 }).settled();
    await alice.basket(id).get();
    const keys = recorder.sent.map((sent) => [sent.method, keyOf(sent)] as const);
    const writes = keys.filter(([method]) => method !== 'GET');
    expect(writes).toHaveLength(2);
    for (const [, key] of writes) expect(key).toMatch(UUID);
    expect(new Set(writes.map(([, key]) => key)).size).toBe(2);
    expect(keys.filter(([method]) => method === 'GET').every(([, key]) => key === null)).toBe(true);
  });

  it.each(['lost', 'cut'] as const)(
    'an answer %s (dropped, or cut midway) is retried with the same key: one change, the same notification',
    async (how) => {
      const recorder = recordingFetch();
      const alice = await clientFor(server, ALICE, { fetch: recorder.fetch });
      const { id } = await alice.createBasket();
      recorder.failNext(isAdd, how);
      const accepted = await alice.basket(id).addProduct(DEMO.pie, { quantity: 1 });
      await alice.settle(accepted.notificationId);
      const attempts = recorder.sent.filter(isAdd);
      expect(attempts).toHaveLength(2);
      expect(keyOf(attempts[1])).toBe(keyOf(attempts[0]));
      const lines = (await alice.basket(id).get()).providerBaskets.flatMap((pb) => pb.lineItems);
      expect(lines.map((line) => line.consumable?.quantity)).toEqual([1]);
    },
  );

  it('a network error is retried; without retries it is a BasketNetworkError', async () => {
    const recorder = recordingFetch();
    const alice = await clientFor(server, ALICE, { fetch: recorder.fetch });
    const { id } = await alice.createBasket();
    recorder.failNext(isAdd, 'network');
    await alice.basket(id).addProduct(DEMO.pie, { quantity: 1 }).settled();
    expect(recorder.sent.filter(isAdd)).toHaveLength(2);

    const once = await clientFor(server, ALICE, { fetch: recorder.fetch, retry: { retries: 0 } });
    recorder.failNext(isAdd, 'network');
    const error = await once
      .basket(id)
      .addProduct(DEMO.pie, { quantity: 1 })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(BasketNetworkError);
    expect(error).toMatchObject({ attempts: 1 });
  });

  it('a read whose answer is cut midway, without retries, is a BasketNetworkError', async () => {
    const recorder = recordingFetch();
    const alice = await clientFor(server, ALICE, { fetch: recorder.fetch, retry: { retries: 0 } });
    const { id } = await alice.createBasket();
    recorder.failNext((sent) => sent.method === 'GET', 'cut');
    await expect(alice.basket(id).get()).rejects.toBeInstanceOf(BasketNetworkError);
  });

  it('a 4xx such as a 409 is never retried', async () => {
    const recorder = recordingFetch();
    const alice = await clientFor(server, ALICE);
    const bob = await clientFor(server, BOB, { fetch: recorder.fetch });
    const { id } = await alice.createBasket();
    await alice.basket(id).assignContact().settled();
    await expect(bob.basket(id).assignContact()).rejects.toMatchObject({ code: 'contact-conflict' });
    expect(recorder.sent.filter((sent) => sent.method === 'PATCH')).toHaveLength(1);
  });

  it("a caller's own key replays the first answer; with another body it is a 422", async () => {
    const alice = await clientFor(server, ALICE);
    const { id } = await alice.createBasket();
    const basket = alice.basket(id);
    const key = `add-pie-${id}`;
    const first = await basket.addProduct(DEMO.pie, { quantity: 1 }, { idempotencyKey: key });
    const again = await basket.addProduct(DEMO.pie, { quantity: 1 }, { idempotencyKey: key });
    expect(again.notificationId).toBe(first.notificationId);
    const reused = await basket
      .addProduct(DEMO.pie, { quantity: 2 }, { idempotencyKey: key })
      .catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(BasketProblemError);
    expect(reused).toMatchObject({ status: 422, code: 'idempotency-key-reused' });
  });
});
