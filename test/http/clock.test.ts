import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIE } from './support/catalog';
import { type ScratchDatabase, scratchDatabase } from './support/database';
import { type SpawnedServer, spawnServer } from './support/server';
import { ALICE, keyOf, mint, STORE } from './support/tokens';

/** Two minutes fast: a host whose clock is wrong, far past C-2.3's 30 s of token skew. */
const SHIFT_MS = 120_000;
const shim = pathToFileURL(new URL('./support/clock-shift.mjs', import.meta.url).pathname).href;

const skewedServer = (databaseUrl: string) =>
  spawnServer({
    BASKET_DATABASE_URL: databaseUrl,
    BASKET_TEST_CLOCK_SHIFT_MS: String(SHIFT_MS),
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${shim}`,
  });

/**
 * Adds a pie to a new basket with a token that expires in `expiresIn` s of real time; answers the
 * token check's status and the notification's `created`.
 */
const addAPie = async (server: SpawnedServer, expiresIn: number) => {
  const headers = {
    'x-api-key': keyOf(STORE),
    authorization: `Bearer ${await mint({ sub: ALICE, expiresIn })}`,
  };
  const created = await fetch(`${server.url}/baskets`, { method: 'POST', headers });
  if (created.status !== 200) return { status: created.status, created: undefined };
  const { id } = (await created.json()) as { id: string };
  const added = await fetch(`${server.url}/baskets/${id}/products/${encodeURIComponent(PIE)}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ quantity: 1 }),
  });
  const { notificationId } = (await added.json()) as { notificationId: string };
  const notification = await fetch(`${server.url}/notifications/${notificationId}?waitMs=10000`, { headers });
  const body = (await notification.json()) as { created: string };
  return { status: created.status, created: Date.parse(body.created) };
};

/**
 * Processes on hosts whose clocks differ take their time from the database (docs/operations.md,
 * "Clocks"): hold expiry, recovery, notifications and token expiry follow one clock.
 */
describe('a server whose host clock is two minutes fast', () => {
  let database: ScratchDatabase;
  let onPostgres: SpawnedServer;
  let onMemory: SpawnedServer;
  beforeAll(async () => {
    database = await scratchDatabase();
    [onPostgres, onMemory] = await Promise.all([skewedServer(database.url), skewedServer('memory:')]);
  });
  afterAll(async () => {
    await Promise.all([onPostgres?.stop(), onMemory?.stop()]);
    await database?.drop();
  });

  it("on PostgreSQL follows the database's clock: says so, stamps real time, and takes a token with a minute left", async () => {
    await onPostgres.logged((line) => typeof line.offsetMs === 'number');
    const offset = onPostgres.logs.find((line) => typeof line.offsetMs === 'number')?.offsetMs as number;
    expect(Math.abs(offset + SHIFT_MS)).toBeLessThan(5_000);
    const before = Date.now();
    const { status, created } = await addAPie(onPostgres, 60);
    expect(status).toBe(200);
    expect(created).toBeGreaterThanOrEqual(before - 5_000);
    expect(created).toBeLessThanOrEqual(Date.now() + 5_000);
  });

  it('on memory storage (one process, nothing to share) keeps its host clock: the shift is real', async () => {
    // A token with 60 s left is expired already by a clock two minutes fast.
    expect((await addAPie(onMemory, 60)).status).toBe(401);
    const { created } = await addAPie(onMemory, 3600);
    expect((created ?? 0) - Date.now()).toBeGreaterThan(SHIFT_MS - 10_000);
  });
});
