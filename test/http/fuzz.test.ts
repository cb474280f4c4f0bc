import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from './support/client';
import { type ScratchDatabase, scratchDatabase } from './support/database';
import { endpoints, type Ids } from './support/endpoints';
import { type SpawnedServer, spawnServer } from './support/server';
import { preparedBasket, problemCode, snapshot } from './support/steps';
import {
  ALICE,
  BOB,
  type Credentials,
  credentials,
  keyOf,
  OTHER_STORE,
  unauthorizedVariants,
} from './support/tokens';

/** Printable ASCII: what a header value can carry over fetch. */
const headerValue = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 300,
});

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** C-1.6: a NUL or an unpaired surrogate, as JSON.stringify escapes them (`\u0000`, `\ud800`). */
const badChar = fc.oneof(
  fc.constant('\u0000'),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
);
const badText = fc
  .tuple(fc.string({ maxLength: 8 }), badChar, fc.string({ maxLength: 8 }))
  .map(([a, bad, b]) => `${a}${bad}${b}`)
  // A high surrogate right before a generated low one would make a pair: keep only truly bad strings.
  .filter((text) => text.includes('\u0000') || LONE_SURROGATE.test(text));

/** A real id with `%00` or an encoded lone surrogate (invalid UTF-8) inside it. */
const badPathId = (real: string) =>
  fc
    .tuple(fc.nat({ max: real.length }), fc.constantFrom('%00', '%ED%A0%80', '%ED%BF%BF'))
    .map(([at, bad]) => `${real.slice(0, at)}${bad}${real.slice(at)}`);

/** `value` with `bad` put in place of one of its leaves (or beside them, in a new field). */
const taint = (value: unknown, bad: string, pick: number, keyToo: boolean): unknown => {
  if (Array.isArray(value) && value.length > 0) {
    const index = pick % value.length;
    return value.map((element, i) =>
      i === index ? taint(element, bad, Math.floor(pick / 2), keyToo) : element,
    );
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0 || pick % 5 === 0) return { ...value, [keyToo ? bad : 'extra']: bad };
    const index = pick % entries.length;
    return Object.fromEntries(
      entries.map(([k, v], i) => [k, i === index ? taint(v, bad, Math.floor(pick / 2), keyToo) : v]),
    );
  }
  return bad;
};

/** JSON nested deeper than C-1.6's 32 levels, up to 10,000 (still under the 64 KiB limit). */
const deepJson = fc
  .tuple(fc.integer({ min: 33, max: 10_000 }), fc.constantFrom('[]', '{"a":}'))
  .map(([depth, kind]) =>
    kind === '[]'
      ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** Path ids: anything, percent-encoded, plus raw forms that stress the router. */
const pathId = (real: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.uuid().map(String) },
    {
      weight: 1,
      arbitrary: fc.stringMatching(/^[a-z0-9]{1,5}(:[a-z0-9]{1,12})?\|[a-z0-9]{24}$/).map(encodeURIComponent),
    },
    { weight: 1, arbitrary: fc.constantFrom('%zz', '..', '%2F', '', ' ', '%00', 'a'.repeat(129), real) },
    { weight: 1, arbitrary: badPathId(real) },
  );

const body = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ raw: JSON.stringify(value) ?? 'null' })),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 100 }).map((raw) => ({ raw })) },
  { weight: 1, arbitrary: fc.constant({ raw: undefined }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.jsonValue({ maxDepth: 3 }), badText, fc.nat(), fc.boolean())
      .map(([value, bad, pick, keyToo]) => ({ raw: JSON.stringify(taint(value, bad, pick, keyToo)) })),
  },
  { weight: 1, arbitrary: deepJson.map((raw) => ({ raw })) },
);

const contentType = fc.oneof(
  { weight: 5, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/xml',
      'application/json; charset=utf-8',
      'multipart/form-data',
    ),
  },
  { weight: 1, arbitrary: headerValue },
);

type Storage = {
  readonly name: string;
  readonly numRuns: number;
  readonly open: () => Promise<ScratchDatabase>;
};

/** The fuzz runs against both kinds of storage: strings PostgreSQL cannot keep must never reach it. */
const storages: ReadonlyArray<Storage> = [
  { name: 'memory', numRuns: 400, open: async () => ({ url: 'memory:', drop: async () => undefined }) },
  { name: 'PostgreSQL', numRuns: 250, open: scratchDatabase },
];

