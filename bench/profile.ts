// CPU profiles of the server (not a test): `npx tsx bench/profile.ts` starts the server in a
// process of its own (bench/server-process.ts) on memory and on PostgreSQL, drives GET /baskets/{id},
// GET /notifications/{id} and add-product-until-Succeeded at it with autocannon, profiles the server
// during the measured seconds only (after a warm-up), and writes each profile's top entries by self
// time to bench/profiles/<flow>-<storage>.txt, with the run's throughput and the server's CPU per
// request.
// The server runs the built packages (`pnpm build` first), so that functions keep their names.
// BASKET_BENCH_STORAGES / BASKET_BENCH_FLOWS pick rows (comma lists); BASKET_BENCH_KEEP_PROFILE=<dir>
// also keeps each whole `.cpuprofile` there (for inclusive times or a flame graph).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiKeyOf } from '../packages/http/src/index';
import { mintDevToken } from '../packages/server/src/index';
import { onMadeBaskets } from './autocannon';
import { benchCatalog } from './bench-catalog';
import { startBenchServer } from './bench-server';
import { topSelfTime } from './cpu-profile';
import { addProductChain, type BenchRequest, PIE, sampleBasket } from './http-flows';

const POSTGRES_URL = process.env.BASKET_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WARM_UP_S = 5;
const DURATION_S = Number(process.env.BASKET_BENCH_DURATION_S ?? 10);
const CONNECTIONS = 50;
const TOP = 30;
const SECRET = 'profile-bench-secret-0123456789abcdef';

type Result = { requests: { average: number }; non2xx: number; errors: number };
const fromServer = createRequire(new URL('../packages/server/package.json', import.meta.url));
const autocannon = fromServer('autocannon') as (options: Record<string, unknown>) => Promise<Result>;

const catalogPath = benchCatalog(mkdtempSync(join(tmpdir(), 'profile-bench-')));
const token = await mintDevToken({ secret: SECRET, contactId: 'contact-alice', ttlSeconds: 3600 });
const headers = { 'x-api-key': apiKeyOf('arena-web'), authorization: `Bearer ${token}` };

type Flow = {
  readonly name: string;
  readonly what: string;
  /** The requests of one operation, for a server at `url`. */
  readonly requests: (url: string) => Promise<ReadonlyArray<BenchRequest>>;
};

const flows: ReadonlyArray<Flow> = [
  {
    name: 'get-basket',
    what: 'GET /baskets/{id} of a basket with a pie and a shirt (one request per operation)',
    requests: async (url) => {
      const basket = (await sampleBasket(url, headers)) as { id?: string };
      return [{ method: 'GET', path: `/baskets/${String(basket.id)}` }];
    },
  },
  {
    name: 'get-notification',
    what: 'GET /notifications/{id}?waitMs=10000 of a completed add (one request per operation)',
    requests: async (url) => {
      const basket = (await (await fetch(`${url}/baskets`, { method: 'POST', headers })).json()) as {
        id: string;
      };
      const added = (await (
        await fetch(`${url}/baskets/${basket.id}/products/${PIE}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ quantity: 1 }),
        })
      ).json()) as { notificationId: string };
      return [{ method: 'GET', path: `/notifications/${added.notificationId}?waitMs=10000` }];
    },
  },
  {
    name: 'add-to-made-basket',
    what: "issue 11's write operation: add a pie to a basket made beforehand, read its notification with waitMs (two requests per operation)",
    requests: async (url) =>
      (await onMadeBaskets({ url, headers, connections: CONNECTIONS, duration: WARM_UP_S + DURATION_S }))
        .requests,
  },
  {
    name: 'add-product',
    what: 'createBasket, add a pie, read its notification with waitMs (three requests per operation)',
    requests: async () => addProductChain,
  },
];

const chosen = (variable: string, all: ReadonlyArray<string>) => process.env[variable]?.split(',') ?? all;
const storages = chosen('BASKET_BENCH_STORAGES', ['memory', 'postgres']);
const flowNames = chosen(
  'BASKET_BENCH_FLOWS',
  flows.map((flow) => flow.name),
);

for (const storage of ['memory', 'postgres'] as const) {
  if (!storages.includes(storage)) continue;
  for (const flow of flows) {
    if (!flowNames.includes(flow.name)) continue;
    const server = await startBenchServer(
      {
        secret: SECRET,
        ...(storage === 'postgres' ? { postgresUrl: POSTGRES_URL, schema: 'bench_profile' } : {}),
        catalogPath,
        maxRequestsInFlight: 0,
        maxEventLoopDelayMs: 0,
      },
      { built: true },
    );
    try {
      const requests = await flow.requests(server.url);
      const run = (duration: number) =>
        autocannon({ url: server.url, connections: CONNECTIONS, duration, headers, requests });
      await run(WARM_UP_S);
      const cpuBefore = await server.cpuMicros();
      const profiling = await server.profile();
      const result = await run(DURATION_S);
      const profile = await profiling.stop();
      // BASKET_BENCH_KEEP_PROFILE=<dir>: the whole profile too, for a closer look (inclusive times).
      const keep = process.env.BASKET_BENCH_KEEP_PROFILE;
      if (keep !== undefined) writeFileSync(join(keep, `${flow.name}-${storage}.cpuprofile`), profile);
      const cpu = (await server.cpuMicros()) - cpuBefore;
      const perSecond = result.requests.average;
      const served = perSecond * DURATION_S;
      const lines = [
        `# CPU profile of the server process, top ${TOP} functions by self time (shares of the samples in`,
        '# which its thread ran; idle left out). `npx tsx bench/profile.ts`',
        `# ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load average ${loadavg()[0]?.toFixed(1)}`,
        `# ${storage}: ${flow.what}; ${CONNECTIONS} connections, ${DURATION_S} s after ${WARM_UP_S} s of warm-up.`,
        `# ${perSecond.toFixed(0)} requests/s, ${(cpu / Math.max(1, served)).toFixed(0)} µs of server CPU per request (profiler on), non-2xx ${result.non2xx}, errors ${result.errors}.`,
        ...topSelfTime(profile, TOP),
      ];
      writeFileSync(
        new URL(`./profiles/${flow.name}-${storage}.txt`, import.meta.url),
        `${lines.join('\n')}\n`,
      );
      console.log(lines.slice(3, 5).join('\n'));
    } finally {
      await server.stop();
    }
  }
}
