import { connect, type Socket } from 'node:net';
import { Problem } from '@basket/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type SpawnedServer, spawnServer } from './support/server';
import { credentials } from './support/tokens';

/** A raw HTTP/1.1 connection: what it has received, and when the server closed it. */
type Raw = {
  readonly socket: Socket;
  readonly received: () => string;
  /** Resolves once the received text satisfies `predicate` (or the connection closed). */
  readonly until: (predicate: (text: string) => boolean) => Promise<string>;
  readonly closed: Promise<void>;
};

const open = (url: string): Promise<Raw> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    let text = '';
    const waiters: Array<() => void> = [];
    const wake = () => {
      for (const waiter of waiters.splice(0)) waiter();
    };
    let ended = false;
    const closed = new Promise<void>((done) =>
      socket.once('close', () => {
        ended = true;
        wake();
        done();
      }),
    );
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      wake();
    });
    socket.on('error', () => undefined);
    socket.once('connect', () =>
      resolve({
        socket,
        received: () => text,
        closed,
        until: async (predicate) => {
          while (!predicate(text) && !ended) await new Promise<void>((done) => waiters.push(done));
          return text;
        },
      }),
    );
    socket.once('error', reject);
  });

/** Sends `bytes` one byte at a time, `everyMs` apart, until they are sent or the socket is gone. */
const trickle = (raw: Raw, bytes: string, everyMs: number): (() => void) => {
  let i = 0;
  const timer = setInterval(() => {
    if (i >= bytes.length || raw.socket.destroyed || !raw.socket.writable) {
      clearInterval(timer);
      return;
    }
    raw.socket.write(bytes[i] ?? '');
    i += 1;
  }, everyMs);
  return () => clearInterval(timer);
};

const authLines = async (): Promise<string> => {
  const c = await credentials();
  return `x-api-key: ${c['x-api-key']}\r\nauthorization: ${c.authorization}\r\n`;
};

/** The code of a raw response's problem, which must decode as the contract's Problem (C-3.1). */
const problemCodeOf = (response: string): unknown => {
  const body: unknown = JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));
  return Problem.is(body) ? body.code : 'not a Problem of the contract';
};

describe('slow and oversized clients (C-9.1, C-10.3)', () => {
  let server: SpawnedServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('a body sent one byte at a time is cut with a 408 once the request timeout has passed', async () => {
    server = await spawnServer({ BASKET_REQUEST_TIMEOUT_MS: '1500', BASKET_HEADERS_TIMEOUT_MS: '1000' });
    const raw = await open(server.url);
    const started = performance.now();
    raw.socket.write(
      `POST /baskets HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 200\r\n${await authLines()}\r\n`,
    );
    const stop = trickle(raw, ' '.repeat(200), 100);
    const response = await raw.until((text) => text.includes('\r\n\r\n{'));
    stop();
    await raw.closed;
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(response).toMatch(/content-type: application\/problem\+json/i);
    expect(problemCodeOf(response)).toBe('validation-failed');
    // Cut by the timeout, not earlier (the body would have taken 20 s).
    expect(performance.now() - started).toBeGreaterThanOrEqual(1500);
  });

  it('headers sent one byte at a time are a 408, not a 400', async () => {
    server = await spawnServer({ BASKET_REQUEST_TIMEOUT_MS: '3000', BASKET_HEADERS_TIMEOUT_MS: '1000' });
    const raw = await open(server.url);
    raw.socket.write('GET /healthz HTTP/1.1\r\nhost: x\r\n');
    const stop = trickle(raw, `x-slow: ${'a'.repeat(200)}\r\n\r\n`, 100);
    const response = await raw.until((text) => text.includes('\r\n\r\n{'));
    stop();
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(problemCodeOf(response)).toBe('validation-failed');
  });

  it('a chunked 10 MiB body is answered 413, not a reset connection', async () => {
    server = await spawnServer();
    const raw = await open(server.url);
    raw.socket.write(
      `POST /baskets HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n${await authLines()}\r\n`,
    );
    const chunk = 'a'.repeat(64 * 1024);
    let sent = 0;
    const pump = () => {
      while (sent < 10 * 1024 * 1024 && raw.socket.writable) {
        sent += chunk.length;
        if (!raw.socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)) {
          raw.socket.once('drain', pump);
          return;
        }
      }
      if (raw.socket.writable) raw.socket.write('0\r\n\r\n');
    };
    pump();
    const response = await raw.until((text) => text.includes('\r\n\r\n{'));
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
    expect(problemCodeOf(response)).toBe('payload-too-large');
    raw.socket.destroy();
  });

  it('SIGTERM with five slow clients finishes within its deadline (exit 0), answering them 503', async () => {
    server = await spawnServer({ BASKET_SHUTDOWN_TIMEOUT_MS: '10000' });
    const auth = await authLines();
    const clients = await Promise.all(Array.from({ length: 5 }, () => open(server?.url ?? '')));
    const stops = clients.map((raw) => {
      raw.socket.write(
        `POST /baskets HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n${auth}\r\n `,
      );
      return trickle(raw, ' '.repeat(999), 200);
    });
    // A request sent after theirs and answered: the server has read their headers by then (one
    // event loop, bytes handled in the order they arrive).
    const probe = await open(server.url);
    probe.socket.write('GET /healthz HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n');
    expect(await probe.until((text) => text.includes('{"status":"ok"}'))).toMatch(/^HTTP\/1\.1 200 /);
    const code = await server.stop();
    for (const stop of stops) stop();
    expect(code).toBe(0);
    expect(server.logs.some((line) => line.msg === 'shutdown deadline passed: exiting')).toBe(false);
    for (const raw of clients) {
      await raw.closed;
      if (raw.received() !== '') expect(raw.received()).toMatch(/^HTTP\/1\.1 503 /);
    }
    server = undefined;
  });

  it('right after SIGTERM, a reused keep-alive connection gets the documented 503, not a reset', async () => {
    server = await spawnServer({ BASKET_SHUTDOWN_DRAIN_MS: '5000' });
    const raw = await open(server.url);
    raw.socket.write('GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n');
    const first = await raw.until((text) => text.includes('{"status":"ok"}'));
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    const before = first.length;
    server.process.kill('SIGTERM');
    await server.logged((line) => line.msg === 'shutting down');
    raw.socket.write('GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n');
    const second = (await raw.until((text) => text.slice(before).includes('\r\n\r\n{'))).slice(before);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/connection: close/i);
    // Sent again after it, to another process behind the load balancer.
    expect(second).toMatch(/retry-after: 1\r\n/i);
    await raw.closed;
    expect(await server.exited).toBe(0);
    server = undefined;
  });
});
