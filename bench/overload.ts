// Overload benchmark (not a test): create a basket and add a product (2 requests) at the
// sustainable load and at 4× it (4× the connections), on memory, with and without the server's limits
// (requests in flight and event-loop delay); then every accepted add is waited for: none may be lost.
// Run from the repository root: `npx tsx bench/overload.ts` (replaces its own section of
// docs/benchmarks.md).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { apiKeyOf } from '../packages/http/src/index';
import { mintDevToken } from '../packages/server/src/index';
import { startBenchServer } from './bench-server';
import { type BenchRequest, PIE } from './http-flows';

type Result = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  statusCodeStats: Record<string, { count: number }>;
};
const fromServer = createRequire(new URL('../packages/server/package.json', import.meta.url));
const autocannon = fromServer('autocannon') as (options: Record<string, unknown>) => Promise<Result>;

const SUSTAINABLE = Number(process.env.BASKET_BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BASKET_BENCH_DURATION_S ?? 5);
const LIMIT = Number(process.env.BASKET_BENCH_LIMIT ?? 64);
/** The limited row's event-loop delay limit, in ms. */
const DELAY_LIMIT = Number(process.env.BASKET_BENCH_DELAY_LIMIT_MS ?? 50);
const SECRET = 'overload-bench-secret-0123456789abcdef';
/** `BASKET_BENCH_STORAGE=postgres`: PostgreSQL at BASKET_BENCH_POSTGRES_URL, where requests wait on the pool. */
const STORAGE = process.env.BASKET_BENCH_STORAGE ?? 'memory';
const postgresUrl = process.env.BASKET_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Row = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  refused: number;
  accepted: number;
  completed: number;
};

/** The server's limits of a row; 0: none. */
type Limits = { readonly inFlight: number; readonly delayMs: number };

/** A row's load: connections, each sending its next request when answered, at most `rate` requests/s in all. */
type Load = { readonly connections: number; readonly rate?: number };

const measure = async (name: string, load: Load, limits: Limits): Promise<Row> => {
  console.log(name);
  const server = await startBenchServer({
    secret: SECRET,
    ...(STORAGE === 'postgres' ? { postgresUrl } : {}),
    maxRequestsInFlight: limits.inFlight,
    maxEventLoopDelayMs: limits.delayMs,
  });
  const url = server.url;
  // A warm-up first: the first seconds of a process run several times slower (JIT tiers).
  await autocannon({ url: `${url}/healthz`, connections: 10, duration: 3 });
  const token = await mintDevToken({ secret: SECRET, contactId: 'contact-alice', ttlSeconds: 3600 });
  const headers = { 'x-api-key': apiKeyOf('arena-web'), authorization: `Bearer ${token}` };
  const accepted: string[] = [];
  const chain: BenchRequest[] = [
    {
      method: 'POST',
      path: '/baskets',
      onResponse: (status, body, context) => {
        context.basketId = status === 200 ? String(JSON.parse(body).id) : '';
      },
    },
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ quantity: 1 }),
      setupRequest: (request, context) => ({
        ...request,
        // A refused create leaves no basket: the add then names none and is refused or 404s.
        path: `/baskets/${context.basketId || '00000000-0000-0000-0000-000000000000'}/products/${PIE}`,
      }),
      onResponse: (status, body) => {
        if (status === 200 || status === 202) accepted.push(String(JSON.parse(body).notificationId));
      },
    },
  ];
  const result = await autocannon({
    url,
    connections: load.connections,
    ...(load.rate === undefined ? {} : { overallRate: load.rate }),
    duration: DURATION,
    headers,
    requests: chain,
  });
  // Nothing accepted is lost: every accepted add completes (the catalog has stock for all of them).
  let completed = 0;
  for (const id of accepted) {
    const reply = await fetch(`${url}/notifications/${id}?waitMs=30000`, { headers });
    const status = ((await reply.json()) as { status?: string }).status;
    if (status === 'Succeeded' || status === 'Failed') completed += 1;
  }
  await server.stop();
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    refused: result.statusCodeStats['503']?.count ?? 0,
    accepted: accepted.length,
    completed,
  };
};

const none: Limits = { inFlight: 0, delayMs: 0 };
// The sustainable load: SUSTAINABLE connections, each waiting for its answer. Then 4× the
// connections, and 4× its rate offered by connections enough that they do not hold it back (clients
// that do not wait for each other, nor honour Retry-After), each without and with the limits.
const limited: Limits = { inFlight: LIMIT, delayMs: DELAY_LIMIT };
const limitsText = `at most ${LIMIT} in flight, event loop delayed at most ${DELAY_LIMIT} ms`;
const sustainable = await measure(`${SUSTAINABLE} connections, no limit`, { connections: SUSTAINABLE }, none);
const closed: Load = { connections: 4 * SUSTAINABLE };
const offered = Math.round(4 * sustainable.rps);
const open: Load = { connections: 16 * SUSTAINABLE, rate: offered };
const rows = [
  sustainable,
  await measure(`${closed.connections} connections (4×), no limit`, closed, none),
  await measure(`${closed.connections} connections (4×), ${limitsText}`, closed, limited),
  await measure(
    `${offered} requests/s offered (4×) by ${open.connections} connections, no limit`,
    open,
    none,
  ),
  await measure(`${offered} requests/s offered (4×), ${limitsText}`, open, limited),
];
const table = rows
  .map(
    (r) =>
      `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.refused} | ${r.accepted} | ${r.completed} |`,
  )
  .join('\n');
const section = `<!-- overload-bench-${STORAGE}:start -->
## Overload (bench/overload.ts, ${STORAGE})

\`npx tsx bench/overload.ts\` on ${new Date().toISOString().slice(0, 10)}, ${STORAGE === 'postgres' ? 'PostgreSQL' : 'memory'} storage, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}
shared with other work (load average ${loadavg()[0]?.toFixed(1)} at the end); the server in a process of its own, autocannon in another,
${DURATION} s per row, each connection creating a basket and adding a product (2 requests). Latencies are of
every answer, 503s included (they are immediate). "Accepted" counts adds answered with a notification;
"completed" how many of them were then read Succeeded or Failed: none may be missing.

| load | requests/s | p50 ms | p99 ms | 503 answers | adds accepted | of them completed |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${table}
<!-- overload-bench-${STORAGE}:end -->
`;
const docs = new URL('../docs/benchmarks.md', import.meta.url);
const current = readFileSync(docs, 'utf8');
const marked = new RegExp(
  `<!-- overload-bench-${STORAGE}:start -->[\\s\\S]*<!-- overload-bench-${STORAGE}:end -->\\n?`,
);
writeFileSync(
  docs,
  marked.test(current) ? current.replace(marked, section) : `${current.trimEnd()}\n\n${section}`,
);
console.log(section);
process.exit(0);
