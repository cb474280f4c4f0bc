import type { NotificationRecord } from '@basket/app';
import { describe, expect, it } from 'vitest';
import { createNatsRelay, HEADER, type NatsRelay, notificationBody, notificationSubject } from '../src';
import { isolatedStreams } from './support/isolated-streams';
import { createTestOutbox } from './support/memory-outbox';
import { someBaskets, spread } from './support/notifications';
import { expectedPerBasket, receivedPerBasket } from './support/order';
import { readStream, streamInfo } from './support/stream-reader';
import { waitUntil } from './support/wait';

const { url, isolated } = isolatedStreams();

describe('relay to JetStream', () => {
  it('delivers every completed notification to a consumer, in order per basket, once', async () => {
    const { stream, subjectPrefix } = isolated();
    const test = createTestOutbox();
    const baskets = [...someBaskets(3, 'store-a'), ...someBaskets(2, 'store.b *>')];
    const first = spread(baskets, 40);
    test.add(...first);
    const relay = createNatsRelay({
      outbox: test.outbox,
      servers: url,
      stream,
      subjectPrefix,
      batchSize: 7,
      pollMs: 20,
    });
    relay.start();
    try {
      await waitUntil('the first rows are published', () => test.unpublishedCount() === 0);
      const more = spread(baskets, 25, 40);
      test.add(...more);
      relay.nudge();
      await waitUntil('the later rows are published', () => test.unpublishedCount() === 0);

      const all = [...first, ...more];
      const messages = await readStream(url, stream);
      expect(messages).toHaveLength(all.length);
      expect(receivedPerBasket(messages)).toEqual(expectedPerBasket(all));
      expect(relay.metrics()).toMatchObject({ published: all.length, duplicates: 0, backlog: 0, lagMs: 0 });

      const byId = new Map<string, NotificationRecord>(all.map((n) => [n.notificationId, n]));
      for (const [i, message] of messages.entries()) {
        const notification = byId.get(String(message.body.notificationId));
        expect(notification).toBeDefined();
        if (notification === undefined) continue;
        expect(message.msgId).toBe(notification.notificationId);
        expect(message.subject).toBe(
          notificationSubject(subjectPrefix, notification.storeId, notification.basketId),
        );
        expect(message.body).toEqual(notificationBody(notification));
        expect(message.body).not.toHaveProperty('storeId');
        expect(message.headers[HEADER.basketId]).toBe(notification.basketId);
        expect(message.headers[HEADER.status]).toBe(notification.status);
        expect(message.headers[HEADER.position]).toBe(String(i + 1));
      }
    } finally {
      await relay.stop();
    }
  });

  it('creates the stream on <prefix>.> with a duplicate window, and keeps an existing one', async () => {
    const { stream, subjectPrefix } = isolated();
    const test = createTestOutbox();
    test.add(...spread(someBaskets(1), 2));
    const relay = createNatsRelay({ outbox: test.outbox, servers: url, stream, subjectPrefix, pollMs: 20 });
    relay.start();
    await waitUntil('rows are published', () => test.unpublishedCount() === 0);
    await relay.stop();
    const info = await streamInfo(url, stream);
    expect(info.config.subjects).toEqual([`${subjectPrefix}.>`]);
    expect(info.config.duplicate_window).toBe(120_000 * 1_000_000);

    test.add(...spread(someBaskets(1), 3));
    const again = createNatsRelay({ outbox: test.outbox, servers: url, stream, subjectPrefix, pollMs: 20 });
    again.start();
    await waitUntil('the later rows are published', () => test.unpublishedCount() === 0);
    await again.stop();
    expect((await streamInfo(url, stream)).state.messages).toBe(5);
  });

  it('drops a row published twice by its message id', async () => {
    const { stream, subjectPrefix } = isolated();
    const test = createTestOutbox();
    const notifications = spread(someBaskets(2), 6);
    test.add(...notifications);
    // The first marking is lost, as when a process dies after the ack: every row goes out twice.
    let lose = true;
    const outbox = {
      ...test.outbox,
      markPublished: async (positions: ReadonlyArray<number>) => {
        if (lose) {
          lose = false;
          return;
        }
        await test.outbox.markPublished(positions);
      },
    };
    const relay = createNatsRelay({ outbox, servers: url, stream, subjectPrefix, pollMs: 20 });
    relay.start();
    await waitUntil('rows are published', () => test.unpublishedCount() === 0);
    await relay.stop();

    expect(relay.metrics()).toMatchObject({ published: 6, duplicates: 6 });
    const messages = await readStream(url, stream);
    expect(messages.map((m) => m.msgId)).toEqual(notifications.map((n) => n.notificationId));
  });

  it('resumes where it stopped: a new relay publishes only what is left', async () => {
    const { stream, subjectPrefix } = isolated();
    const test = createTestOutbox();
    const baskets = someBaskets(3);
    const first = spread(baskets, 10);
    test.add(...first);
    const options = { outbox: test.outbox, servers: url, stream, subjectPrefix, pollMs: 20 };
    const relay = createNatsRelay(options);
    relay.start();
    await waitUntil('the first rows are published', () => test.unpublishedCount() === 0);
    await relay.stop();

    const second = spread(baskets, 10, 10);
    test.add(...second);
    const next = createNatsRelay(options);
    next.start();
    await waitUntil('the second rows are published', () => test.unpublishedCount() === 0);
    await next.stop();

    expect(next.metrics()).toMatchObject({ published: 10, duplicates: 0 });
    const messages = await readStream(url, stream);
    expect(receivedPerBasket(messages)).toEqual(expectedPerBasket([...first, ...second]));
    expect(messages).toHaveLength(20);
  });

  it('shows backlog and lag while it cannot publish, and logs them without problem details', async () => {
    const { stream, subjectPrefix } = isolated();
    const test = createTestOutbox();
    test.add(...spread(someBaskets(2), 5));
    const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = [];
    const logger = {
      info: (obj: Record<string, unknown>, msg: string) => lines.push({ level: 'info', obj, msg }),
      warn: (obj: Record<string, unknown>, msg: string) => lines.push({ level: 'warn', obj, msg }),
    };
    // Nothing listens on port 1: every attempt fails, and the relay backs off.
    const relay: NatsRelay = createNatsRelay({
      outbox: test.outbox,
      servers: 'nats://127.0.0.1:1',
      stream,
      subjectPrefix,
      logger,
      backoffMs: { initial: 10, max: 50 },
      logIntervalMs: 20,
    });
    relay.start();
    try {
      await waitUntil('a failure is reported', () => relay.metrics().lastError !== undefined);
      await waitUntil('the status line is logged', () => lines.some((l) => l.msg === 'outbox relay status'));
      await waitUntil('the oldest row has aged', () => relay.metrics().lagMs > 0);
      const metrics = relay.metrics();
      expect(metrics).toMatchObject({ published: 0, backlog: 5, connected: false });
      const status = lines.find((l) => l.msg === 'outbox relay status');
      expect(status?.obj).toMatchObject({ stream, backlog: 5, published: 0 });
      expect(lines.some((l) => l.level === 'warn' && typeof l.obj.retryInMs === 'number')).toBe(true);
      expect(JSON.stringify(lines)).not.toContain('secret-ish detail');
    } finally {
      await relay.stop({ flushMs: 0 });
    }
  });
});
