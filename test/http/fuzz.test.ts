import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from './support/client';
import { endpoints, type Ids } from './support/endpoints';
import { type SpawnedServer, spawnServer } from './support/server';
import { preparedBasket, snapshot } from './support/steps';
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
  );

const body = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ raw: JSON.stringify(value) ?? 'null' })),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 100 }).map((raw) => ({ raw })) },
  { weight: 1, arbitrary: fc.constant({ raw: undefined }) },
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

describe('fuzz: arbitrary bodies, headers and path ids on every endpoint', () => {
  let server: SpawnedServer;
  let client: Client;
  let ids: Ids;
  let alice: Credentials;
  let callers: ReadonlyArray<Credentials>;
  beforeAll(async () => {
    server = await spawnServer();
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
      { numRuns: 400 },
    );
    expect(server.process.exitCode).toBeNull();
    expect((await client.send('GET', '/healthz', {})).status).toBe(200);
    expect(await snapshot(client, alice, ids.basketId)).toEqual(before);
    expect((await client.send('GET', `/baskets/${ids.basketId}/events`, alice)).text).toBe(eventsBefore);
  });
});
