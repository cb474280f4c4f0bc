// The cost of one automatic seat selection as the venue grows: one server process, a venue of 2,000
// and of 20,000 seats whose first half is sold (rows written straight into the holds table), and a
// lone buyer making selections one after the other. Reported: server CPU time and latency per
// selection, and their ratio 20,000 : 2,000 (the target: within 1.5×).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiKeyOf } from '../../packages/http/src/index';
import { mintDevToken } from '../../packages/server/src/index';
import { dropSchema, openPgPool } from '../../packages/store-postgres/src/index';
import { generateVenue, venueIds, writeVenue } from '../../scripts/generate-venue';
import { postgresCpuSeconds } from '../postgres-cpu';
import { startServer } from './server-process';

const SECRET = 'onsale-bench-secret-0123456789abcdef';
const SELECTIONS = Number(process.env.BASKET_BENCH_COST_SELECTIONS ?? 150);
const TALLY_STRIPES = 8;

type Measure = { seats: number; cpuMs: number; postgresMs: number; p50: number };

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const measure = async (postgresUrl: string, seats: number, root: string): Promise<Measure> => {
  const dir = mkdtempSync(join(tmpdir(), 'basket-onsale-cost-'));
  const catalog = join(dir, 'venue.json');
  writeVenue(catalog, { seats, holdMinutes: 15 });
  const venue = generateVenue({ seats, holdMinutes: 15 }) as {
    providers: Array<{
      products: Array<{ id: string; sections?: Array<{ id: string; rows: Array<{ seats: string[] }> }> }>;
    }>;
  };
  const sections =
    venue.providers.flatMap((p) => p.products).find((p) => p.id === venueIds.event)?.sections ?? [];
  const schema = `onsale_cost_${randomBytes(4).toString('hex')}`;
  const db = openPgPool(postgresUrl, { max: 2 });
  const server = await startServer(root, { url: postgresUrl, schema, catalog, secret: SECRET, poolSize: 10 });
  try {
    // The first half of the sections sold: one holder per 4 seats, as if bought by parties of four.
    const sold = sections.slice(0, Math.floor(sections.length / 2));
    const rows: Array<[string, string, number, number]> = [];
    sold.forEach((section, s) => {
      const ids = section.rows.flatMap((r) => r.seats);
      for (const [k, seat] of ids.entries()) {
        rows.push([`seat:${venueIds.event}:${seat}`, `sold-${s}-${Math.floor(k / 4)}`, 1, 1]);
      }
      for (let party = 0; party * 4 < ids.length; party += 1) {
        const holder = `sold-${s}-${party}`;
        const stripe = party % TALLY_STRIPES;
        const quantity = Math.min(4, ids.length - party * 4);
        rows.push([`section:${venueIds.event}:${section.id}#${stripe}`, holder, quantity, ids.length]);
      }
    });
    await db.transaction(async (tx) => {
      // The holds table takes writes from replace_holds alone (migration 19), unless told otherwise.
      await tx.query(`SELECT set_config('basket.writing_holds', 'on', true)`, []);
      await tx.query(
        `INSERT INTO ${schema}.holds (resource, holder, quantity, capacity, expires_at)
          SELECT r, h, q, c, NULL FROM unnest($1::text[], $2::text[], $3::int[], $4::int[]) AS u(r, h, q, c)`,
        [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3])],
      );
    });
    const token = await mintDevToken({ secret: SECRET, contactId: venueIds.contact(0), ttlSeconds: 3600 });
    const headers = { 'x-api-key': apiKeyOf('arena-web'), authorization: `Bearer ${token}` };
    const url = `http://127.0.0.1:${server.port}`;
    const select = async (): Promise<number> => {
      const basket = (await (await fetch(`${url}/baskets`, { method: 'POST', headers })).json()) as {
        id: string;
      };
      const started = performance.now();
      const answer = await fetch(
        `${url}/baskets/${basket.id}/products/${encodeURIComponent(venueIds.event)}/ticketing/select-seats`,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ rates: [{ rateId: venueIds.adult, quantity: 2 }] }),
        },
      );
      const { notificationId } = (await answer.json()) as { notificationId: string };
      for (;;) {
        const n = (await (
          await fetch(`${url}/notifications/${notificationId}?waitMs=10000`, { headers })
        ).json()) as {
          status: string;
        };
        if (n.status === 'Succeeded') return performance.now() - started;
        if (n.status === 'Failed') throw new Error(`a lone selection failed: ${JSON.stringify(n)}`);
      }
    };
    for (let i = 0; i < 10; i += 1) await select(); // warm-up
    const cpuBefore = (await server.stats()).cpuMicros;
    const postgresBefore = postgresCpuSeconds();
    const latencies: number[] = [];
    for (let i = 0; i < SELECTIONS; i += 1) latencies.push(await select());
    const postgresMs = ((postgresCpuSeconds() - postgresBefore) * 1000) / SELECTIONS;
    const cpuAfter = (await server.stats()).cpuMicros;
    return { seats, cpuMs: (cpuAfter - cpuBefore) / 1000 / SELECTIONS, postgresMs, p50: median(latencies) };
  } finally {
    await server.stop();
    await dropSchema(db, schema).catch(() => undefined);
    await db.close();
  }
};

/** Lines for docs/benchmarks.md: the cost per selection at 2,000 and 20,000 seats (before and after). */
export const selectionCost = async (postgresUrl: string, before?: string): Promise<string[]> => {
  const roots: Array<[string, string]> = [
    ...(before === undefined ? [] : ([['before', before]] as Array<[string, string]>)),
    ['after', resolve(import.meta.dirname, '../..')],
  ];
  const lines = [
    `Cost of one automatic selection (a lone buyer, ${SELECTIONS} selections of 2 seats one after the other, first half of the venue sold; server CPU per selection includes the createBasket before it and the long poll after it; PostgreSQL CPU is every postgres process's on this machine over the same selections):`,
    '',
    '| code | seats | server CPU ms/selection | PostgreSQL CPU ms/selection | p50 ms (select → Succeeded) | server CPU 20,000 : 2,000 | PostgreSQL CPU 20,000 : 2,000 |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const [label, root] of roots) {
    const small = await measure(postgresUrl, 2000, root);
    const large = await measure(postgresUrl, 20_000, root);
    for (const m of [small, large]) {
      lines.push(
        `| ${label} | ${m.seats.toLocaleString('en-GB')} | ${m.cpuMs.toFixed(2)} | ${m.postgresMs.toFixed(2)} | ${m.p50.toFixed(1)} | ${
          m === large ? `${(large.cpuMs / small.cpuMs).toFixed(2)}×` : ''
        } | ${m === large ? `${(large.postgresMs / small.postgresMs).toFixed(2)}×` : ''} |`,
      );
    }
    console.log(lines.slice(-2).join('\n'));
  }
  return lines;
};
