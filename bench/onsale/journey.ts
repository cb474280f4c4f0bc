// What each step of an on-sale buyer's visit costs the server (not a test): one server process on
// PostgreSQL (bench/onsale/server.ts), a 2,000-seat venue, one buyer at a time going through the
// visit of bench/onsale/buyer.ts without abandoning (create, automatic selection of 4 seats, a pie,
// the basket read, a delivery method per provider basket, details, the payment intent, the payment),
// each command followed by the long poll of its notification. Reported per step: the server's CPU
// (user + system, from the process) and the commits its storage made, averaged over the visits after
// a warm-up, and the CPU as a multiple of "add a pie". One request at a time wakes the process for
// each, so the absolute CPU is several times what the same request costs under load
// (bench/request-cpu.ts); the ratios between steps are what this is for.
//
//   npx tsx bench/onsale/journey.ts        # BASKET_BENCH_VISITS (100), BASKET_BENCH_WARMUP (150)
//   BASKET_BENCH_ROOT=.scratch/before npx tsx bench/onsale/journey.ts   # the server of another
//   checkout (scripts/prepare-before.sh), for a before/after pair
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiKeyOf } from '../../packages/http/src/index';
import { mintDevToken } from '../../packages/server/src/index';
import { dropSchema, openPgPool } from '../../packages/store-postgres/src/index';
import { venueIds, writeVenue } from '../../scripts/generate-venue';
import { startServer } from './server-process';

const SECRET = 'onsale-bench-secret-0123456789abcdef';
const postgresUrl = process.env.BASKET_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const VISITS = Number(process.env.BASKET_BENCH_VISITS ?? 100);
const WARMUP = Number(process.env.BASKET_BENCH_WARMUP ?? 150);

type Body = Record<string, unknown>;
type Reply = { status: number; body: Body };

const dir = mkdtempSync(join(tmpdir(), 'basket-journey-'));
const catalog = join(dir, 'venue.json');
writeVenue(catalog, { seats: 2000, holdMinutes: 15 });
const schema = `onsale_journey_${randomBytes(4).toString('hex')}`;
const db = openPgPool(postgresUrl, { max: 1 });
const root = resolve(process.env.BASKET_BENCH_ROOT ?? resolve(import.meta.dirname, '../..'));
const server = await startServer(root, {
  url: postgresUrl,
  schema,
  catalog,
  secret: SECRET,
  poolSize: 10,
});
const base = `http://127.0.0.1:${server.port}`;
const token = await mintDevToken({ secret: SECRET, contactId: venueIds.contact(0), ttlSeconds: 3600 });
const headers = { 'x-api-key': apiKeyOf('arena-web'), authorization: `Bearer ${token}` };

const request = async (method: string, path: string, json?: unknown): Promise<Reply> => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: json === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Body) };
};

/** A request and, when it answers a notification id, the long poll until it is no longer Pending. */
const settled = async (method: string, path: string, json?: unknown): Promise<Body> => {
  const reply = await request(method, path, json);
  const id = reply.body.notificationId;
  if (typeof id !== 'string') return reply.body;
  for (;;) {
    const read = await request('GET', `/notifications/${id}?waitMs=10000`);
    if (read.body.status !== 'Pending') return read.body;
  }
};

const succeeded = (body: Body, what: string): Body => {
  if (body.status !== 'Succeeded') throw new Error(`${what}: ${JSON.stringify(body)}`);
  return body;
};

type Cost = { cpuMicros: number; commits: number; times: number };
const costs = new Map<string, Cost>();
const committed = (commits: Record<string, number>): number =>
  Object.values(commits).reduce((n, c) => n + c, 0);

const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
  const before = await server.stats();
  const value = await run();
  const after = await server.stats();
  const cost = costs.get(name) ?? { cpuMicros: 0, commits: 0, times: 0 };
  costs.set(name, {
    cpuMicros: cost.cpuMicros + after.cpuMicros - before.cpuMicros,
    commits: cost.commits + committed(after.commits) - committed(before.commits),
    times: cost.times + 1,
  });
  return value;
};

