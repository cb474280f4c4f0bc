import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNatsRelay } from '../src';
import { natsUrlOptions } from '../src/connection-options';
import { createTestOutbox } from './support/memory-outbox';
import { type OwnNatsServer, sharedNatsUrl, startOwnNatsServer } from './support/nats-server';
import { someBaskets, spread } from './support/notifications';
import { waitUntil } from './support/wait';

describe('server URLs as BASKET_NATS_URL writes them (docs/outbox-nats.md)', () => {
  it('takes credentials and tls:// out of the URLs, which the NATS client would ignore', () => {
    expect(natsUrlOptions(['nats://127.0.0.1:4222', 'nats2:4223'])).toEqual({
      servers: ['127.0.0.1:4222', 'nats2:4223'],
    });
    expect(natsUrlOptions(['nats://relay:p%40ss@a:4222', 'nats://other:x@b:4222'])).toEqual({
      servers: ['a:4222', 'b:4222'],
      user: 'relay',
      pass: 'p@ss',
    });
    expect(natsUrlOptions(['tls://s3cr3t@a'])).toEqual({ servers: ['a:4222'], token: 's3cr3t', tls: {} });
  });

  describe('against NATS servers', () => {
    let guarded: OwnNatsServer;
    beforeAll(async () => {
      guarded = await startOwnNatsServer({ user: 'relay', pass: 'Hush0 w@rd' });
    });
    afterAll(() => guarded?.dispose());

    it('publishes to a NATS that wants a user and password given in the URL', {
      timeout: 30_000,
    }, async () => {
      const test = createTestOutbox();
      test.add(...spread(someBaskets(2, 'store-a'), 6, 0));
      const relay = createNatsRelay({ outbox: test.outbox, servers: guarded.url, pollMs: 10 });
      relay.start();
      try {
        await waitUntil('the six are published', () => relay.metrics().published >= 6);
        expect(relay.metrics().lastError).toBeUndefined();
      } finally {
        await relay.stop();
      }
    });

    it('sends nothing to a server without TLS when the URL says tls://', { timeout: 30_000 }, async () => {
      const test = createTestOutbox();
      test.add(...spread(someBaskets(1, 'store-a'), 2, 0));
      const plain = new URL(sharedNatsUrl());
      const relay = createNatsRelay({
        outbox: test.outbox,
        servers: `tls://${plain.host}`,
        pollMs: 10,
        backoffMs: { initial: 50, max: 200 },
      });
      relay.start();
      try {
        await waitUntil('the relay has failed to connect', () => relay.metrics().lastError !== undefined);
        expect(relay.metrics().published).toBe(0);
        expect(relay.metrics().connected).toBe(false);
      } finally {
        await relay.stop();
      }
    });
  });
});
