import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { Answer, BasketApi } from '@basket/app';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { basketFastifyOptions, basketHttp } from '../src/index';
import type { LoadFigures, LoadLimits } from '../src/overload';
import { BASKET_ID, fakeApi, KEY, NOTIFICATION_ID, SECRET, STORE, token } from './support';

/** A gate the test opens: operations wait on it, and the test learns when each has arrived. */
const gate = () => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const arrivals: Array<() => void> = [];
  let arrived = 0;
  return {
    opened,
    open,
    arrive: () => {
      arrived += 1;
      for (const wake of arrivals.splice(0)) wake();
    },
    /** Resolves once `count` operations have arrived. */
    until: async (count: number) => {
      while (arrived < count) await new Promise<void>((resolve) => arrivals.push(resolve));
    },
  };
};

const basket: Answer = { status: 200, body: { id: BASKET_ID }, version: 1 };

/** An API whose basket reads wait at a gate the test opens. */
const heldBasketReads = () => {
  const requests = gate();
  const { api, calls } = fakeApi(async (operation) => {
    if (operation === 'getBasket') {
      requests.arrive();
      await requests.opened;
    }
    return basket;
  });
  return { requests, api, calls };
};

const LIMITS = { maxRequestsInFlight: 2, maxLongPolls: 1, retryAfterSeconds: 3 };

const build = async (
  api: BasketApi,
  limits: LoadLimits = LIMITS,
  onLoad?: (figures: () => LoadFigures) => void,
  shutdownDrainMs?: number,
): Promise<FastifyInstance> => {
  const app = Fastify(basketFastifyOptions());
  await app.register(basketHttp, {
    api,
    auth: { isKnownStore: (storeId) => storeId === STORE, jwt: { secret: SECRET } },
    limits,
    ...(onLoad === undefined ? {} : { onLoad }),
    ...(shutdownDrainMs === undefined ? {} : { shutdownDrainMs }),
  });
  await app.ready();
  return app;
};

