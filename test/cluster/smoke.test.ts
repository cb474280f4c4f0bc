import { randomUUID } from 'node:crypto';
import type { Basket } from '@basket/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, PIE } from '../http/support/catalog';
import { notificationIdOf } from '../http/support/client';
import { ALICE, type Credentials, credentials } from '../http/support/tokens';
import { type Cluster, startCluster } from './harness';

/** C-6.5: two server processes on one PostgreSQL database serve one basket between them. */
describe('a cluster of two processes on one PostgreSQL database', () => {
  let cluster: Cluster;
  let alice: Credentials;
  beforeAll(async () => {
    cluster = await startCluster();
    alice = await credentials(ALICE);
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('runs two processes with their own ports', () => {
    expect(cluster.urls).toHaveLength(2);
    expect(new Set(cluster.urls).size).toBe(2);
  });

  it('reads and changes through process 2 a basket created through process 1', async () => {
    const [one, two] = [cluster.client.on(0), cluster.client.on(1)];
    const created = await one.send('POST', '/baskets', alice);
    expect(created.status).toBe(200);
    const id = (created.body as Basket).id;

    const read = await two.send('GET', `/baskets/${id}`, alice);
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe('"1"');

    const added = await two.send('POST', `/baskets/${id}/products/${enc(PIE)}`, alice, {
      json: { quantity: 2 },
      headers: { 'if-match': '"1"' },
    });
    expect(added.status, added.text).toBe(200);
    const notification = await one.settle(notificationIdOf(added), alice);
    expect(notification.status).toBe('Succeeded');

    for (const client of [one, two]) {
      const basket = await client.send('GET', `/baskets/${id}`, alice);
      const lines = (basket.body as Basket).providerBaskets.flatMap((pb) => pb.lineItems);
      expect(lines.map((line) => [line.productId, line.consumable?.quantity])).toEqual([[PIE, 2]]);
    }
  });

  it('sends requests to the processes in turn', async () => {
    const created = await cluster.client.on(0).send('POST', '/baskets', alice);
    const path = `/baskets/${(created.body as Basket).id}`;
    const first = cluster.client.nextIndex();
    await cluster.client.send('GET', path, alice);
    await cluster.client.send('GET', path, alice);
    const servedBy = (index: number) =>
      cluster.servers[index]?.logged(
        (line) => line.msg === 'request' && line.path === path && line.method === 'GET',
      );
    // Each process logs the GET it served: both did, in turn.
    await Promise.all([servedBy(first), servedBy(1 - first)]);
    expect(cluster.client.nextIndex()).toBe(first);
  });

  it('replays an Idempotency-Key through the other process with the same status, ETag and bytes (C-6.3)', async () => {
    const key = { 'idempotency-key': `replay-${randomUUID()}` };
    const first = await cluster.client.on(0).send('POST', '/baskets', alice, { headers: key });
    const replay = await cluster.client.on(1).send('POST', '/baskets', alice, { headers: key });
    expect(first.status).toBe(200);
    expect([replay.status, replay.headers.get('etag')]).toEqual([first.status, first.headers.get('etag')]);
    // The stored answer comes back from PostgreSQL, whose jsonb keeps no key order: the text must.
    expect(replay.text).toBe(first.text);
    // A problem too.
    const missing = `/baskets/${randomUUID()}`;
    const problemKey = { 'idempotency-key': `replay-${randomUUID()}` };
    const refused = await cluster.client.on(0).send('DELETE', missing, alice, { headers: problemKey });
    const again = await cluster.client.on(1).send('DELETE', missing, alice, { headers: problemKey });
    expect([refused.status, again.status]).toEqual([404, 404]);
    expect(again.text).toBe(refused.text);
  });

  it("names each request by the caller's X-Request-Id in the answer and in the serving process's log, or by a new UUID", async () => {
    const created = await cluster.client.on(0).send('POST', '/baskets', alice);
    const path = `/baskets/${(created.body as Basket).id}`;
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const index of [0, 1]) {
      const requestId = `lb-${index}-7f3a9c`;
      const read = await cluster.client
        .on(index)
        .send('GET', path, alice, { headers: { 'x-request-id': requestId } });
      expect(read.headers.get('x-request-id')).toBe(requestId);
      await cluster.servers[index]?.logged((line) => line.msg === 'request' && line.requestId === requestId);
      // A problem carries it too.
      const missing = await cluster.client.on(index).send('GET', `/baskets/${randomUUID()}`, alice, {
        headers: { 'x-request-id': `${requestId}-2` },
      });
      expect([missing.status, missing.headers.get('x-request-id')]).toEqual([404, `${requestId}-2`]);
    }
    // No id, or one that is not an opaque id (an address here): a new UUID each time, never the value sent.
    const answers = await Promise.all(
      [undefined, 'alice@example.com', 'has space', 'x'.repeat(129)].map((sent) =>
        cluster.client
          .on(0)
          .send('GET', path, alice, sent === undefined ? {} : { headers: { 'x-request-id': sent } }),
      ),
    );
    const ids = answers.map((answer) => answer.headers.get('x-request-id') ?? '');
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(ids.length);
    expect(JSON.stringify(cluster.servers[0]?.logs)).not.toContain('alice@example.com');
  });
});