const kiosk = {
  type: 'KioskCollection',
  id: 'fnb-kiosk',
  kioskId: 'kiosk-north',
  collectionTime: '2027-05-16T14:30:00.000Z',
  collectionId: 'journey',
  seatId: 'journey',
};

const visit = async (): Promise<void> => {
  const created = await step('createBasket', () => request('POST', '/baskets'));
  const B = `/baskets/${String(created.body.id)}`;
  const event = encodeURIComponent(venueIds.event);
  await step('select 4 seats automatically', async () =>
    succeeded(
      await settled('POST', `${B}/products/${event}/ticketing/select-seats`, {
        rates: [{ rateId: venueIds.adult, quantity: 4 }],
      }),
      'selection',
    ),
  );
  await step('add a pie', async () =>
    succeeded(
      await settled('POST', `${B}/products/${encodeURIComponent(venueIds.pie)}`, { quantity: 2 }),
      'pie',
    ),
  );
  const basket = await step('GET the basket', () => request('GET', B));
  const providerBaskets = (basket.body.providerBaskets ?? []) as Array<{ id: string }>;
  for (const pb of providerBaskets) {
    const deliveryMethod = pb.id.startsWith('tix:') ? { type: 'Digital', id: 'tix-mobile' } : kiosk;
    await step('set a delivery method', async () =>
      succeeded(
        await settled('POST', `${B}/provider/${encodeURIComponent(pb.id)}/set-delivery-method`, {
          deliveryMethod,
        }),
        'delivery',
      ),
    );
  }
  await step('set customer details', async () =>
    succeeded(
      await settled('PATCH', `${B}/set-customer-details`, {
        customerDetails: [
          { type: 'Email', value: { email: 'buyer@example.com' } },
          { type: 'FirstName', value: { name: 'Sam' } },
          { type: 'LastName', value: { name: 'Buyer' } },
        ],
      }),
      'details',
    ),
  );
  const intentId = await step('createPaymentIntent', async () => {
    const reply = await request('POST', `${B}/payment-intents`, {});
    if (reply.status === 200) return String(reply.body.id);
    return String(
      succeeded(await settled('GET', `/notifications/${String(reply.body.notificationId)}`), 'intent')
        .paymentIntentId,
    );
  });
  const paid = await step('pay with the saved token', () =>
    request('POST', '/psp/tokens/use-existing', { paymentIntentId: intentId, tokenId: venueIds.token(0) }),
  );
  if (paid.status !== 204) throw new Error(`payment: ${paid.status} ${JSON.stringify(paid.body)}`);
};

try {
  for (let i = 0; i < WARMUP; i += 1) await visit();
  costs.clear();
  for (let i = 0; i < VISITS; i += 1) await visit();
  // What one `stats` call itself costs the server, taken off each step (it sits between two).
  const probes: number[] = [];
  for (let i = 0; i < 50; i += 1) {
    const a = await server.stats();
    const b = await server.stats();
    probes.push(b.cpuMicros - a.cpuMicros);
  }
  const probe = [...probes].sort((x, y) => x - y)[Math.floor(probes.length / 2)] ?? 0;
  const perVisit = (cost: Cost) => (cost.cpuMicros - probe * cost.times) / VISITS;
  const pie = costs.get('add a pie');
  const unit = pie === undefined ? 1 : perVisit(pie);
  console.log(
    '| step (with its notification’s long poll) | per visit | server CPU ms per visit | commits per visit | of "add a pie" |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: |');
  let total = 0;
  for (const [name, cost] of costs) {
    const cpu = perVisit(cost);
    total += cpu;
    console.log(
      `| ${name} | ${(cost.times / VISITS).toFixed(1)} | ${(cpu / 1000).toFixed(2)} | ${(cost.commits / VISITS).toFixed(1)} | ${(cpu / unit).toFixed(2)}× |`,
    );
  }
  console.log(`| the whole visit | | ${(total / 1000).toFixed(2)} | | ${(total / unit).toFixed(2)}× |`);
} finally {
  await server.stop();
  await dropSchema(db, schema).catch(() => undefined);
  await db.close();
}
