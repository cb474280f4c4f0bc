import type { Answer, BasketApi } from '@basket/app';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { basketFastifyOptions, basketHttp } from '../src/index';
import { BASKET_ID, fakeApi, KEY, NOTIFICATION_ID, SECRET, STORE, token } from './support';

const LIMITS = { maxRequestsInFlight: 0, maxLongPolls: 0, maxEventLoopDelayMs: 50, retryAfterSeconds: 3 };

const answer = async (operation: keyof BasketApi): Promise<Answer> =>
  operation === 'getNotification'
    ? { status: 200, body: { notificationId: NOTIFICATION_ID, status: 'Succeeded' } }
    : { status: 200, body: { id: BASKET_ID }, version: 1 };

/** The plugin with LIMITS; `eventLoopDelayMs` omitted: the plugin's own monitor. */
const build = async (api: BasketApi, eventLoopDelayMs?: () => number): Promise<FastifyInstance> => {
  const app = Fastify(basketFastifyOptions());
  await app.register(basketHttp, {
    api,
    auth: { isKnownStore: (storeId) => storeId === STORE, jwt: { secret: SECRET } },
    limits: LIMITS,
    ...(eventLoopDelayMs === undefined ? {} : { eventLoopDelayMs }),
  });
  await app.ready();
  return app;
};

/** Holds the thread for `ms`: the event loop can run nothing meanwhile, its timers included. */
const blockLoop = (ms: number): void => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
};

describe('overload: past the event-loop delay limit, 503 with Retry-After', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
    vi.useRealTimers();
  });

  it('refuses every non-exempt request while the loop is delayed over its limit, and serves again once it is not', async () => {
    let delayMs = 0;
    const { api, calls } = fakeApi(answer);
    app = await build(api, () => delayMs);
    const headers = { 'x-api-key': KEY, authorization: `Bearer ${await token()}` };
    const create = () => app?.inject({ method: 'POST', url: '/baskets', headers });

    delayMs = 50; // at the limit is not over it
    expect((await create())?.statusCode).toBe(200);
    expect(calls.map((call) => call.operation)).toEqual(['createBasket']);

    delayMs = 80.4;
    const refused = await create();
    expect(refused?.statusCode).toBe(503);
    expect(refused?.headers['retry-after']).toBe('3');
    expect(refused?.headers['content-type']).toContain('application/problem+json');
    expect(refused?.json()).toMatchObject({ status: 503, code: 'internal-error' });
    expect(refused?.json().detail).toContain('delayed by 80 ms, over its limit of 50 ms');
    // Long polls are refused too; reads as well.
    const poll = await app.inject({
      method: 'GET',
      url: `/notifications/${NOTIFICATION_ID}?waitMs=5000`,
      headers,
    });
    expect(poll.statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: `/baskets/${BASKET_ID}`, headers })).statusCode).toBe(503);
    // Nothing was done: the API saw only the first create.
    expect(calls.map((call) => call.operation)).toEqual(['createBasket']);
    // Operators still see the process.
    for (const url of ['/healthz', '/readyz', '/openapi.json', '/docs']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }

    delayMs = 10;
    expect((await create())?.statusCode).toBe(200);
    expect(calls.map((call) => call.operation)).toEqual(['createBasket', 'createBasket']);
  });

  it('with no source given, measures the loop itself: a blocked loop is refused, and the monitor stops with the app', async () => {
    // The monitor's timer is a fake one that never runs: the delay is the time since it started.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { api, calls } = fakeApi(answer);
    app = await build(api);
    expect(vi.getTimerCount()).toBe(1);
    const headers = { 'x-api-key': KEY, authorization: `Bearer ${await token()}` };
    blockLoop(120);
    const refused = await app.inject({ method: 'POST', url: '/baskets', headers });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().detail).toMatch(/delayed by \d+ ms, over its limit of 50 ms/);
    expect(calls).toEqual([]);
    await app.close();
    app = undefined;
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts no monitor when the limit is 0', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { api } = fakeApi(answer);
    app = Fastify(basketFastifyOptions());
    await app.register(basketHttp, {
      api,
      auth: { isKnownStore: (storeId) => storeId === STORE, jwt: { secret: SECRET } },
      limits: { ...LIMITS, maxEventLoopDelayMs: 0 },
    });
    await app.ready();
    expect(vi.getTimerCount()).toBe(0);
  });
});
