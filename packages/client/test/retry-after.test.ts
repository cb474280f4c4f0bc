import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BasketProblemError } from '../src/index';
import { retryAfterMs } from '../src/retry-after';
import { createTransport } from '../src/transport';

const overloaded = (retryAfter: string): Response =>
  new Response(
    JSON.stringify({
      type: 'about:blank',
      title: 'Service Unavailable',
      status: 503,
      code: 'internal-error',
      detail: 'The service has 64 requests under way, its limit: nothing was done; retry after 1 s.',
    }),
    { status: 503, headers: { 'content-type': 'application/problem+json', 'retry-after': retryAfter } },
  );

/** A fetch answering the given responses in turn, counting its calls. */
const scripted = (...responses: Array<() => Response>) => {
  const calls: number[] = [];
  const fetch = async (): Promise<Response> => {
    calls.push(Date.now());
    const next = responses[calls.length - 1] ?? (() => new Response('{}', { status: 200 }));
    return next();
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
};

const transportFor = (fetch: typeof globalThis.fetch, maxRetryAfterMs?: number, random = () => 0) =>
  createTransport({
    baseUrl: 'http://basket.test',
    apiKey: 'YXJlbmEtd2Vi',
    token: 'token',
    fetch,
    retry: {
      retries: 2,
      delayMs: () => 100,
      random,
      ...(maxRetryAfterMs === undefined ? {} : { maxRetryAfterMs }),
    },
  });

describe("Retry-After of a 503 (docs/getting-started.md, 'Retries')", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits as long as Retry-After asks before the retry, longer than its own delay', async () => {
    const script = scripted(() => overloaded('2'));
    const reply = transportFor(script.fetch)({ method: 'POST', path: '/baskets', modifying: true });
    await vi.advanceTimersByTimeAsync(1999);
    expect(script.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(script.calls).toHaveLength(2);
    await expect(reply).resolves.toMatchObject({ status: 200 });
  });

  it('spreads the retries of clients refused together over up to half the Retry-After more (jitter)', async () => {
    const late = scripted(() => overloaded('2'));
    const reply = transportFor(
      late.fetch,
      undefined,
      () => 0.75,
    )({ method: 'POST', path: '/baskets', modifying: true });
    await vi.advanceTimersByTimeAsync(2749);
    expect(late.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(late.calls).toHaveLength(2);
    await expect(reply).resolves.toMatchObject({ status: 200 });
  });

  it('spreads the retries of a 409 idempotency-key-in-use with Retry-After the same way (jitter)', async () => {
    const inUse = scripted(
      () =>
        new Response(
          JSON.stringify({
            type: 'https://basket-service.example/problems/idempotency-key-in-use',
            title: 'Conflict',
            status: 409,
            code: 'idempotency-key-in-use',
            detail: 'a request with this key is under way',
          }),
          { status: 409, headers: { 'content-type': 'application/problem+json', 'retry-after': '2' } },
        ),
    );
    const reply = transportFor(
      inUse.fetch,
      undefined,
      () => 0.75,
    )({ method: 'POST', path: '/baskets', modifying: true });
    await vi.advanceTimersByTimeAsync(2749);
    expect(inUse.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(inUse.calls).toHaveLength(2);
    await expect(reply).resolves.toMatchObject({ status: 200 });
  });

  it('a Retry-After longer than maxRetryAfterMs is not waited for: the 503 is thrown', async () => {
    const script = scripted(() => overloaded('60'));
    const reply = transportFor(script.fetch, 5000)({ method: 'GET', path: '/baskets/x', modifying: false });
    await expect(reply).rejects.toBeInstanceOf(BasketProblemError);
    await expect(reply).rejects.toMatchObject({ status: 503, code: 'internal-error' });
    expect(script.calls).toHaveLength(1);
  });

  it('without Retry-After the client keeps its own delay', async () => {
    const script = scripted(() => new Response('', { status: 502 }));
    const reply = transportFor(script.fetch)({ method: 'GET', path: '/baskets/x', modifying: false });
    await vi.advanceTimersByTimeAsync(100);
    expect(script.calls).toHaveLength(2);
    await expect(reply).resolves.toMatchObject({ status: 200 });
  });
});

describe('retryAfterMs (RFC 9110 §10.2.3)', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Tue, 24 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Tue, 24 Nov 2026 11:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBe(0);
    expect(retryAfterMs('-1', now)).toBe(0);
  });
});
