import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createNatsRelay } from '../src';
import { createTestOutbox } from './support/memory-outbox';
import { someBaskets, spread } from './support/notifications';
import { waitUntil } from './support/wait';

/** A server that accepts connections and never answers (a NATS behind a firewall), counting them. */
const blackhole = async () => {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `nats://127.0.0.1:${address.port}`,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

describe('stopping a relay that cannot reach NATS (docs/outbox-nats.md)', () => {
  it('stops without one more connection attempt: what is left stays in the outbox', async () => {
    const nats = await blackhole();
    const test = createTestOutbox();
    test.add(...spread(someBaskets(1, 'store-a'), 2, 0));
    const relay = createNatsRelay({
      outbox: test.outbox,
      servers: nats.url,
      publishTimeoutMs: 200,
      backoffMs: { initial: 60_000, max: 60_000 },
    });
    relay.start();
    try {
      await waitUntil('the first attempt has failed', () => relay.metrics().lastError !== undefined);
      const attempted = nats.connections();
      await relay.stop({ flushMs: 5_000 });
      expect(nats.connections()).toBe(attempted);
      expect(test.unpublishedCount()).toBe(2);
    } finally {
      await relay.stop();
      await nats.close();
    }
  });
});
