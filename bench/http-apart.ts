// Issue 11's HTTP figures with the service in a process of its own (not a test): bench/http.ts runs
// the service, its baselines and autocannon in one Node.js process; here the service (memory, then
// PostgreSQL) and the baselines (bare Fastify answering a basket-sized JSON, and writing one row
// per request through `pg`) each run in a process of their own, and autocannon in this one, as a
// deployed service meets its clients. Every figure is a ratio within this run.
// `npx tsx --conditions=@basket/source bench/http-apart.ts` (replaces its section of docs/benchmarks.md);
// with BASKET_BENCH_BUILT=1 the service runs the built packages (`pnpm build` first), as the `basket`
// command does, instead of the sources through tsx.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiKeyOf } from '../packages/http/src/index';
import { mintDevToken } from '../packages/server/src/index';
import { dropSchema, openPgPool } from '../packages/store-postgres/src/index';
import { autocannon, onMadeBaskets } from './autocannon';
import { benchCatalog } from './bench-catalog';
import { type BenchServer, startBenchServer } from './bench-server';
import { type BenchRequest, sampleBasket } from './http-flows';

const DURATION = Number(process.env.BASKET_BENCH_DURATION_S ?? 10);
const WARM_UP = Number(process.env.BASKET_BENCH_WARMUP_S ?? 10);
const CONNECTIONS = Number(process.env.BASKET_BENCH_CONNECTIONS ?? 50);
const POSTGRES_URL = process.env.BASKET_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECRET = 'http-apart-bench-secret-0123456789abcdef';
const BUILT = process.env.BASKET_BENCH_BUILT === '1';

type Row = {
  readonly name: string;
  readonly rps: number;
  readonly perOp: number;
  readonly p50: number;
  readonly p99: number;
};

const measure = async (
  name: string,
  url: string,
  headers: Record<string, string>,
  requests: ReadonlyArray<BenchRequest>,
  duration = DURATION,
): Promise<Row> => {
  console.log(name);
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers, requests });
  if (result.errors > 0) throw new Error(`${name}: ${result.errors} errors`);
  const rps = result.requests.average;
  return { name, rps, perOp: rps / requests.length, p50: result.latency.p50, p99: result.latency.p99 };
};

/** A bare baseline process (bench/bare-process.ts) answering `body`, writing rows when given a URL. */
const startBare = (body: object, postgresUrl?: string): Promise<{ url: string; stop: () => Promise<void> }> =>
  new Promise((done, fail) => {
    const child = fork(
      new URL('./bare-process.ts', import.meta.url),
      [JSON.stringify({ body, postgresUrl })],
      {
        execArgv: ['--conditions=@basket/source', '--import', 'tsx'],
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      },
    );
    const exited = new Promise<void>((end) => child.once('exit', () => end()));
    child.once('exit', (code) => fail(new Error(`the bare server exited (${code}) before listening`)));
    child.once('message', (message: { port?: number }) =>
      done({
        url: `http://127.0.0.1:${message.port ?? 0}`,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      }),
    );
  });

