import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { basketFastifyOptions, basketHttp } from '../src/index';
import { READINESS_TIMEOUT_MS } from '../src/public-routes';
import { fakeApi, notificationAnswer, SECRET, STORE } from './support';

describe('GET /readyz while the storage does not answer', () => {
  it(`answers its 503 problem after ${READINESS_TIMEOUT_MS} ms rather than hanging with the storage`, async () => {
    const app = Fastify(basketFastifyOptions());
    await app.register(basketHttp, {
      api: fakeApi(async () => notificationAnswer).api,
      auth: { isKnownStore: (storeId) => storeId === STORE, jwt: { secret: SECRET } },
      // A connection that stalls: the check never settles.
      ready: () => new Promise<boolean>(() => undefined),
    });
    await app.ready();
    try {
      const started = Date.now();
      const answer = await app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['content-type']).toContain('application/problem+json');
      expect(Date.now() - started).toBeGreaterThanOrEqual(READINESS_TIMEOUT_MS - 50);
    } finally {
      await app.close();
    }
  });
});
