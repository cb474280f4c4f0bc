import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from './support/client';
import { type Endpoint, endpoints, type Ids } from './support/endpoints';
import { type SpawnedServer, spawnServer } from './support/server';
import { preparedBasket, problemCode, snapshot } from './support/steps';
import {
  ALICE,
  BOB,
  type Credentials,
  credentials,
  OTHER_STORE,
  unauthorizedVariants,
} from './support/tokens';

describe('C-2 authentication and scoping on every endpoint', () => {
  let server: SpawnedServer;
  let client: Client;
  let alice: Credentials;
  let ids: Ids;
  let all: ReadonlyArray<Endpoint>;
  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeAll(async () => {
    server = await spawnServer();
    client = await createClient(server.url);
    alice = await credentials(ALICE);
    ids = await preparedBasket(client, alice);
    all = endpoints(ids);
    before = await snapshot(client, alice, ids.basketId);
  });
  afterAll(async () => {
    // None of the refused requests changed the basket.
    expect(await snapshot(client, alice, ids.basketId)).toEqual(before);
    await server?.stop();
  });

  it('every endpoint is a 401 with WWW-Authenticate: Bearer for each kind of bad credentials (C-2.1..C-2.3)', async () => {
    const variants = await unauthorizedVariants(ALICE);
    for (const endpoint of all) {
      for (const [variant, headers] of variants) {
        const reply = await client.send(
          endpoint.method,
          endpoint.path,
          headers,
          endpoint.json === undefined ? {} : { json: endpoint.json },
        );
        expect([reply.status, problemCode(reply)], `${endpoint.operation} with ${variant}`).toEqual([
          401,
          'unauthorized',
        ]);
        expect(reply.headers.get('www-authenticate'), `${endpoint.operation} with ${variant}`).toMatch(
          /^Bearer/,
        );
      }
    }
  });

  it("another store's key is a 404, as for a basket that does not exist (C-2.4)", async () => {
    const foreign = await credentials(ALICE, OTHER_STORE);
    for (const endpoint of all.filter((e) => e.basket)) {
      const reply = await client.send(
        endpoint.method,
        endpoint.path,
        foreign,
        endpoint.json === undefined ? {} : { json: endpoint.json },
      );
      expect(reply.status, `${endpoint.operation}: ${reply.text}`).toBe(404);
    }
  });

  it("another contact's token is a 403 on a basket assigned to Alice (C-2.5, C-2.7)", async () => {
    const bob = await credentials(BOB);
    for (const endpoint of all.filter((e) => e.basket)) {
      const reply = await client.send(
        endpoint.method,
        endpoint.path,
        bob,
        endpoint.json === undefined ? {} : { json: endpoint.json },
      );
      // assign-contact of a basket that has another contact is C-2.6's 409; the notifications of her
      // basket are hers alone (C-5.2), a 403 like the basket's (docs/decisions.md).
      const expected = endpoint.operation === 'assignContact' ? 409 : 403;
      expect(reply.status, `${endpoint.operation}: ${reply.text}`).toBe(expected);
    }
  });

  it("a guest's token is a 403 on her basket and its notifications too (C-2.5, C-5.2)", async () => {
    const guest = await credentials();
    for (const endpoint of all.filter((e) => e.basket && e.operation !== 'assignContact')) {
      const reply = await client.send(
        endpoint.method,
        endpoint.path,
        guest,
        endpoint.json === undefined ? {} : { json: endpoint.json },
      );
      expect(reply.status, `${endpoint.operation}: ${reply.text}`).toBe(403);
    }
  });
});
