import type { NotificationRecord } from '@basket/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNatsRelay } from '../src';
import { createTestOutbox } from './support/memory-outbox';
import { type OwnNatsServer, startOwnNatsServer } from './support/nats-server';
import { someBaskets, spread } from './support/notifications';
import { waitUntil } from './support/wait';

let server: OwnNatsServer;

beforeAll(async () => {
  server = await startOwnNatsServer();
});

afterAll(async () => {
  await server?.dispose();
});

type Attempt = { readonly at: number; readonly attempt: number; readonly retryInMs: number };

describe('relay backoff while NATS is down', () => {
  it('makes at most one attempt per announced backoff interval, however many completions nudge it', {
    timeout: 60_000,
  }, async () => {
    await server.stop();
    const test = createTestOutbox();
    const baskets = someBaskets(3);
    const produced: NotificationRecord[] = [];
    const attempts: Attempt[] = [];
    const relay = createNatsRelay({
      outbox: test.outbox,
      servers: server.url,
      pollMs: 10,
      publishTimeoutMs: 500,
      backoffMs: { initial: 100, max: 400 },
      logIntervalMs: 0,
      logger: {
        info: () => undefined,
        warn: (obj, msg) => {
          if (msg !== 'outbox relay: failed, retrying') return;
          attempts.push({
            at: performance.now(),
            attempt: Number(obj.attempt),
            retryInMs: Number(obj.retryInMs),
          });
        },
      },
    });
    // Load: a completion (and its nudge, as the server sends one per completion) every millisecond.
    const load = setInterval(() => {
      const next = spread(baskets, 1, produced.length);
      produced.push(...next);
      test.add(...next);
      relay.nudge();
    }, 1);
    relay.start();
    try {
      await waitUntil('twelve failed attempts', () => attempts.length >= 12, 30_000);
      clearInterval(load);
      // Each attempt after the first waited at least the delay the previous one announced (1 ms of
      // slack for timer rounding): nudges do not cut a backoff short.
      for (let i = 1; i < attempts.length; i += 1) {
        const previous = attempts[i - 1];
        const current = attempts[i];
        if (previous === undefined || current === undefined) continue;
        expect(current.at - previous.at, `attempt ${current.attempt}`).toBeGreaterThanOrEqual(
          previous.retryInMs - 1,
        );
        expect(current.attempt).toBe(previous.attempt + 1);
      }
      expect(produced.length).toBeGreaterThan(attempts.length * 10);
      expect(relay.metrics().backlog).toBeGreaterThan(0);

      // NATS back: the backlog goes out.
      await server.start();
      await waitUntil('the outbox is drained', () => test.unpublishedCount() === 0, 30_000);
      expect(relay.metrics().published).toBe(produced.length);
    } finally {
      clearInterval(load);
      await relay.stop();
    }
  });
});