describe('overload: past the limits of work in progress, 503 with Retry-After', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('answers 503 problem+json with Retry-After past the requests in flight, and serves again once they finish', async () => {
    const { requests, api, calls } = heldBasketReads();
    app = await build(api);
    const headers = { 'x-api-key': KEY, authorization: `Bearer ${await token()}` };
    const read = () => app?.inject({ method: 'GET', url: `/baskets/${BASKET_ID}`, headers });
    const held = [read(), read()];
    await requests.until(2);
    const refused = await read();
    expect(refused?.statusCode).toBe(503);
    expect(refused?.headers['retry-after']).toBe('3');
    expect(refused?.headers['content-type']).toContain('application/problem+json');
    expect(refused?.json()).toMatchObject({ status: 503, code: 'internal-error' });
    // Refused before anything ran: the API saw only the two held reads.
    expect(calls.filter((call) => call.operation === 'getBasket')).toHaveLength(2);
    // Operators still see the process.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    requests.open();
    expect((await Promise.all(held)).map((reply) => reply?.statusCode)).toEqual([200, 200]);
    expect((await read())?.statusCode).toBe(200);
  });

  it('counts long polls against their own limit, not against requests in flight', async () => {
    const polls = gate();
    const { api } = fakeApi(async (operation) => {
      if (operation === 'getNotification') {
        polls.arrive();
        await polls.opened;
        return { status: 200, body: { notificationId: NOTIFICATION_ID, status: 'Succeeded' } };
      }
      return basket;
    });
    app = await build(api);
    const headers = { 'x-api-key': KEY, authorization: `Bearer ${await token()}` };
    const poll = () =>
      app?.inject({ method: 'GET', url: `/notifications/${NOTIFICATION_ID}?waitMs=5000`, headers });
    const waiting = poll();
    await polls.until(1);
    const refused = await poll();
    expect(refused?.statusCode).toBe(503);
    expect(refused?.headers['retry-after']).toBe('3');
    // The long poll does not take a place of the requests in flight.
    const reads = await Promise.all([
      app.inject({ method: 'GET', url: `/baskets/${BASKET_ID}`, headers }),
      app.inject({ method: 'GET', url: `/baskets/${BASKET_ID}`, headers }),
    ]);
    expect(reads.map((reply) => reply.statusCode)).toEqual([200, 200]);
    polls.open();
    expect((await waiting)?.statusCode).toBe(200);
    expect((await poll())?.statusCode).toBe(200);
  });

  it('refuses a new basket past its own lower limit while requests of baskets under way are still taken in', async () => {
    const { requests, api, calls } = heldBasketReads();
    app = await build(api, { ...LIMITS, maxRequestsInFlight: 3, maxInFlightForNewBaskets: 1 });
    const headers = { 'x-api-key': KEY, authorization: `Bearer ${await token()}` };
    const read = () => app?.inject({ method: 'GET', url: `/baskets/${BASKET_ID}`, headers });
    const create = () => app?.inject({ method: 'POST', url: '/baskets', headers });
    const held = [read()];
    await requests.until(1);
    // One request under way: a new basket waits (C-3.4: nothing done), a basket's read goes on.
    const refused = await create();
    expect(refused?.statusCode).toBe(503);
    expect(refused?.headers['retry-after']).toBe('3');
    expect(refused?.json()).toMatchObject({ status: 503, code: 'internal-error' });
    expect(refused?.json().detail).toContain('its limit for starting a new basket');
    expect(calls.some((call) => call.operation === 'createBasket')).toBe(false);
    held.push(read(), read());
    await requests.until(3);
    // The limit of every request still holds.
    expect((await read())?.statusCode).toBe(503);
    requests.open();
    expect((await Promise.all(held)).map((reply) => reply?.statusCode)).toEqual([200, 200, 200]);
    expect((await create())?.statusCode).toBe(200);
  });

  it('keeps the new-basket limit alone, with no limit of every request: a waiting room at the door', async () => {
    const { requests, api } = heldBasketReads();
    app = await build(api, { ...LIMITS, maxRequestsInFlight: 0, maxInFlightForNewBaskets: 2 });
    const headers = { 'x-api-key': KEY, authorization: `Bearer ${await token()}` };
    const read = () => app?.inject({ method: 'GET', url: `/baskets/${BASKET_ID}`, headers });
    const create = () => app?.inject({ method: 'POST', url: '/baskets', headers });
    const held = [read(), read()];
    await requests.until(2);
    expect((await create())?.statusCode).toBe(503);
    // Visits under way are never refused: every one of their requests is taken in.
    held.push(...Array.from({ length: 6 }, read));
    await requests.until(8);
    requests.open();
    expect((await Promise.all(held)).every((reply) => reply?.statusCode === 200)).toBe(true);
    expect((await create())?.statusCode).toBe(200);
  });
});

