import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationFingerprint } from '../src/index';
import {
  authHeaders,
  BASKET_ID,
  buildApp,
  fakeApi,
  KEY,
  NOTIFICATION_ID,
  notificationAnswer,
  PRODUCT,
  SECRET,
  token,
  unsecuredToken,
} from './support';

const B = `/baskets/${BASKET_ID}`;

const expectProblem = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({
    status,
    code,
    type: expect.stringContaining(code),
    title: expect.any(String),
  });
};

describe('C-1.7 order and C-3.1 problems on every error path', () => {
  const fake = fakeApi(async () => notificationAnswer);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(fake.api, undefined);
  });
  afterAll(() => app.close());

  it('an unknown path is a 404 not-found, whatever the credentials and body (C-1.7)', async () => {
    for (const headers of [{}, await authHeaders(), { 'content-type': 'text/plain' }]) {
      const response = await app.inject({
        method: 'POST',
        url: '/nope',
        headers,
        payload: 'x'.repeat(70_000),
      });
      expectProblem(response, 404, 'not-found');
    }
    expectProblem(await app.inject({ method: 'GET', url: `${B}/unknown` }), 404, 'not-found');
    expectProblem(await app.inject({ method: 'GET', url: `${B}/` }), 404, 'not-found');
  });

  it('a known path with another method is a 405 with Allow, before authentication', async () => {
    const response = await app.inject({ method: 'PUT', url: B });
    expectProblem(response, 405, 'method-not-allowed');
    expect(response.headers.allow).toBe('GET, HEAD, DELETE');
    expectProblem(await app.inject({ method: 'GET', url: '/baskets' }), 405, 'method-not-allowed');
    expectProblem(await app.inject({ method: 'POST', url: '/openapi.json' }), 405, 'method-not-allowed');
  });

  it('authentication comes before the request format: no key with a malformed body is a 401', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${B}/voucher`,
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expectProblem(response, 401, 'unauthorized');
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it.each([
    ['no x-api-key', async () => ({ authorization: `Bearer ${await token()}` })],
    ['an undecodable key', async () => ({ 'x-api-key': '%%%', authorization: `Bearer ${await token()}` })],
    [
      'a key of an unknown store',
      async () => ({ 'x-api-key': btoa('nowhere'), authorization: `Bearer ${await token()}` }),
    ],
    ['no bearer', async () => ({ 'x-api-key': KEY })],
    ['a Basic authorization', async () => ({ 'x-api-key': KEY, authorization: 'Basic YTpi' })],
    [
      'an expired token',
      async () => ({ 'x-api-key': KEY, authorization: `Bearer ${await token({ expiresIn: -60 })}` }),
    ],
    [
      'a token without exp',
      async () => ({ 'x-api-key': KEY, authorization: `Bearer ${await token({ omitExp: true })}` }),
    ],
    [
      'alg none',
      async () => ({ 'x-api-key': KEY, authorization: `Bearer ${unsecuredToken('contact-alice')}` }),
    ],
    [
      'a bad signature',
      async () => ({ 'x-api-key': KEY, authorization: `Bearer ${await token({ secret: `${SECRET}x` })}` }),
    ],
    ['an empty sub', async () => ({ 'x-api-key': KEY, authorization: `Bearer ${await token({ sub: '' })}` })],
  ])('%s is a 401 with WWW-Authenticate: Bearer (C-2)', async (_name, headers) => {
    const response = await app.inject({ method: 'GET', url: B, headers: await headers() });
    expectProblem(response, 401, 'unauthorized');
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(response.body).not.toContain(SECRET);
  });

  it('a token that expired within the 30 s skew is accepted (C-2.3)', async () => {
    const headers = { 'x-api-key': KEY, authorization: `Bearer ${await token({ expiresIn: -10 })}` };
    expect((await app.inject({ method: 'GET', url: B, headers })).statusCode).toBe(200);
  });

  it('bodies over 64 KiB are a 413, other content types a 415, malformed JSON a 400 (C-9.1)', async () => {
    const headers = await authHeaders();
    const big = JSON.stringify({ voucherCode: 'x'.repeat(65 * 1024) });
    const json = { ...headers, 'content-type': 'application/json' };
    expectProblem(
      await app.inject({ method: 'POST', url: `${B}/voucher`, headers: json, payload: big }),
      413,
      'payload-too-large',
    );
    expectProblem(
      await app.inject({
        method: 'POST',
        url: `${B}/voucher`,
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: 'x',
      }),
      415,
      'unsupported-media-type',
    );
    const malformed = await app.inject({
      method: 'POST',
      url: `${B}/voucher`,
      headers: json,
      payload: '{"voucherCode":',
    });
    expectProblem(malformed, 400, 'validation-failed');
    expect(malformed.json().errors).toEqual([{ path: '', message: 'expected a JSON body' }]);
    expectProblem(
      await app.inject({ method: 'POST', url: `${B}/voucher`, headers: json, payload: '' }),
      400,
      'validation-failed',
    );
  });

  it('JSON bodies are UTF-8: another charset is a 415, bytes that are not UTF-8 a 400, nothing reaches the API (C-9.1, C-1.6)', async () => {
    const headers = await authHeaders();
    const calls = fake.calls.length;
    const latin1 = Buffer.concat([
      Buffer.from('{"voucherCode":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}'),
    ]);
    for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
      const answer = await app.inject({
        method: 'POST',
        url: `${B}/voucher`,
        headers: { ...headers, 'content-type': contentType },
        payload: latin1,
      });
      expectProblem(answer, 400, 'validation-failed');
      expect(answer.json().errors).toEqual([{ path: '', message: 'the body is not UTF-8' }]);
    }
    for (const charset of ['iso-8859-1', 'latin1', '"utf-16"', 'bogus']) {
      expectProblem(
        await app.inject({
          method: 'POST',
          url: `${B}/voucher`,
          headers: { ...headers, 'content-type': `application/json; charset=${charset}` },
          payload: '{"voucherCode":"SHIRT10"}',
        }),
        415,
        'unsupported-media-type',
      );
    }
    expect(fake.calls.length).toBe(calls);
    const utf8 = await app.inject({
      method: 'POST',
      url: `${B}/voucher`,
      headers: { ...headers, 'content-type': 'application/json; charset="UTF-8"' },
      payload: Buffer.from('{"voucherCode":"café"}'),
    });
    expect(utf8.statusCode).toBe(200);
  });

  it('If-Match: one tag is passed as the version, weak or foreign tags as 0, lists are a 400 (C-6.1)', async () => {
    const headers = await authHeaders();
    const ifMatch = async (value: string) => {
      fake.calls.length = 0;
      const response = await app.inject({
        method: 'DELETE',
        url: B,
        headers: { ...headers, 'if-match': value },
      });
      return { response, pre: fake.calls[0]?.args[2] };
    };
    expect((await ifMatch('"4"')).pre).toEqual({ ifMatch: 4 });
    expect((await ifMatch('*')).pre).toEqual({});
    expect((await ifMatch('W/"4"')).pre).toEqual({ ifMatch: 0 });
    expect((await ifMatch('"abc"')).pre).toEqual({ ifMatch: 0 });
    for (const bad of ['4', '"4", "5"', '"4', '']) {
      const { response } = await ifMatch(bad);
      if (bad === '') continue; // an empty header is no header
      expectProblem(response, 400, 'validation-failed');
      expect(response.json().errors).toEqual([{ path: 'If-Match', message: expect.any(String) }]);
    }
  });

  it('Idempotency-Key: printable ASCII 1..255, with a fingerprint independent of key order (C-6.3)', async () => {
    const headers = await authHeaders();
    const send = async (key: string, payload: object) => {
      fake.calls.length = 0;
      const response = await app.inject({
        method: 'POST',
        url: `${B}/voucher`,
        headers: { ...headers, 'idempotency-key': key },
        payload,
      });
      return { response, caller: fake.calls[0]?.args[0] };
    };
    const a = await send('key-1', { voucherCode: 'A', x: 1 });
    const b = await send('key-1', { x: 1, voucherCode: 'A' });
    const c = await send('key-1', { voucherCode: 'B', x: 1 });
    expect(a.caller).toMatchObject({
      idempotency: { key: 'key-1', fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(b.caller).toEqual(a.caller);
    expect(c.caller).not.toEqual(a.caller);
    // A transport of one's own makes the same fingerprint with operationFingerprint (docs/adapters.md).
    expect(a.caller).toMatchObject({
      idempotency: {
        fingerprint: operationFingerprint(
          'addVoucherToBasket',
          { id: BASKET_ID },
          { x: 1, voucherCode: 'A' },
        ),
      },
    });
    expectProblem((await send('k'.repeat(256), {})).response, 400, 'validation-failed');
    expectProblem((await send('é', {})).response, 400, 'validation-failed');
  });

  it("a product id with `|` or `%7C` in the path is one request, fingerprinted as operationFingerprint's (C-6.3)", async () => {
    const headers = { ...(await authHeaders()), 'idempotency-key': 'key-2' };
    const callerOf = async (url: string) => {
      fake.calls.length = 0;
      await app.inject({ method: 'POST', url, headers, payload: { quantity: 1 } });
      return fake.calls[0]?.args[0];
    };
    const expected = operationFingerprint(
      'addProductToBasket',
      { id: BASKET_ID, productId: PRODUCT },
      { quantity: 1 },
    );
    for (const url of [`${B}/products/${PRODUCT}`, `${B}/products/${PRODUCT.replace('|', '%7C')}`])
      expect(await callerOf(url)).toMatchObject({ idempotency: { key: 'key-2', fingerprint: expected } });
  });

  it('waitMs must be an integer from 0 to 30000 (C-5.2)', async () => {
    const headers = await authHeaders();
    for (const bad of ['30001', '-1', 'abc', '1.5', '']) {
      const response = await app.inject({
        method: 'GET',
        url: `/notifications/${NOTIFICATION_ID}?waitMs=${bad}`,
        headers,
      });
      expectProblem(response, 400, 'validation-failed');
      expect(response.json().errors).toEqual([{ path: 'waitMs', message: expect.any(String) }]);
    }
    fake.calls.length = 0;
    await app.inject({ method: 'GET', url: `/notifications/${NOTIFICATION_ID}?waitMs=30000`, headers });
    expect(fake.calls[0]?.args[2]).toBe(30_000);
  });

  it('a URL that does not decode is a 400 on a known path and a 404 elsewhere', async () => {
    expectProblem(
      await app.inject({ method: 'GET', url: '/baskets/%zz', headers: await authHeaders() }),
      400,
      'validation-failed',
    );
    const elsewhere = await app.inject({
      method: 'GET',
      url: '/nowhere/%zz',
      headers: { 'x-request-id': 'r-zz' },
    });
    expectProblem(elsewhere, 404, 'not-found');
    // Named like every answer, though raised before the plugin's hooks.
    expect(elsewhere.headers['x-request-id']).toBe('r-zz');
  });

  it('HEAD of a basket answers its headers without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: B, headers: await authHeaders() });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });
});

describe('service endpoints', () => {
  it('need no credentials; readyz is a 503 problem while not ready', async () => {
    const app = await buildApp(fakeApi(async () => notificationAnswer).api);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    expect((await app.inject({ method: 'GET', url: '/openapi.json' })).json()).toMatchObject({
      openapi: '3.1.0',
    });
    const docs = await app.inject({ method: 'GET', url: '/docs' });
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expect(docs.body).toContain('/baskets/{id}/voucher');
    await app.close();
  });

  it('a long poll answers at once when the server starts closing (C-10.3)', async () => {
    let release: () => void = () => undefined;
    const pending = new Promise<void>((resolve) => {
      release = resolve;
    });
    let waiting: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => {
      waiting = resolve;
    });
    const fake = fakeApi(async (_operation, args) => {
      if (args[2] !== 0 && args[2] !== undefined) {
        waiting();
        await pending;
      }
      return { status: 200, body: { notificationId: NOTIFICATION_ID, status: 'Pending' } };
    });
    const app = await buildApp(fake.api);
    const polling = app.inject({
      method: 'GET',
      url: `/notifications/${NOTIFICATION_ID}?waitMs=30000`,
      headers: await authHeaders(),
    });
    await inFlight;
    const closing = app.close();
    const response = await polling;
    await closing;
    release();
    expect(response.statusCode).toBe(200);
    expect(fake.calls.map((call) => call.args[2])).toEqual([30_000, 0]);
  });

  it('a long poll and a DELETE under way over real connections are answered, not cut, when closing begins (C-10.3)', async () => {
    let release: () => void = () => undefined;
    const pending = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived = 0;
    let bothArrived: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => {
      bothArrived = resolve;
    });
    const fake = fakeApi(async (operation, args) => {
      const waiting = operation === 'deleteBasket' || (args[2] !== 0 && args[2] !== undefined);
      if (waiting && ++arrived === 2) bothArrived();
      if (waiting) await pending;
      return operation === 'deleteBasket'
        ? notificationAnswer
        : { status: 200, body: { notificationId: NOTIFICATION_ID, status: 'Pending' } };
    });
    const app = await buildApp(fake.api);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = await authHeaders();
    const polling = fetch(`${url}/notifications/${NOTIFICATION_ID}?waitMs=30000`, { headers });
    const deleting = fetch(`${url}${B}`, { method: 'DELETE', headers });
    await inFlight;
    const closing = app.close();
    const polled = await polling;
    const polledBody = await polled.json();
    release();
    const deleted = await deleting;
    const deletedBody = await deleted.json();
    await closing;
    expect([polled.status, polledBody]).toEqual([200, expect.objectContaining({ status: 'Pending' })]);
    expect([deleted.status, deletedBody]).toEqual([200, { notificationId: NOTIFICATION_ID }]);
  });
});
