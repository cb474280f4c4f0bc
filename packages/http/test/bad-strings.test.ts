import { badStringReason, badStrings, MAX_JSON_DEPTH } from '@basket/core';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonDepth } from '../src/request-strings';
import { authHeaders, BASKET_ID, buildApp, fakeApi, notificationAnswer, PRODUCT, token } from './support';

const B = `/baskets/${BASKET_ID}`;

const expect400 = (response: LightMyRequestResponse): ReadonlyArray<{ path: string }> => {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = response.json() as { code: string; errors: ReadonlyArray<{ path: string }> };
  expect(body.code).toBe('validation-failed');
  return body.errors;
};

const nested = (depth: number, open: string, close: string, inner = '1'): string =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

/** A lone high or low surrogate, or a NUL: what no UTF-8 column (PostgreSQL's text, jsonb) can keep. */
const badChar = fc.oneof(
  fc.constant('\u0000'),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
);
const badString = fc
  .tuple(fc.string({ maxLength: 10 }), badChar, fc.string({ maxLength: 10 }))
  .map(([a, bad, b]) => `${a}${bad}${b}`)
  .filter((s) => badStringReason(s) !== undefined);

describe('C-1.6 checks of request strings and nesting', () => {
  it('measures nesting without recursing, brackets inside strings not counted', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonDepth('{"a":"[[[[{{{{\\"]"}')).toBe(1);
    expect(jsonDepth(nested(100_000, '[', ']'))).toBe(100_000);
  });

  it('finds every NUL and unpaired surrogate, in values and keys, by path; paired surrogates are fine', () => {
    expect(badStringReason('emoji \ud83d\ude00 and ä')).toBeUndefined();
    expect(badStringReason('\ud83d')).toBeDefined();
    expect(badStringReason('\ude00\ud83d')).toBeDefined();
    // A bad key is named escaped: the path itself holds no NUL or lone surrogate.
    expect(
      badStrings({ a: [{ b: 'x\u0000' }], 'k\u0000': { 'n\ud800': 'y\u0000' }, c: 'fine' }).map(
        (e) => e.path,
      ),
    ).toEqual(expect.arrayContaining(['a.0.b', 'k\\u0000', 'k\\u0000.n\\ud800']));
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        // Well-formed UTF-16 never trips the check (fast-check's json strings are printable).
        expect(badStrings(value)).toEqual([]);
      }),
    );
  });
});

describe('bad strings and deep JSON over HTTP are a 400 that the API never sees (C-1.6)', () => {
  const fake = fakeApi(async () => notificationAnswer);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(fake.api);
  });
  afterAll(() => app.close());

  it('a NUL or an unpaired surrogate anywhere in a body is a 400 naming the field', async () => {
    const headers = { ...(await authHeaders()), 'content-type': 'application/json' };
    await fc.assert(
      fc.asyncProperty(
        badString,
        fc.constantFrom('seatId', 'voucherCode', 'kioskId', 'value', 'productVariantId', 'unknownField'),
        fc.boolean(),
        async (bad, field, withKey) => {
          const before = fake.calls.length;
          const response = await app.inject({
            method: 'POST',
            url: `${B}/products/${encodeURIComponent(PRODUCT)}`,
            headers: withKey ? { ...headers, 'idempotency-key': 'k-1' } : headers,
            payload: JSON.stringify({ quantity: 1, nested: [{ [field]: bad }] }),
          });
          expect(expect400(response).map((e) => e.path)).toContain(`nested.0.${field}`);
          expect(fake.calls.length).toBe(before);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('escaped forms are caught after decoding: \\u0000 and \\ud800 in the JSON text', async () => {
    const headers = { ...(await authHeaders()), 'content-type': 'application/json' };
    for (const raw of ['{"voucherCode":"a\\u0000b"}', '{"voucherCode":"\\ud800"}', '{"\\udfff":1}']) {
      expect400(await app.inject({ method: 'POST', url: `${B}/voucher`, headers, payload: raw }));
    }
  });

  it('%00 or an unpaired surrogate in a path id is a 400 under the id name', async () => {
    const headers = await authHeaders();
    const before = fake.calls.length;
    expect(
      expect400(await app.inject({ method: 'GET', url: `/baskets/a%00b`, headers })).map((e) => e.path),
    ).toEqual(['id']);
    expect400(await app.inject({ method: 'GET', url: `/notifications/%00`, headers }));
    expect400(await app.inject({ method: 'GET', url: `/baskets/%ED%A0%80`, headers }));
    expect(fake.calls.length).toBe(before);
  });

  it('a bearer token whose sub holds a NUL is a 401', async () => {
    const response = await app.inject({
      method: 'GET',
      url: B,
      headers: {
        'x-api-key': (await authHeaders())['x-api-key'] ?? '',
        authorization: `Bearer ${await token({ sub: 'a\u0000' })}`,
      },
    });
    expect(response.statusCode).toBe(401);
  });

  it(`nesting up to ${MAX_JSON_DEPTH} passes; deeper, even 10,000 levels with an Idempotency-Key, is a 400`, async () => {
    const headers = {
      ...(await authHeaders()),
      'content-type': 'application/json',
      'idempotency-key': 'deep-1',
    };
    const url = `${B}/products/${encodeURIComponent(PRODUCT)}`;
    const ok = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: `{"quantity":1,"x":${nested(MAX_JSON_DEPTH - 1, '[', ']')}}`,
    });
    expect(ok.statusCode).toBe(200);
    const before = fake.calls.length;
    for (const payload of [
      `{"quantity":1,"x":${nested(MAX_JSON_DEPTH, '[', ']')}}`,
      nested(10_000, '[', ']'),
      `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
      `{"quantity":1,"x":${nested(10_000, '[', ']', '"\\u0000"')}}`,
    ]) {
      expect400(await app.inject({ method: 'POST', url, headers, payload }));
    }
    expect(fake.calls.length).toBe(before);
  });
});
