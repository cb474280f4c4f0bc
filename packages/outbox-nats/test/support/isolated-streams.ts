import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { assertJetStreamReachable, sharedNatsUrl } from './nats-server';
import { deleteStream } from './stream-reader';

/**
 * The shared NATS of a test file (reachable, or the file fails), and streams of the file alone on
 * it, each with a subject prefix of its own: deleted when the file is done.
 */
export const isolatedStreams = () => {
  const url = sharedNatsUrl();
  const streams: string[] = [];
  beforeAll(async () => {
    await assertJetStreamReachable(url);
  });
  afterAll(async () => {
    for (const stream of streams) await deleteStream(url, stream);
  });
  const isolated = () => {
    const id = randomUUID().replaceAll('-', '').slice(0, 12);
    const stream = `BASKET_TEST_${id}`;
    streams.push(stream);
    return { stream, subjectPrefix: `test.${id}.notifications` };
  };
  return { url, isolated };
};