describe.each(storages)(
  'fuzz on $name: arbitrary bodies, headers and path ids on every endpoint',
  (storage) => {
    let database: ScratchDatabase | undefined;
    let server: SpawnedServer;
    let client: Client;
    let ids: Ids;
    let alice: Credentials;
    let callers: ReadonlyArray<Credentials>;
    beforeAll(async () => {
      database = await storage.open();
      server = await spawnServer({ BASKET_DATABASE_URL: database.url });
      client = await createClient(server.url);
      alice = await credentials(ALICE);
      // A basket locked by an active payment intent: with her own valid credentials, no request that does
      // not name the intent can change it (C-8.3), so "nothing changed" holds for every generated request.
      ids = await preparedBasket(client, alice);
      callers = [
        alice,
        await credentials(),
        await credentials(BOB),
        await credentials(ALICE, OTHER_STORE),
        ...(await unauthorizedVariants(ALICE)).map(([, headers]) => headers),
      ];
    });
    afterAll(async () => {
      await server?.stop();
      await database?.drop();
    });

    it('never a 5xx, always a problem+json that the contract knows, and nothing stored changes', async () => {
      const before = await snapshot(client, alice, ids.basketId);
      const eventsBefore = (await client.send('GET', `/baskets/${ids.basketId}/events`, alice)).text;
      const templates = endpoints({
        ...ids,
        paymentIntentId: '{pi}',
        providerBasketId: '{pb}',
        lineItemId: '{li}',
        basketId: '{id}',
      });
      const request = fc.record({
        endpoint: fc.constantFrom(...templates),
        method: fc.option(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'), { freq: 4 }),
        id: pathId(ids.basketId),
        pb: pathId(ids.providerBasketId),
        li: pathId(ids.lineItemId),
        pi: pathId(ids.notificationId),
        caller: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...callers) },
          { weight: 1, arbitrary: fc.record({ 'x-api-key': headerValue, authorization: headerValue }) },
          {
            weight: 1,
            arbitrary: fc.record({
              'x-api-key': fc.constant(keyOf('arena-web')),
              authorization: headerValue.map((t) => `Bearer ${t}`),
            }),
          },
        ),
        body,
        contentType,
        ifMatch: fc.option(
          fc.oneof(
            headerValue,
            fc.nat().map((n) => `"${n}"`),
          ),
          { freq: 3 },
        ),
        idempotencyKey: fc.option(headerValue, { freq: 3 }),
        waitMs: fc.option(
          fc.oneof(headerValue.map(encodeURIComponent), fc.integer({ min: -5, max: 40 }).map(String)),
          { freq: 3 },
        ),
      });
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const path =
            r.endpoint.path
              .replace('{id}', r.id)
              .replace(encodeURIComponent('{pb}'), r.pb)
              .replace(encodeURIComponent('{li}'), r.li)
              .replace('{pi}', r.pi) + (r.waitMs === null ? '' : `?waitMs=${r.waitMs}`);
          const method = r.method ?? r.endpoint.method;
          const headers: Record<string, string> = {
            ...(r.body.raw === undefined || method === 'GET' ? {} : { 'content-type': r.contentType }),
            ...(r.ifMatch === null ? {} : { 'if-match': r.ifMatch }),
            ...(r.idempotencyKey === null ? {} : { 'idempotency-key': r.idempotencyKey }),
          };
          const raw = method === 'GET' ? undefined : r.body.raw;
          // The client fails the property on any breach of the contract (see support/contract.ts).
          const reply = await client.send(method, path, r.caller, {
            headers,
            ...(raw === undefined ? {} : { raw }),
          });
          expect(reply.status, `${method} ${path}: ${reply.text}`).toBeLessThan(500);
          if (reply.status >= 400) expect(reply.contentType).toMatch(/^application\/problem\+json/);
        }),
        { numRuns: storage.numRuns },
      );
      expect(server.process.exitCode).toBeNull();
      expect((await client.send('GET', '/healthz', {})).status).toBe(200);
      expect(await snapshot(client, alice, ids.basketId)).toEqual(before);
      expect((await client.send('GET', `/baskets/${ids.basketId}/events`, alice)).text).toBe(eventsBefore);
    });
    it('a NUL, an unpaired surrogate or deep nesting in any request to an open basket is a 400, and changes nothing (C-1.6)', async () => {
      // Her own open basket, no payment intent: without the checks these requests would reach storage.
      const open = await preparedBasket(client, alice, { withIntent: false });
      const before = await snapshot(client, alice, open.basketId);
      const eventsBefore = (await client.send('GET', `/baskets/${open.basketId}/events`, alice)).text;
      const targets = endpoints(open);
      const withBody = targets.filter((endpoint) => endpoint.json !== undefined);
      const flaw = fc.oneof(
        fc.record({
          kind: fc.constant('string' as const),
          endpoint: fc.constantFrom(...withBody),
          bad: badText,
          pick: fc.nat(),
          keyToo: fc.boolean(),
        }),
        fc.record({
          kind: fc.constant('deep' as const),
          endpoint: fc.constantFrom(...withBody),
          deep: deepJson,
        }),
        fc.record({
          kind: fc.constant('path' as const),
          endpoint: fc.constantFrom(...targets.filter((endpoint) => endpoint.path.includes(open.basketId))),
          id: badPathId(open.basketId),
        }),
      );
      await fc.assert(
        fc.asyncProperty(
          flaw,
          fc.option(
            headerValue.filter((k) => k.length > 0),
            { freq: 2 },
          ),
          async (f, key) => {
            const headers: Record<string, string> = {
              'content-type': 'application/json',
              ...(key === null ? {} : { 'idempotency-key': key }),
            };
            const { method } = f.endpoint;
            const path = f.kind === 'path' ? f.endpoint.path.replace(open.basketId, f.id) : f.endpoint.path;
            const raw =
              f.kind === 'string'
                ? JSON.stringify(taint(f.endpoint.json, f.bad, f.pick, f.keyToo))
                : f.kind === 'deep'
                  ? `{"nested":${f.deep},"body":${JSON.stringify(f.endpoint.json)}}`
                  : f.endpoint.json === undefined || method === 'GET'
                    ? undefined
                    : JSON.stringify(f.endpoint.json);
            const reply = await client.send(method, path, alice, {
              headers: raw === undefined ? {} : headers,
              ...(raw === undefined ? {} : { raw }),
            });
            expect(reply.status, `${f.kind} ${method} ${path}: ${reply.text}`).toBe(400);
            expect(problemCode(reply)).toBe('validation-failed');
          },
        ),
        { numRuns: Math.round(storage.numRuns / 2) },
      );
      expect(await snapshot(client, alice, open.basketId)).toEqual(before);
      expect((await client.send('GET', `/baskets/${open.basketId}/events`, alice)).text).toBe(eventsBefore);
    });
  },
);
