import type { Answer, BasketApi } from '@basket/app';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { basketFastifyOptions, basketHttp, type CorsOptions, type LoadLimits } from '../src/index';
import { authHeaders, BASKET_ID, fakeApi, SECRET, STORE } from './support';

const SHOP = 'https://shop.example';
const basket: Answer = { status: 200, body: { id: BASKET_ID }, version: 3 };

const build = async (api: BasketApi, cors?: CorsOptions, limits?: LoadLimits): Promise<FastifyInstance> => {
  const app = Fastify(basketFastifyOptions());
  await app.register(basketHttp, {
    api,
    auth: { isKnownStore: (storeId) => storeId === STORE, jwt: { secret: SECRET } },
    ...(cors === undefined ? {} : { cors }),
    ...(limits === undefined ? {} : { limits }),
  });
  await app.ready();
  return app;
};

const preflight = (app: FastifyInstance, url: string, origin = SHOP) =>
  app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': 'PATCH',
      'access-control-request-headers': 'if-match',
    },
  });

describe('CORS: pages on allowed origins call the interface (docs/http-api.md, "Browsers")', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it("answers a preflight of a known path from an allowed origin 204, naming the path's methods and the headers it reads", async () => {
    const { api, calls } = fakeApi(async () => basket);
    app = await build(api, { origins: [SHOP, 'https://m.shop.example'], maxAgeSeconds: 120 });
    const answer = await preflight(app, `/baskets/${BASKET_ID}/provider/p/items/x/quantity`);
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(SHOP);
    expect(answer.headers.vary).toContain('origin');
    expect(String(answer.headers['access-control-allow-methods']).split(', ')).toContain('PATCH');
    const allowedHeaders = String(answer.headers['access-control-allow-headers']);
    for (const header of [
      'authorization',
      'if-match',
      'if-none-match',
      'idempotency-key',
      'x-api-key',
      'x-request-id',
    ])
      expect(allowedHeaders).toContain(header);
    expect(answer.headers['access-control-max-age']).toBe('120');
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('lets a page read every answer from an allowed origin: the basket with its ETag, and problems', async () => {
    const { api } = fakeApi(async () => basket);
    app = await build(api, { origins: [SHOP] });
    const headers = { ...(await authHeaders()), origin: SHOP };
    const read = await app.inject({ method: 'GET', url: `/baskets/${BASKET_ID}`, headers });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe(SHOP);
    expect(String(read.headers['access-control-expose-headers']).split(', ')).toEqual(
      expect.arrayContaining(['etag', 'retry-after', 'www-authenticate', 'x-request-id']),
    );
    const unauthenticated = await app.inject({
      method: 'GET',
      url: `/baskets/${BASKET_ID}`,
      headers: { origin: SHOP },
    });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['content-type']).toContain('application/problem+json');
    expect(unauthenticated.headers['access-control-allow-origin']).toBe(SHOP);
    const unknown = await app.inject({ method: 'GET', url: '/nowhere', headers: { origin: SHOP } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['access-control-allow-origin']).toBe(SHOP);
  });

  it('sends no CORS header to another origin, and its preflight is the 405 it always was', async () => {
    const { api } = fakeApi(async () => basket);
    app = await build(api, { origins: [SHOP] });
    const answer = await preflight(app, `/baskets/${BASKET_ID}`, 'https://elsewhere.example');
    expect(answer.statusCode).toBe(405);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const read = await app.inject({
      method: 'GET',
      url: `/baskets/${BASKET_ID}`,
      headers: { ...(await authHeaders()), origin: 'https://elsewhere.example' },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    // The answer still depends on Origin (an allowed one would get the header): a shared cache must
    // keep it apart, for another origin and for none (the documentation pages included).
    expect(read.headers.vary).toContain('origin');
    for (const url of ['/openapi.json', '/docs']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers.vary, url).toContain('origin');
    }
  });

  it('keeps C-1.7 for OPTIONS that is no preflight, and for a preflight of an unknown path', async () => {
    const { api } = fakeApi(async () => basket);
    app = await build(api, { origins: '*' });
    const plain = await app.inject({
      method: 'OPTIONS',
      url: `/baskets/${BASKET_ID}`,
      headers: { origin: SHOP },
    });
    expect(plain.statusCode).toBe(405);
    expect(plain.headers['access-control-allow-origin']).toBe('*');
    const unknown = await preflight(app, '/nowhere');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
  });

  it('answers any origin with * when told to, with no Vary on origin', async () => {
    const { api } = fakeApi(async () => basket);
    app = await build(api, { origins: '*' });
    const answer = await preflight(app, '/baskets', 'https://anyone.example');
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers.vary).toBeUndefined();
  });

  it("puts the header on an overloaded process's 503 too, so that a page can read its Retry-After", async () => {
    let release: () => void = () => undefined;
    let arrive: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const { api } = fakeApi(async () => {
      arrive();
      await held;
      return basket;
    });
    app = await build(
      api,
      { origins: [SHOP] },
      { maxRequestsInFlight: 1, maxLongPolls: 0, retryAfterSeconds: 2 },
    );
    const headers = { ...(await authHeaders()), origin: SHOP };
    const first = app
      .inject({ method: 'GET', url: `/baskets/${BASKET_ID}`, headers })
      .then((answer) => answer);
    await arrived;
    const refused = await app.inject({ method: 'GET', url: `/baskets/${BASKET_ID}`, headers });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.headers['access-control-allow-origin']).toBe(SHOP);
    release();
    expect((await first).statusCode).toBe(200);
  });

  it('sends no CORS header at all when not configured', async () => {
    const { api } = fakeApi(async () => basket);
    app = await build(api);
    const answer = await preflight(app, `/baskets/${BASKET_ID}`);
    expect(answer.statusCode).toBe(405);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });
});
