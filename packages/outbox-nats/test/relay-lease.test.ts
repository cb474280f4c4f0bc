import type { NotificationRecord } from '@basket/app';
import { describe, expect, it } from 'vitest';
import {
  createMemoryRelayLease,
  createNatsRelay,
  type NatsRelay,
  type NatsRelayOptions,
  type RelayLease,
} from '../src';
import { isolatedStreams } from './support/isolated-streams';
import { createTestOutbox } from './support/memory-outbox';
import { someBaskets, spread } from './support/notifications';
import { expectedPerBasket, receivedPerBasket } from './support/order';
import { startSilentProxy } from './support/silent-proxy';
import { readStream } from './support/stream-reader';
import { waitUntil } from './support/wait';

const { url, isolated } = isolatedStreams();

const setup = () => {
  const { stream, subjectPrefix } = isolated();
  const test = createTestOutbox();
  const produced: NotificationRecord[] = [];
  const baskets = someBaskets(4);
  const produce = (count: number) => {
    const next = spread(baskets, count, produced.length);
    produced.push(...next);
    test.add(...next);
  };
  /** A relay of this outbox and stream; `options` change the defaults of these tests. */
  const relay = (lease: RelayLease, holder: string, options: Partial<NatsRelayOptions> = {}): NatsRelay =>
    createNatsRelay({
      outbox: test.outbox,
      servers: url,
      stream,
      subjectPrefix,
      lease,
      holder,
      leaseTtlMs: 900,
      publishTimeoutMs: 300,
      batchSize: 3,
      pollMs: 10,
      ...options,
    });
  return { stream, test, produced, produce, relay };
};

describe('several relays over one outbox', () => {
  it('a relay that cannot reach NATS lets go of the lease: the one that can publishes everything', {
    timeout: 30_000,
  }, async () => {
    const { stream, test, produced, produce, relay } = setup();
    const lease = createMemoryRelayLease();
    const cut = relay(lease, 'cut-off', {
      servers: 'nats://127.0.0.1:1',
      backoffMs: { initial: 10, max: 50 },
    });
    produce(12);
    cut.start();
    await waitUntil('the cut-off relay has failed to connect', () => cut.metrics().lastError !== undefined);
    const healthy = relay(lease, 'healthy');
    healthy.start();
    try {
      await waitUntil('the outbox is drained', () => test.unpublishedCount() === 0);
      expect(cut.metrics()).toMatchObject({ active: false, published: 0 });
      expect(healthy.metrics().active).toBe(true);
    } finally {
      await cut.stop({ flushMs: 0 });
      await healthy.stop();
    }
    expect(await readStream(url, stream)).toHaveLength(produced.length);
  });

  it('a relay whose NATS falls silent (connections open, nothing answered) stays off the lease until NATS answers', {
    timeout: 30_000,
  }, async () => {
    const { stream, test, produced, produce, relay } = setup();
    const shared = createMemoryRelayLease();
    const acquired: string[] = [];
    const lease: RelayLease = {
      acquire: async (holder, ttlMs) => {
        const held = await shared.acquire(holder, ttlMs);
        if (held) acquired.push(holder);
        return held;
      },
      release: shared.release,
    };
    const proxy = await startSilentProxy(url);
    const silenced = relay(lease, 'silenced', { servers: proxy.url, backoffMs: { initial: 10, max: 50 } });
    // Standing by, the healthy relay asks for the lease every second (a quarter of its TTL).
    const healthy = relay(lease, 'healthy', { leaseTtlMs: 4_000 });
    try {
      produce(3);
      silenced.start();
      await waitUntil('the first rows are published through the proxy', () => test.unpublishedCount() === 0);
      healthy.start();
      await waitUntil('the healthy relay stands by', () => acquired.length > 0 && !healthy.metrics().active);
      proxy.fallSilent();
      produce(12);
      await waitUntil('the silenced relay has failed', () => silenced.metrics().lastError !== undefined);
      const sinceFailure = acquired.length;
      await waitUntil('the outbox is drained', () => test.unpublishedCount() === 0);
      // Each attempt of the silenced relay waited on NATS without the lease: it never took it back.
      expect(acquired.slice(sinceFailure).filter((holder) => holder === 'silenced')).toEqual([]);
      expect(healthy.metrics().active).toBe(true);
    } finally {
      await silenced.stop({ flushMs: 0 });
      await healthy.stop();
      await proxy.close();
    }
    expect(await readStream(url, stream)).toHaveLength(produced.length);
  });

  it('one relay is active at a time, and the other takes over when it stops', {
    timeout: 30_000,
  }, async () => {
    const { stream, test, produced, produce, relay } = setup();
    const lease = createMemoryRelayLease();
    const a = relay(lease, 'a');
    const b = relay(lease, 'b');
    produce(20);
    a.start();
    await waitUntil('a is active', () => a.metrics().active);
    b.start();
    const producer = setInterval(() => produce(1), 10);
    try {
      await waitUntil('a has published a while', () => a.metrics().published >= 40);
      expect(b.metrics()).toMatchObject({ active: false, published: 0 });
      await a.stop({ flushMs: 0 });
      await waitUntil('b takes over', () => b.metrics().published >= 10);
      clearInterval(producer);
      await waitUntil('the outbox is drained', () => test.unpublishedCount() === 0);
    } finally {
      clearInterval(producer);
      await a.stop();
      await b.stop();
    }
    const messages = await readStream(url, stream);
    expect(receivedPerBasket(messages)).toEqual(expectedPerBasket(produced));
    expect(messages).toHaveLength(produced.length);
  });

  it('a relay that dies holding the lease is replaced once the lease expires', {
    timeout: 30_000,
  }, async () => {
    const { stream, test, produced, produce, relay } = setup();
    const shared = createMemoryRelayLease();
    // `a` never gives the lease back, as a process killed while active.
    const dying: RelayLease = { acquire: shared.acquire, release: async () => {} };
    const a = relay(dying, 'a');
    const b = relay(shared, 'b');
    produce(10);
    a.start();
    await waitUntil('a has published', () => test.unpublishedCount() === 0);
    b.start();
    await a.stop({ flushMs: 0 });
    produce(10);
    await waitUntil('b takes over after the ttl', () => test.unpublishedCount() === 0);
    await b.stop();
    expect(b.metrics().published).toBe(10);
    const messages = await readStream(url, stream);
    expect(receivedPerBasket(messages)).toEqual(expectedPerBasket(produced));
    expect(messages).toHaveLength(produced.length);
  });
});
