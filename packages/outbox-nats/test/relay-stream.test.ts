import { connect } from 'nats';
import { describe, expect, it } from 'vitest';
import { startRelayFromEnv } from '../src';
import { isolatedStreams } from './support/isolated-streams';
import { createTestOutbox } from './support/memory-outbox';
import { someBaskets, spread } from './support/notifications';
import { readStream } from './support/stream-reader';
import { waitUntil } from './support/wait';

const { url, isolated } = isolatedStreams();

describe('the stream and subjects of a relay started from the environment (docs/outbox-nats.md)', () => {
  it('publishes to BASKET_NATS_STREAM under BASKET_NATS_SUBJECT_PREFIX', { timeout: 30_000 }, async () => {
    const { stream, subjectPrefix } = isolated();
    const test = createTestOutbox();
    test.add(...spread(someBaskets(2, 'store-a'), 4, 0));
    const relay = startRelayFromEnv({
      outbox: test.outbox,
      pollMs: 10,
      env: { BASKET_NATS_URL: url, BASKET_NATS_STREAM: stream, BASKET_NATS_SUBJECT_PREFIX: subjectPrefix },
    });
    try {
      await waitUntil('the four are published', () => (relay?.metrics().published ?? 0) >= 4);
    } finally {
      await relay?.stop();
    }
    const read = await readStream(url, stream);
    expect(read).toHaveLength(4);
    for (const message of read) expect(message.subject.startsWith(`${subjectPrefix}.store-a.`)).toBe(true);
  });

  it('refuses an existing stream whose subjects do not take <prefix>.>, naming it, instead of a bare 503', {
    timeout: 30_000,
  }, async () => {
    const { stream, subjectPrefix } = isolated();
    const nc = await connect({ servers: url, reconnect: false });
    try {
      const jsm = await nc.jetstreamManager();
      await jsm.streams.add({ name: stream, subjects: [`${subjectPrefix}-other.>`] });
    } finally {
      await nc.close();
    }
    const test = createTestOutbox();
    test.add(...spread(someBaskets(1, 'store-a'), 2, 0));
    const relay = startRelayFromEnv({
      outbox: test.outbox,
      pollMs: 10,
      backoffMs: { initial: 20, max: 100 },
      env: { BASKET_NATS_URL: url, BASKET_NATS_STREAM: stream, BASKET_NATS_SUBJECT_PREFIX: subjectPrefix },
    });
    try {
      await waitUntil('the relay has failed', () => relay?.metrics().lastError !== undefined);
      expect(relay?.metrics().lastError).toContain(`the stream ${stream} takes the subjects`);
      expect(relay?.metrics().lastError).toContain(`not ${subjectPrefix}.>`);
      expect(relay?.metrics().published).toBe(0);
    } finally {
      await relay?.stop({ flushMs: 0 });
    }
  });
});
