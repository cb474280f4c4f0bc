import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedServer, spawnServer } from './support/server';
import { ALICE, type Credentials, credentials } from './support/tokens';

const SHOP = 'https://shop.example';

/**
 * BASKET_CORS_ORIGINS reaches the server: a storefront's page on an allowed origin creates a basket
 * and reads it with its ETag, as a browser would after its preflight (docs/http-api.md, "Browsers").
 */
describe('a page on an allowed origin (BASKET_CORS_ORIGINS)', () => {
  let server: SpawnedServer;
  let alice: Credentials;
  beforeAll(async () => {
    server = await spawnServer({ BASKET_CORS_ORIGINS: `${SHOP},http://localhost:5173` });
    alice = await credentials(ALICE);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('gets its preflight answered, creates a basket and reads its ETag; another origin gets no CORS header', async () => {
    const preflight = await fetch(`${server.url}/baskets`, {
      method: 'OPTIONS',
      headers: {
        origin: SHOP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-api-key, idempotency-key',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');

    const created = await fetch(`${server.url}/baskets`, {
      method: 'POST',
      headers: { ...alice, origin: SHOP, 'idempotency-key': 'cors-page-1' },
    });
    expect(created.status).toBe(200);
    expect(created.headers.get('access-control-allow-origin')).toBe(SHOP);
    const { id } = (await created.json()) as { id: string };
    const read = await fetch(`${server.url}/baskets/${id}`, { headers: { ...alice, origin: SHOP } });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-expose-headers')).toContain('etag');
    expect(read.headers.get('etag')).toBe('"1"');

    const elsewhere = await fetch(`${server.url}/baskets/${id}`, {
      headers: { ...alice, origin: 'https://elsewhere.example' },
    });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });
});
