import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OutboxMessage } from '@basket/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killRelayChildren, spawnRelayChild } from './support/child';
import { publishedPositions, writeRows } from './support/file-outbox';
import { type OwnNatsServer, startOwnNatsServer } from './support/nats-server';
import { someBaskets, spread } from './support/notifications';
import { expectedPerBasket, receivedPerBasket } from './support/order';
import { readStream, streamInfo } from './support/stream-reader';
import { waitUntil } from './support/wait';

const STREAM = 'BASKET_NOTIFICATIONS';
let server: OwnNatsServer;
let dir: string;

beforeAll(async () => {
  server = await startOwnNatsServer();
  dir = await mkdtemp(join(tmpdir(), 'basket-outbox-'));
});

afterAll(async () => {
  killRelayChildren();
  await server?.dispose();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe('relay killed between publish and acknowledgement', () => {
  it('misses nothing after a restart, and its duplicates carry the same message id', {
    timeout: 60_000,
  }, async () => {
    const notifications = spread(someBaskets(3), 10);
    const rows: OutboxMessage[] = notifications.map((notification, i) => ({ position: i + 1, notification }));
    writeRows(dir, rows);
    const env = { OUTBOX_DIR: dir, NATS_URL: server.url, BATCH_SIZE: '4' };

    // Batch 5..8 is acknowledged by the stream; the process dies before the outbox records it.
    const doomed = spawnRelayChild({ ...env, CRASH_AT_POSITION: '6' });
    expect(JSON.parse(await doomed.line('MARKING'))).toEqual([5, 6, 7, 8]);
    expect((await streamInfo(server.url, STREAM)).state.messages).toBe(8);
    await doomed.kill('SIGKILL');
    await doomed.exited;
    expect(publishedPositions(dir)).toEqual([1, 2, 3, 4]);

    const restarted = spawnRelayChild(env);
    await restarted.line('STARTED');
    await waitUntil('every row is marked published', () => publishedPositions(dir).length === rows.length);
    await restarted.kill('SIGTERM');
    const metrics = JSON.parse(await restarted.line('METRICS')) as Record<string, unknown>;
    expect(await restarted.exited).toBe(0);
    expect(await doomed.exited).not.toBe(0);
    // 5..8 went out again: the stream acknowledged them as duplicates and kept one copy.
    expect(metrics).toMatchObject({ published: 2, duplicates: 4, backlog: 0 });

    const messages = await readStream(server.url, STREAM);
    expect(messages).toHaveLength(rows.length);
    expect(receivedPerBasket(messages)).toEqual(expectedPerBasket(notifications));
    for (const message of messages) expect(message.msgId).toBe(message.body.notificationId);
  });
});
