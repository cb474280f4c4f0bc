import type { NotificationRecord } from '@basket/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNatsRelay } from '../src';
import { createTestOutbox } from './support/memory-outbox';
import { type OwnNatsServer, startOwnNatsServer } from './support/nats-server';
import { someBaskets, spread } from './support/notifications';
import { expectedPerBasket, receivedPerBasket } from './support/order';
import { readStream } from './support/stream-reader';
import { waitUntil } from './support/wait';

const OUTAGE_MS = 10_000;
let server: OwnNatsServer;

beforeAll(async () => {
  server = await startOwnNatsServer();
});

afterAll(async () => {
  await server?.dispose();
});

describe('NATS outage', () => {
  it('loses nothing and keeps each basket in order when NATS stops for 10 s mid-stream', {
    timeout: 90_000,
  }, async () => {
    const test = createTestOutbox();
    const baskets = [...someBaskets(4, 'store-a'), ...someBaskets(2, 'store-b')];
    const produced: NotificationRecord[] = [];
    const produce = (count: number) => {
      const next = spread(baskets, count, produced.length);
      produced.push(...next);
      test.add(...next);
    };
    const relay = createNatsRelay({
      outbox: test.outbox,
      servers: server.url,
      batchSize: 5,
      pollMs: 10,
      publishTimeoutMs: 1_000,
      backoffMs: { initial: 50, max: 1_000 },
    });
    // Commits keep coming before, during and after the outage.
    const producer = setInterval(() => produce(2), 20);
    relay.start();
    try {
      await waitUntil('the stream is under way', () => relay.metrics().published >= 30);
      await server.stop();
      const stoppedAt = Date.now();
      await waitUntil('the relay notices', () => relay.metrics().lastError !== undefined);
      await waitUntil(
        'the outage has lasted 10 s',
        () => Date.now() - stoppedAt >= OUTAGE_MS,
        OUTAGE_MS + 5_000,
        100,
      );
      const during = relay.metrics();
      expect(during.connected).toBe(false);
      expect(during.backlog).toBeGreaterThan(0);
      expect(during.lagMs).toBeGreaterThan(OUTAGE_MS / 2);
      const publishedDuringOutage = during.published;

      await server.start();
      await waitUntil('publishing resumes', () => relay.metrics().published > publishedDuringOutage, 30_000);
      clearInterval(producer);
      await waitUntil('the outbox is drained', () => test.unpublishedCount() === 0, 30_000);
    } finally {
      clearInterval(producer);
      await relay.stop();
    }

    const messages = await readStream(server.url, 'BASKET_NOTIFICATIONS');
    expect(new Set(messages.map((m) => m.msgId)).size).toBe(produced.length);
    expect(messages).toHaveLength(produced.length);
    expect(receivedPerBasket(messages)).toEqual(expectedPerBasket(produced));
    for (const message of messages) expect(message.msgId).toBe(message.body.notificationId);
    expect(relay.metrics()).toMatchObject({ backlog: 0, lagMs: 0 });
    expect(relay.metrics().lastError).toBeUndefined();
  });
});
