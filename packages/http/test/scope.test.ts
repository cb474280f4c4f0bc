import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { basketHttp } from '../src/index';
import { authHeaders, fakeApi, KEY, notificationAnswer, OTHER_STORE, SECRET, STORE } from './support';

const options = () => ({
  api: fakeApi(async () => notificationAnswer).api,
  auth: {
    isKnownStore: (storeId: string) => storeId === STORE || storeId === OTHER_STORE,
    jwt: { secret: SECRET },
  },
});

/** A service of its own, with the plugin beside its routes, under `/api` (docs/embedding.md). */
const hostWithBasketsUnderApi = async () => {
  const host = Fastify();
  host.setNotFoundHandler((_request, reply) => reply.code(404).send('host: not found'));
  host.post('/team/echo', async (request) => ({ echoed: request.body }));
  await host.register(async (scope) => scope.register(basketHttp, options()), { prefix: '/api' });
  await host.ready();
  return host;
};

describe('the limits under a prefix', () => {
  it('pace the new baskets of /api/baskets (under a prefix, the door was not kept before)', async () => {
    const host = Fastify();
    await host.register(
      async (scope) =>
        scope.register(basketHttp, {
          ...options(),
          limits: { maxRequestsInFlight: 0, newBasketsPerSecond: 1, maxLongPolls: 0, retryAfterSeconds: 1 },
        }),
      { prefix: '/api' },
    );
    await host.ready();
    try {
      const headers = await authHeaders();
      expect((await host.inject({ method: 'POST', url: '/api/baskets', headers })).statusCode).toBe(200);
      const paced = await host.inject({ method: 'POST', url: '/api/baskets', headers });
      expect(paced.statusCode).toBe(503);
      expect(paced.json().detail).toContain('lets in 1 new baskets per second');
    } finally {
      await host.close();
    }
  });
});

describe('the plugin registered in a scope of its own, beside the service’s routes', () => {
  it('answers the interface under the scope’s prefix, with its 404 and 405 problems there', async () => {
    const host = await hostWithBasketsUnderApi();
    try {
      const created = await host.inject({
        method: 'POST',
        url: '/api/baskets',
        headers: await authHeaders(),
      });
      expect(created.statusCode).toBe(200);
      const wrongMethod = await host.inject({
        method: 'PUT',
        url: '/api/baskets',
        headers: { 'x-api-key': KEY },
      });
      expect(wrongMethod.statusCode).toBe(405);
      expect(wrongMethod.headers.allow).toBe('POST');
      const unknown = await host.inject({ method: 'GET', url: '/api/nowhere' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect((await host.inject({ method: 'POST', url: '/baskets' })).body).toBe('host: not found');
      // The reference page links to the document beside it, under the prefix too.
      expect((await host.inject({ method: 'GET', url: '/api/docs' })).body).toContain('href="openapi.json"');
      expect((await host.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
    } finally {
      await host.close();
    }
  });

  it('leaves the service’s own routes, parsers and 404 alone', async () => {
    const host = await hostWithBasketsUnderApi();
    try {
      const echoed = await host.inject({
        method: 'POST',
        url: '/team/echo',
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(echoed.statusCode).toBe(200);
      expect(echoed.json()).toEqual({ echoed: 'hello' });
      const unknown = await host.inject({ method: 'GET', url: '/elsewhere' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toBe('host: not found');
    } finally {
      await host.close();
    }
  });

  it('under a prefix with a parameter of the service’s own, hands the operations only their path ids', async () => {
    const { api, calls } = fakeApi(async () => notificationAnswer);
    const host = Fastify();
    await host.register(async (scope) => scope.register(basketHttp, { ...options(), api }), {
      prefix: '/tenants/:tenant',
    });
    try {
      const added = await host.inject({
        method: 'POST',
        url: '/tenants/north/baskets/b1/products/p1',
        headers: { ...(await authHeaders()), 'content-type': 'application/json' },
        payload: { quantity: 1 },
      });
      expect(added.statusCode).toBe(200);
      expect(calls.map((call) => [call.operation, call.args.slice(1, 3)])).toEqual([
        ['addProduct', ['b1', 'p1']],
      ]);
    } finally {
      await host.close();
    }
  });

  it('refuses a prefix given to it directly, which it could not honour, with how to give one', async () => {
    const host = Fastify();
    await expect(host.register(basketHttp, { ...options(), prefix: '/api' })).rejects.toThrow(
      /register it inside a plugin of your own that has the prefix/,
    );
  });
});
