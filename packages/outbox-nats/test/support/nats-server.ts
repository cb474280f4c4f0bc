import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'nats';
import { natsUrlOptions } from '../../src/connection-options';

/** The NATS the ordinary tests use: NATS_URL, else the one `.ci/services` starts. */
export const sharedNatsUrl = (): string => process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

const serverBinary = (): string => {
  const configured = process.env.NATS_SERVER_BIN;
  if (configured !== undefined) return configured;
  return existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : 'nats-server';
};

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

/** Fails (never skips) when JetStream at `url` does not answer within `timeoutMs`. */
export const assertJetStreamReachable = async (url: string, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const nc = await connect({ ...natsUrlOptions([url]), reconnect: false, timeout: 1_000 });
      try {
        await (await nc.jetstreamManager({ timeout: 1_000 })).getAccountInfo();
        return;
      } finally {
        await nc.close();
      }
    } catch (err) {
      lastError = err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`NATS JetStream is not reachable at ${url}: ${String(lastError)}`);
};

export type OwnNatsServer = {
  readonly url: string;
  /** SIGTERM, then waits for the process to exit. */
  readonly stop: () => Promise<void>;
  /** Starts it again on the same port with the same store dir. */
  readonly start: () => Promise<void>;
  /** Stops it and removes its store dir. */
  readonly dispose: () => Promise<void>;
};

/**
 * A nats-server with JetStream on a free port and its own store dir, for outage tests; with
 * `credentials`, it takes only that user, and `url` carries them.
 */
export const startOwnNatsServer = async (credentials?: {
  readonly user: string;
  readonly pass: string;
}): Promise<OwnNatsServer> => {
  const port = await freePort();
  const storeDir = await mkdtemp(join(tmpdir(), 'basket-nats-'));
  const auth = credentials === undefined ? [] : ['--user', credentials.user, '--pass', credentials.pass];
  const userinfo =
    credentials === undefined
      ? ''
      : `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@`;
  const url = `nats://${userinfo}127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const start = async (): Promise<void> => {
    const spawned = spawn(
      serverBinary(),
      ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir, ...auth],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let log = '';
    spawned.stderr?.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4_000);
    });
    const failed = new Promise<never>((_, reject) => {
      spawned.once('error', reject);
      spawned.once('exit', (code) => reject(new Error(`nats-server exited (${code}): ${log}`)));
    });
    failed.catch(() => undefined);
    exited = new Promise((resolve) => spawned.once('exit', () => resolve()));
    child = spawned;
    await Promise.race([assertJetStreamReachable(url, 20_000), failed]);
  };

  const stop = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    running.kill('SIGTERM');
    await exited;
  };

  await start();
  return {
    url,
    stop,
    start,
    dispose: async () => {
      await stop();
      await rm(storeDir, { recursive: true, force: true });
    },
  };
};
