import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from './support/client';
import { type SpawnedServer, spawnServer } from './support/server';
import { newBasket, problemCode, succeed } from './support/steps';
import { ALICE, BOB, type Credentials, credentials } from './support/tokens';

type Listing = { events: Array<{ version: number; type: string }>; nextAfter?: number };

const PIE = encodeURIComponent('fnb:arena|46602259e87b5062c3ef0e0f');

describe('GET /baskets/{id}/events pages a long history (C-4.4)', () => {
  let server: SpawnedServer;
  let client: Client;
  let alice: Credentials;
  let basketId: string;
  beforeAll(async () => {
    server = await spawnServer();
    client = await createClient(server.url);
    alice = await credentials(ALICE);
    basketId = await newBasket(client, alice);
    await succeed(client, alice, 'PATCH', `/baskets/${basketId}/assign-contact`);
    for (let i = 0; i < 6; i += 1) {
      await succeed(client, alice, 'POST', `/baskets/${basketId}/products/${PIE}`, { quantity: 1 });
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  const page = (query: string, who: Credentials = alice) =>
    client.send('GET', `/baskets/${basketId}/events${query}`, who);

  it('pages with ?after=&limit= follow nextAfter to the whole history, with the basket ETag on each', async () => {
    const whole = await page('');
    expect(whole.status).toBe(200);
    const all = (whole.body as Listing).events;
    expect(all.length).toBeGreaterThan(6);
    expect((whole.body as Listing).nextAfter).toBeUndefined();
    const etag = whole.headers.get('etag');
    expect(etag).toBe(`"${all.at(-1)?.version}"`);

    for (const limit of [1, 3, all.length - 1, all.length]) {
      const seen: Listing['events'] = [];
      let after: number | undefined = 0;
      let pages = 0;
      while (after !== undefined) {
        const reply = await page(`?after=${after}&limit=${limit}`);
        expect(reply.status).toBe(200);
        expect(reply.headers.get('etag')).toBe(etag);
        const listing = reply.body as Listing;
        expect(listing.events.length).toBeLessThanOrEqual(limit);
        seen.push(...listing.events);
        after = listing.nextAfter;
        if (after !== undefined) expect(after).toBe(listing.events.at(-1)?.version);
        pages += 1;
      }
      expect(seen).toEqual(all);
      expect(pages).toBe(Math.ceil(all.length / limit));
    }
    // After the last version, and far beyond: an empty page, no nextAfter.
    for (const after of [all.length, 2_147_483_647]) {
      const reply = await page(`?after=${after}`);
      expect(reply.body).toEqual({ events: [] });
    }
    expect(((await page('?after=2&limit=2')).body as Listing).events.map((e) => e.version)).toEqual([3, 4]);
  });

  it('a bad after or limit is a 400 naming it, before the basket is looked up (C-1.7)', async () => {
    const bad: ReadonlyArray<[string, string]> = [
      ['?after=-1', 'after'],
      ['?after=abc', 'after'],
      ['?after=1.5', 'after'],
      ['?after=2147483648', 'after'],
      ['?after=', 'after'],
      ['?after=1&after=2', 'after'],
      ['?limit=0', 'limit'],
      ['?limit=1001', 'limit'],
      ['?limit=1e2', 'limit'],
      ['?limit=%00', 'limit'],
    ];
    for (const [query, field] of bad) {
      for (const path of [
        `/baskets/${basketId}/events${query}`,
        `/baskets/00000000-0000-4000-8000-000000000000/events${query}`,
      ]) {
        const reply = await client.send('GET', path, alice);
        expect(reply.status, `${path}: ${reply.text}`).toBe(400);
        expect(problemCode(reply)).toBe('validation-failed');
        expect((reply.body as { errors: Array<{ path: string }> }).errors.map((e) => e.path)).toContain(
          field,
        );
      }
    }
  });

  it('paging keeps the scoping of the basket: another contact gets a 403 on every page', async () => {
    const reply = await page('?after=1&limit=2', await credentials(BOB));
    expect(reply.status).toBe(403);
  });
});