/** The write operation as issue 11 defines it, on baskets made beforehand (`onMadeBaskets`). */
const addUntilSucceeded = async (kind: string, server: BenchServer, headers: Record<string, string>) => {
  const operation = await onMadeBaskets({
    url: server.url,
    headers,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const row = await measure(
    `${kind}: add product until Succeeded (2 requests)`,
    server.url,
    headers,
    operation.requests,
  );
  console.log(`  ${operation.check()}`);
  return row;
};

/** GET of a sample basket and the write operation, on one storage's service process. */
const serviceRows = async (kind: string, server: BenchServer, headers: Record<string, string>) => {
  const sample = await sampleBasket(server.url, headers);
  const get: BenchRequest = { method: 'GET', path: `/baskets/${String(Reflect.get(sample, 'id'))}` };
  await measure(`${kind}: warm-up`, server.url, headers, [get], WARM_UP);
  const rows = [await measure(`${kind}: GET /baskets/{id}`, server.url, headers, [get])];
  rows.push(await addUntilSucceeded(kind, server, headers));
  return { rows, sample };
};

const loadAtStart = loadavg()[0] ?? 0;
const token = await mintDevToken({ secret: SECRET, contactId: 'contact-alice', ttlSeconds: 3600 });
const headers = { 'x-api-key': apiKeyOf('arena-web'), authorization: `Bearer ${token}` };
const catalogPath = benchCatalog(mkdtempSync(join(tmpdir(), 'http-apart-bench-')));
const task = { secret: SECRET, catalogPath, maxRequestsInFlight: 0, maxEventLoopDelayMs: 0 };

const memoryServer = await startBenchServer(task, { built: BUILT });
const memory = await serviceRows('memory', memoryServer, headers);
await memoryServer.stop();
const bare = await startBare(memory.sample, POSTGRES_URL);
await measure('bare: warm-up', bare.url, {}, [{ method: 'GET', path: '/basket' }], WARM_UP);
const bareGet = await measure('bare Fastify: GET a basket-sized JSON', bare.url, {}, [
  { method: 'GET', path: '/basket' },
]);
const write: BenchRequest = {
  method: 'POST',
  path: '/write',
  headers: { 'content-type': 'application/json' },
  body: '{"quantity":1}',
};
const bareInsert = await measure('bare Fastify + pg: POST one INSERT per request', bare.url, {}, [write]);
await bare.stop();
const postgresServer = await startBenchServer(
  { ...task, postgresUrl: POSTGRES_URL, schema: 'bench_apart' },
  { built: BUILT },
);
const postgres = await serviceRows('PostgreSQL', postgresServer, headers);
await postgresServer.stop();
const cleanup = openPgPool(POSTGRES_URL);
await dropSchema(cleanup, 'bench_apart');
await cleanup.close();

const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)} %`;
const line = (row: Row, ofGet: string, ofInsert: string) =>
  `| ${row.name} | ${row.rps.toFixed(0)} | ${row.perOp === row.rps ? '' : row.perOp.toFixed(1)} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${ofGet} | ${ofInsert} |`;
const [memoryGet, memoryAdd] = memory.rows as [Row, Row];
const [postgresGet, postgresAdd] = postgres.rows as [Row, Row];
const table = [
  line(bareGet, '100.0 %', ''),
  line(memoryGet, pct(memoryGet.rps, bareGet.rps), ''),
  line(memoryAdd, '', ''),
  line(bareInsert, '', '100.0 %'),
  line(postgresGet, pct(postgresGet.rps, bareGet.rps), ''),
  line(postgresAdd, '', pct(postgresAdd.perOp, bareInsert.rps)),
].join('\n');
const section = `<!-- http-apart-bench:start -->
### The service in a process of its own (bench/http-apart.ts)

\`${BUILT ? 'BASKET_BENCH_BUILT=1 ' : ''}npx tsx bench/http-apart.ts\` on ${new Date().toISOString().slice(0, 16)}Z, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, load
average ${loadAtStart.toFixed(1)} at the start: the service (memory, then PostgreSQL) and the bare baselines each in a
Node.js process of its own, autocannon (${CONNECTIONS} connections, ${DURATION} s per row after ${WARM_UP} s of warm-up) in
the benchmark's; PostgreSQL on the same two cores; the service runs ${BUILT ? 'the built packages' : 'the sources through tsx'}. The write operation is issue 11's: an add and
the read of its notification until Succeeded, each on a basket made beforehand (every one checked
Succeeded). "of bare GET" compares requests per second with bare Fastify answering the same
basket's JSON; "ops/s of bare INSERT" the operations per second with the requests per second of a
bare route writing one row through \`pg\` per request.

| what | requests/s | ops/s | p50 ms | p99 ms | of bare GET | ops/s of bare INSERT |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${table}
<!-- http-apart-bench:end -->
`;
const docs = new URL('../docs/benchmarks.md', import.meta.url);
const current = readFileSync(docs, 'utf8');
const marked = /<!-- http-apart-bench:start -->[\s\S]*<!-- http-apart-bench:end -->\n?/;
writeFileSync(
  docs,
  marked.test(current)
    ? current.replace(marked, section)
    : current.replace('<!-- issue-11-summary:end -->', `${section}\n<!-- issue-11-summary:end -->`),
);
console.log(section);
process.exit(0);
