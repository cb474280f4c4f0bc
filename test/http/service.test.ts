import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from './support/client';
import { type SpawnedServer, spawnServer } from './support/server';
import { newBasket, problemCode } from './support/steps';
import { credentials } from './support/tokens';

describe('service endpoints and routing (C-4.4, C-1.7)', () => {
  let server: SpawnedServer;
  let client: Client;
  beforeAll(async () => {
    server = await spawnServer();
    client = await createClient(server.url);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('serves a valid OpenAPI 3.1 document and its reference page, without credentials', async () => {
    const document = await client.send('GET', '/openapi.json', {});
    expect(document.status).toBe(200);
    const result = await new Validator().validate(document.body as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    const page = await client.send('GET', '/docs', {});
    expect(page.contentType).toMatch(/^text\/html/);
    expect(page.text).toContain('removeVoucherFromBasket');
  });

  it('answers healthz and readyz without credentials', async () => {
    expect((await client.send('GET', '/healthz', {})).body).toEqual({ status: 'ok' });
    expect((await client.send('GET', '/readyz', {})).body).toEqual({ status: 'ready' });
  });

  it('an unknown path is a 404 whatever the credentials; a known path with another method a 405', async () => {
    const guest = await credentials();
    for (const headers of [{}, guest]) {
      const reply = await client.send('POST', '/baskets/x/y/z', headers, {
        raw: '{',
        headers: { 'content-type': 'text/plain' },
      });
      expect([reply.status, problemCode(reply)]).toEqual([404, 'not-found']);
    }
    const id = await newBasket(client, guest);
    const wrong = await client.send('PUT', `/baskets/${id}/voucher`, {});
    expect([wrong.status, problemCode(wrong)]).toEqual([405, 'method-not-allowed']);
    expect(wrong.headers.get('allow')).toBe('POST, DELETE');
  });
});
