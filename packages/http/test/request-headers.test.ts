import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASKET_ID, buildApp, fakeApi, KEY, notificationAnswer, token } from './support';

/** A raw HTTP/1.1 request, so that a header can be sent twice: status, headers and body of the answer. */
const rawRequest = (port: number, lines: ReadonlyArray<string>, body = '') =>
  new Promise<{ status: number; head: string; body: string }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', rest = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), head, body: rest });
    });
    const length = body === '' ? [] : [`content-length: ${Buffer.byteLength(body)}`];
    socket.write([...lines, ...length, 'connection: close', '', body].join('\r\n'));
  });

const problemOf = (answer: { head: string; body: string }) => {
  expect(answer.head.toLowerCase()).toContain('content-type: application/problem+json');
  return JSON.parse(answer.body) as { code: string; errors?: unknown };
};

describe('headers sent twice, encoded bodies, unknown expectations (C-2.1, C-6.3, C-9.1, C-3.1)', () => {
  const fake = fakeApi(async () => notificationAnswer);
  let app: FastifyInstance;
  let port = 0;
  let bearer = '';
  const voucher = `POST /baskets/${BASKET_ID}/voucher HTTP/1.1`;
  const body = JSON.stringify({ voucherCode: 'SHIRT10' });
  const send = (extra: ReadonlyArray<string>, payload = body) =>
    rawRequest(port, [voucher, 'host: localhost', `x-api-key: ${KEY}`, ...extra], payload);
  beforeAll(async () => {
    app = await buildApp(fake.api);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
    bearer = `authorization: Bearer ${await token()}`;
  });
  afterAll(() => app.close());

  it('CONNECT is a 405 with Allow on a known path and a 404 elsewhere, as problems, not a dropped connection (C-1.7)', async () => {
    const known = await rawRequest(port, [`CONNECT /baskets/${BASKET_ID} HTTP/1.1`, 'host: localhost']);
    expect(known.status).toBe(405);
    expect(problemOf(known).code).toBe('method-not-allowed');
    expect(known.head.toLowerCase()).toMatch(/\r\nallow: [a-z, ]*delete/);
    expect(known.head.toLowerCase()).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/);
    const elsewhere = await rawRequest(port, ['CONNECT example.com:443 HTTP/1.1', 'host: example.com:443']);
    expect(elsewhere.status).toBe(404);
    expect(problemOf(elsewhere).code).toBe('not-found');
  });

  it('an HTTP/1.1 request without Host, or with two, is a 400 problem naming Host, and reaches nothing (C-3.1)', async () => {
    fake.calls.length = 0;
    const answer = await rawRequest(
      port,
      [voucher, `x-api-key: ${KEY}`, bearer, 'content-type: application/json'],
      body,
    );
    expect(answer.status).toBe(400);
    expect(problemOf(answer)).toMatchObject({ code: 'validation-failed', errors: [{ path: 'Host' }] });
    const twice = await send([bearer, 'host: other', 'content-type: application/json']);
    expect(twice.status).toBe(400);
    expect(problemOf(twice)).toMatchObject({ code: 'validation-failed', errors: [{ path: 'Host' }] });
    expect(fake.calls).toEqual([]);
  });

  it('one request with each header once is served (the baseline of the cases below)', async () => {
    const answer = await send([bearer, 'content-type: application/json', 'idempotency-key: k-1']);
    expect(answer.status).toBe(200);
  });

  it('two Authorization or two x-api-key headers are a 401: two sets of credentials are none', async () => {
    const other = `authorization: Bearer ${await token({ sub: 'contact-bob' })}`;
    const twoTokens = await send([bearer, other, 'content-type: application/json']);
    expect(twoTokens.status).toBe(401);
    expect(problemOf(twoTokens).code).toBe('unauthorized');
    expect(twoTokens.head.toLowerCase()).toContain('www-authenticate: bearer');
    const twoKeys = await send([`x-api-key: ${KEY}`, bearer, 'content-type: application/json']);
    expect(twoKeys.status).toBe(401);
  });

  it('two Idempotency-Key headers are a 400 naming the header, and reach nothing', async () => {
    fake.calls.length = 0;
    const answer = await send([
      bearer,
      'content-type: application/json',
      'idempotency-key: a',
      'idempotency-key: b',
    ]);
    expect(answer.status).toBe(400);
    expect(problemOf(answer)).toMatchObject({
      code: 'validation-failed',
      errors: [{ path: 'Idempotency-Key', message: expect.any(String) }],
    });
    expect(fake.calls).toEqual([]);
  });

  it('two Content-Type headers, or a content-encoded body, are a 415', async () => {
    const twoTypes = await send([bearer, 'content-type: application/json', 'content-type: text/plain']);
    expect(twoTypes.status).toBe(415);
    expect(problemOf(twoTypes).code).toBe('unsupported-media-type');
    const gzip = await send([bearer, 'content-type: application/json', 'content-encoding: gzip']);
    expect(gzip.status).toBe(415);
    expect(problemOf(gzip).code).toBe('unsupported-media-type');
    const identity = await send([bearer, 'content-type: application/json', 'content-encoding: identity']);
    expect(identity.status).toBe(200);
  });

  it('an expectation other than 100-continue is ignored: the request is served, not a bare 417', async () => {
    const answer = await send([bearer, 'content-type: application/json', 'expect: bogus']);
    expect(answer.status).toBe(200);
  });

  it('a __proto__ key is dropped like any unknown field (C-1.6), and pollutes nothing', async () => {
    fake.calls.length = 0;
    const poisoned =
      '{"voucherCode":"SHIRT10","__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}';
    const answer = await send([bearer, 'content-type: application/json'], poisoned);
    expect(answer.status).toBe(200);
    const passed = fake.calls[0]?.args[2];
    expect(passed).toEqual({ voucherCode: 'SHIRT10' });
    expect(Object.getPrototypeOf(passed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('headers over 16 KiB are a 400 that says so, before anything reads them', async () => {
    const answer = await send([`authorization: Bearer ${'x'.repeat(20 * 1024)}`]);
    expect(answer.status).toBe(400);
    expect(problemOf(answer)).toMatchObject({
      code: 'validation-failed',
      errors: [{ path: '', message: expect.stringContaining('16 KiB') }],
    });
  });
});