describe('overload: a queue for new baskets, in order of arrival', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });
  const QUEUED: LoadLimits = {
    ...LIMITS,
    maxRequestsInFlight: 0,
    maxInFlightForNewBaskets: 1,
    newBasketQueue: 2,
    newBasketQueueWaitMs: 60_000,
  };

  it('lets new baskets in in order of arrival as requests finish, and refuses past the queue at once', async () => {
    const { requests, api, calls } = heldBasketReads();
    app = await build(api, QUEUED);
    const headers = { 'x-api-key': KEY, authorization: `Bearer ${await token()}` };
    const create = () => app?.inject({ method: 'POST', url: '/baskets', headers });
    const held = app.inject({ method: 'GET', url: `/baskets/${BASKET_ID}`, headers });
    await requests.until(1);
    const answered: string[] = [];
    const first = create()?.then((reply) => answered.push(`first ${reply.statusCode}`));
    const second = create()?.then((reply) => answered.push(`second ${reply.statusCode}`));
    // Two wait; the third finds the queue full and gets the 503 at once, nothing done (C-3.4).
    const third = await create();
    expect(third?.statusCode).toBe(503);
    expect(third?.headers['retry-after']).toBe('3');
    expect(third?.json().detail).toContain('its line of new baskets is full');
    expect(calls.some((call) => call.operation === 'createBasket')).toBe(false);
    requests.open();
    expect((await held).statusCode).toBe(200);
    await Promise.all([first, second]);
    expect(answered).toEqual(['first 200', 'second 200']);
    expect(calls.filter((call) => call.operation === 'createBasket')).toHaveLength(2);
  });

  it('answers the 503 to a new basket that waited its longest wait', async () => {
    const { requests, api, calls } = heldBasketReads();
    app = await build(api, { ...QUEUED, newBasketQueueWaitMs: 20 });
    const headers = { 'x-api-key': KEY, authorization: `Bearer ${await token()}` };
    const held = app.inject({ method: 'GET', url: `/baskets/${BASKET_ID}`, headers });
    await requests.until(1);
    const waited = await app.inject({ method: 'POST', url: '/baskets', headers });
    expect(waited.statusCode).toBe(503);
    expect(waited.json().detail).toContain(
      'its limit for starting a new basket, and it waited 20 ms in line',
    );
    requests.open();
    await held;
    expect(calls.some((call) => call.operation === 'createBasket')).toBe(false);
  });

  it('reports its work in progress to onLoad: requests in flight and new baskets in line', async () => {
    const { requests, api } = heldBasketReads();
    let load: (() => LoadFigures) | undefined;
    app = await build(api, QUEUED, (figures) => {
      load = figures;
    });
    const headers = { 'x-api-key': KEY, authorization: `Bearer ${await token()}` };
    const held = app.inject({ method: 'GET', url: `/baskets/${BASKET_ID}`, headers });
    await requests.until(1);
    const waiting = app.inject({ method: 'POST', url: '/baskets', headers });
    await vi.waitFor(() => expect(load?.()).toEqual({ requests: 1, longPolls: 0, queued: 1 }));
    requests.open();
    await Promise.all([held, waiting]);
    expect(load?.()).toEqual({ requests: 0, longPolls: 0, queued: 0 });
  });

  it('answers the new baskets waiting with the 503 when the process closes, before its connections drain', async () => {
    const { requests, api, calls } = heldBasketReads();
    const server = await build(api, QUEUED, undefined, 30_000);
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    // An idle kept connection: the drain waits for it (up to 30 s) once closing begins.
    const idle = connect(typeof address === 'object' && address !== null ? address.port : 0, '127.0.0.1');
    await new Promise((resolve) => idle.once('connect', resolve));
    const headers = { 'x-api-key': KEY, authorization: `Bearer ${await token()}` };
    const held = server.inject({ method: 'GET', url: `/baskets/${BASKET_ID}`, headers });
    await requests.until(1);
    const waiting = server.inject({ method: 'POST', url: '/baskets', headers });
    let closed = false;
    const closing = server.close().then(() => {
      closed = true;
    });
    const refused = await waiting;
    expect(closed).toBe(false);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().detail).toContain('the process is closing');
    idle.destroy();
    requests.open();
    await Promise.all([held, closing]);
    expect(calls.some((call) => call.operation === 'createBasket')).toBe(false);
  });

  it('knows a new basket and a long poll by the route they reach, however the path or query is spelt', async () => {
    const polls = gate();
    const { api, calls } = fakeApi(async (operation) => {
      if (operation === 'getNotification') {
        polls.arrive();
        await polls.opened;
        return { status: 200, body: { notificationId: NOTIFICATION_ID, status: 'Succeeded' } };
      }
      return basket;
    });
    app = await build(api, { ...LIMITS, maxRequestsInFlight: 1, newBasketsPerSecond: 1 });
    const headers = { 'x-api-key': KEY, authorization: `Bearer ${await token()}` };
    // The pace's one new basket of this second, then the same route spelt otherwise: refused too.
    expect((await app.inject({ method: 'POST', url: '/baskets', headers })).statusCode).toBe(200);
    const spelt = await app.inject({ method: 'POST', url: '/bask%65ts', headers });
    expect(spelt.statusCode).toBe(503);
    expect(spelt.json().detail).toContain('lets in 1 new baskets per second');
    expect(calls.filter((call) => call.operation === 'createBasket')).toHaveLength(1);
    // A long poll spelt `?waitMs=%36000` is held as one: it takes no place of the requests in flight
    // (one here), and the next long poll meets their limit.
    const held = app.inject({
      method: 'GET',
      url: `/notifications/${NOTIFICATION_ID}?%77aitMs=%36000`,
      headers,
    });
    await polls.until(1);
    expect((await app.inject({ method: 'GET', url: `/baskets/${BASKET_ID}`, headers })).statusCode).toBe(200);
    const second = await app.inject({
      method: 'GET',
      url: `/notifications/${NOTIFICATION_ID}?waitMs=5000`,
      headers,
    });
    expect(second.statusCode).toBe(503);
    expect(second.json().detail).toContain('long polls under way');
    polls.open();
    expect((await held).statusCode).toBe(200);
  });

  it('refuses at once a new basket that comes on a kept connection once the process is closing, rather than keep it waiting for the pace', async () => {
    const { api, calls } = fakeApi(async () => basket);
    const server = await build(
      api,
      {
        ...LIMITS,
        maxRequestsInFlight: 0,
        newBasketsPerSecond: 1,
        newBasketQueue: 5,
        newBasketQueueWaitMs: 20_000,
      },
      undefined,
      30_000,
    );
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const headers = { 'x-api-key': KEY, authorization: `Bearer ${await token()}` };
    const post = () =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const sent = httpRequest(
          { host: '127.0.0.1', port, path: '/baskets', method: 'POST', agent, headers },
          (res) => {
            let body = '';
            res.on('data', (chunk) => {
              body += String(chunk);
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        sent.on('error', reject);
        sent.end();
      });
    try {
      // This second's new basket, on the connection kept for the next.
      expect((await post()).status).toBe(200);
      const closing = server.close();
      const late = await post();
      expect(late.status).toBe(503);
      // Answered by the closed line at once, not let in when the pace allows and refused after.
      expect(JSON.parse(late.body).detail).toContain('and the process is closing');
      agent.destroy();
      await closing;
    } finally {
      agent.destroy();
    }
    expect(calls.filter((call) => call.operation === 'createBasket')).toHaveLength(1);
  });

  it('lets in so many new baskets per second, whatever the requests in flight, the others waiting in line', async () => {
    const { api, calls } = fakeApi(async () => basket);
    app = await build(api, { ...LIMITS, maxRequestsInFlight: 0, newBasketsPerSecond: 2, newBasketQueue: 1 });
    const headers = { 'x-api-key': KEY, authorization: `Bearer ${await token()}` };
    const create = () => app?.inject({ method: 'POST', url: '/baskets', headers });
    // One second's worth (2) at once, the next waits in line for the pace, the last finds it full
    // (which arrives last is the injector's order, not the test's).
    const replies = await Promise.all([create(), create(), create(), create()]);
    expect(replies.map((reply) => reply?.statusCode).sort()).toEqual([200, 200, 200, 503]);
    const refused = replies.find((reply) => reply?.statusCode === 503);
    expect(refused?.json().detail).toContain(
      'lets in 2 new baskets per second, and its line of new baskets is full',
    );
    expect(calls.filter((call) => call.operation === 'createBasket')).toHaveLength(3);
    // Requests of visits under way are not paced.
    const reads = await Promise.all(
      Array.from({ length: 5 }, () => app?.inject({ method: 'GET', url: `/baskets/${BASKET_ID}`, headers })),
    );
    expect(reads.every((reply) => reply?.statusCode === 200)).toBe(true);
  });
});
