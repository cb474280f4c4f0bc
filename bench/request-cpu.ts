// Server CPU per request (not a test): the CPU time (user + system, all threads) the server process
// spends per request of each kind, measured over N requests after a warm-up of the same kind, against
// `GET /healthz` in the same run (Fastify, the service's hooks and its log line, no authentication and
// no storage: the floor of a request here). CPU time, not throughput: it depends far less on what else
// the machine runs. Run from the repository root: `npx tsx bench/request-cpu.ts` (replaces its own
// section of docs/benchmarks.md). BASKET_BENCH_REQUESTS (3000) and BASKET_BENCH_WARMUP (2000) per kind;
// BASKET_BENCH_BUILT=1 runs the server from the built packages (`pnpm build` first) instead of the
// sources through tsx, as deployed; BASKET_BENCH_NO_DOCS=1 prints the table without writing it.
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiKeyOf } from '../packages/http/src/index';
import { mintDevToken } from '../packages/server/src/index';
import { benchCatalog } from './bench-catalog';
import { startBenchServer } from './bench-server';
import { PIE } from './http-flows';

const REQUESTS = Number(process.env.BASKET_BENCH_REQUESTS ?? 3000);
const BUILT = process.env.BASKET_BENCH_BUILT === '1';
const WARMUP = Number(process.env.BASKET_BENCH_WARMUP ?? 2000);
/** Requests under way at once: enough to keep the server busy, few enough not to queue. */
const CONCURRENCY = 8;
const SECRET = 'request-cpu-bench-secret-0123456789abcdef';
const postgresUrl = process.env.BASKET_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Row = { readonly kind: string; readonly micros: number };

/** Runs `count` requests, CONCURRENCY at a time; `send(i)` makes request i. */
const runMany = async (count: number, send: (i: number) => Promise<void>): Promise<void> => {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await send(next++);
    }),
  );
};

const measure = async (storage: 'memory' | 'postgres', catalogPath: string): Promise<Row[]> => {
  const server = await startBenchServer(
    {
      secret: SECRET,
      ...(storage === 'postgres' ? { postgresUrl, schema: 'bench_request_cpu' } : {}),
      catalogPath,
      maxRequestsInFlight: 0,
      maxEventLoopDelayMs: 0,
    },
    { built: BUILT },
  );
  const token = await mintDevToken({ secret: SECRET, contactId: 'contact-alice', ttlSeconds: 3600 });
  const headers = { 'x-api-key': apiKeyOf('arena-web'), authorization: `Bearer ${token}` };
  const json = { ...headers, 'content-type': 'application/json' };
  const baskets: string[] = [];
  const notifications: string[] = [];
  const ok = async (response: Response): Promise<unknown> => {
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    return response.status === 204 ? undefined : response.json();
  };
  const kinds: ReadonlyArray<[string, (i: number) => Promise<void>]> = [
    ['GET /healthz (baseline)', async () => void (await ok(await fetch(`${server.url}/healthz`)))],
    [
      'POST /baskets',
      async () => {
        const body = (await ok(await fetch(`${server.url}/baskets`, { method: 'POST', headers }))) as {
          id: string;
        };
        baskets.push(body.id);
      },
    ],
    [
      'POST add product (answered with its notification completed)',
      async (i) => {
        const basket = baskets[i % baskets.length];
        const response = await fetch(`${server.url}/baskets/${basket}/products/${PIE}`, {
          method: 'POST',
          headers: json,
          body: '{"quantity":1}',
        });
        notifications.push(((await ok(response)) as { notificationId: string }).notificationId);
      },
    ],
    [
      'GET /notifications/{id}?waitMs=10000 (completed)',
      async (i) => {
        const id = notifications[i % notifications.length];
        await ok(await fetch(`${server.url}/notifications/${id}?waitMs=10000`, { headers }));
      },
    ],
    [
      'GET /baskets/{id}',
      async (i) =>
        void (await ok(await fetch(`${server.url}/baskets/${baskets[i % baskets.length]}`, { headers }))),
    ],
  ];
  const rows: Row[] = [];
  try {
    for (const [kind, send] of kinds) {
      console.log(`${storage}: ${kind}`);
      await runMany(WARMUP, send);
      const before = await server.cpuMicros();
      await runMany(REQUESTS, (i) => send(WARMUP + i));
      rows.push({ kind, micros: ((await server.cpuMicros()) - before) / REQUESTS });
    }
  } finally {
    await server.stop();
  }
  return rows;
};

const dir = await mkdtemp(join(tmpdir(), 'basket-bench-cpu-'));
const catalogPath = benchCatalog(dir);
const load = loadavg()[0] ?? 0;
const results = [
  { storage: 'memory', rows: await measure('memory', catalogPath) },
  { storage: 'PostgreSQL', rows: await measure('postgres', catalogPath) },
];
const lines = results.flatMap(({ storage, rows }) => {
  const baseline = rows[0]?.micros ?? Number.NaN;
  return rows.map(
    (row) =>
      `| ${storage} | ${row.kind} | ${Math.round(row.micros)} | ${(row.micros / baseline).toFixed(2)}× |`,
  );
});
const section = `<!-- request-cpu-bench:start -->
## Server CPU per request (bench/request-cpu.ts)

\`${BUILT ? 'BASKET_BENCH_BUILT=1 ' : ''}npx tsx bench/request-cpu.ts\` on ${new Date().toISOString().slice(0, 16)}Z, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}
(load average ${load.toFixed(1)} at the start). The server runs in a process of its own (${BUILT ? 'the built packages' : 'the sources through tsx'}); its CPU time
(user + system, every thread) over ${REQUESTS} requests of each kind, after ${WARMUP} of the same kind, ${CONCURRENCY}
at a time, divided by ${REQUESTS}. The adds go to the baskets just created, round robin; the notification
reads are of those adds. PostgreSQL's own CPU is not counted (bench/command-path.ts measures it).

| storage | request | server CPU µs per request | of GET /healthz |
| --- | --- | ---: | ---: |
${lines.join('\n')}
<!-- request-cpu-bench:end -->
`;
console.log(section);
if (process.env.BASKET_BENCH_NO_DOCS === '1') process.exit(0);
const docs = new URL('../docs/benchmarks.md', import.meta.url);
const current = readFileSync(docs, 'utf8');
const marked = /<!-- request-cpu-bench:start -->[\s\S]*<!-- request-cpu-bench:end -->\n?/;
writeFileSync(
  docs,
  marked.test(current) ? current.replace(marked, section) : `${current.trimEnd()}\n\n${section}`,
);
process.exit(0);
