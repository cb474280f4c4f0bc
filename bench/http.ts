// HTTP benchmarks (not tests): requests per second and p50/p99 latency (autocannon) of
// GET basket, add a product until its notification succeeded, and a whole purchase, on memory,
// PGlite and PostgreSQL, beside a bare Fastify route answering a basket-sized JSON in the same run.
// Run from the repository root: `pnpm bench:http` (replaces its own section of docs/benchmarks.md).
// The root has no package of its own: packages are imported by path, autocannon and fastify from
// @basket/server's dependencies.
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Storage } from '../packages/app/src/index';
import { apiKeyOf } from '../packages/http/src/index';
import { createBasketServer, createLogger, mintDevToken, readConfig } from '../packages/server/src/index';
import { createMemoryStorage } from '../packages/store-memory/src/index';
import {
  createPostgresStorage,
  dropSchema,
  openPglite,
  openPgPool,
} from '../packages/store-postgres/src/index';
import { autocannon, onMadeBaskets } from './autocannon';
import { benchCatalog } from './bench-catalog';
import { addProductChain, type BenchRequest, PIE, purchaseChain, sampleBasket } from './http-flows';

type Bare = {
  get: (path: string, handler: () => Promise<object>) => void;
  post: (path: string, handler: (request: { body: unknown }) => Promise<object>) => void;
  listen: (options: { port: number; host: string }) => Promise<string>;
  close: () => Promise<void>;
};
const fromServer = createRequire(new URL('../packages/server/package.json', import.meta.url));
const fastify = fromServer('fastify') as () => Bare;

const DURATION = Number(process.env.BASKET_BENCH_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.BASKET_BENCH_CONNECTIONS ?? 10);
const postgresUrl = process.env.BASKET_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECRET = 'http-bench-secret-0123456789abcdef0123';
const logger = createLogger('info', { write: () => undefined });

type Row = { name: string; rps: number; p50: number; p99: number; perOp?: number };

/** `BASKET_BENCH_ONLY=GET` measures only the rows whose name has it (the bare baseline always). */
const only = process.env.BASKET_BENCH_ONLY;
const skipped = (name: string) => only !== undefined && !name.includes(only) && !name.startsWith('bare');

const run = async (
  name: string,
  url: string,
  headers: Record<string, string>,
  requests: ReadonlyArray<BenchRequest>,
): Promise<Row | undefined> => {
  if (skipped(name)) return undefined;
  console.log(name);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, requests });
  if (result.non2xx > 0 || result.errors > 0)
    console.warn(`  ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const row: Row = { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  return requests.length > 1 ? { ...row, perOp: row.rps / requests.length } : row;
};

/** The three measures on one storage; answers them and the JSON of a basket with a few lines. */
const measure = async (
  kind: string,
  storage: Storage,
  catalogPath: string,
): Promise<{ rows: Row[]; sample: object }> => {
  // No event-loop delay limit: this measures throughput, where its 503s would be counted as answers.
  const config = readConfig({
    PORT: '0',
    BASKET_JWT_SECRET: SECRET,
    BASKET_CATALOG: catalogPath,
    BASKET_MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  if (!config.ok) throw new Error(config.error);
  const server = await createBasketServer(config.value, logger, {}, storage);
  const url = await server.http.listen({ port: 0, host: '127.0.0.1' });
  const token = await mintDevToken({ secret: SECRET, contactId: 'contact-alice', ttlSeconds: 3600 });
  const headers = { 'x-api-key': apiKeyOf('arena-web'), authorization: `Bearer ${token}` };
  const sample = await sampleBasket(url, headers);
  const basketId = String(Reflect.get(sample, 'id'));
  const etag = (
    await fetch(`${url}/baskets/${basketId}`, { headers }).then((r) => r.headers.get('etag'))
  )?.toString();
  // A warm-up first (JIT tiers, connection pools: the first seconds after start run several times slower on a loaded machine), measured by nobody.
  if (only === undefined || `${kind}: GET`.includes(only) || only.startsWith(kind))
    await autocannon({
      url: `${url}/baskets/${basketId}`,
      connections: CONNECTIONS,
      duration: Number(process.env.BASKET_BENCH_WARMUP_S ?? 10),
      headers,
    });
  const measured = [
    await run(`${kind}: GET /baskets/{id}`, url, headers, [{ method: 'GET', path: `/baskets/${basketId}` }]),
    await run(
      `${kind}: GET /baskets/{id} with If-None-Match (304)`,
      url,
      { ...headers, 'if-none-match': etag ?? '' },
      [{ method: 'GET', path: `/baskets/${basketId}` }],
    ),
    await run(`${kind}: add product until Succeeded (3 requests)`, url, headers, addProductChain),
    await addToMadeBaskets(kind, url, headers),
    await run(`${kind}: whole purchase (10 requests)`, url, headers, purchaseChain),
    await hotBasket(kind, url, headers),
  ];
  const rows = measured.filter((row): row is Row => row !== undefined);
  await server.close();
  return { rows, sample };
};

/** Issue 11's write operation, on baskets made beforehand (`onMadeBaskets`). */
const addToMadeBaskets = async (
  kind: string,
  url: string,
  headers: Record<string, string>,
): Promise<Row | undefined> => {
  const name = `${kind}: add product until Succeeded, baskets made before (2 requests)`;
  if (skipped(name)) return undefined;
  const operation = await onMadeBaskets({ url, headers, connections: CONNECTIONS, duration: DURATION });
  const row = await run(name, url, headers, operation.requests);
  console.log(`  ${operation.check()}`);
  return row;
};

/**
 * One hot basket: every connection adds a pie to the same basket; each answer comes with its
 * notification already completed, so adds/s is completed adds/s. Afterwards the pie's quantity on
 * the basket must equal the adds answered, give or take the requests in flight when the run stopped
 * (nothing lost, no backlog).
 */
const hotBasket = async (
  kind: string,
  url: string,
  headers: Record<string, string>,
): Promise<Row | undefined> => {
  const name = `${kind}: one hot basket, ${CONNECTIONS} connections adding (1 request)`;
  if (skipped(name)) return undefined;
  const json = { ...headers, 'content-type': 'application/json' };
  const created = (await (await fetch(`${url}/baskets`, { method: 'POST', headers })).json()) as {
    id: string;
  };
  const path = `/baskets/${created.id}/products/${PIE}`;
  console.log(name);
  let answered = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: json,
    requests: [
      {
        method: 'POST',
        path,
        body: JSON.stringify({ quantity: 1 }),
        onResponse: (status: number) => {
          if (status === 200 || status === 202) answered += 1;
        },
      },
    ],
  });
  const basket = (await (await fetch(`${url}/baskets/${created.id}`, { headers })).json()) as {
    providerBaskets: Array<{ lineItems: Array<{ consumable?: { quantity: number } }> }>;
  };
  const quantity = basket.providerBaskets
    .flatMap((b) => b.lineItems)
    .reduce((n, l) => n + (l.consumable?.quantity ?? 0), 0);
  // Requests in flight when the run stopped may have been applied without their answer being counted.
  if (quantity < answered || quantity > answered + CONNECTIONS)
    throw new Error(`hot basket: ${answered} adds answered, quantity ${quantity}`);
  console.log(`  ${answered} adds answered, quantity ${quantity}`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
};

/**
 * A bare Fastify route writing one row per request through `pg` (one INSERT, its own transaction):
 * the floor any durable write pays on this machine, the baseline of the write rows.
 */
const bareInsert = async (): Promise<Row> => {
  const pool = await openPgPool(postgresUrl);
  await pool.exec(
    'DROP TABLE IF EXISTS bench_bare_insert; CREATE TABLE bench_bare_insert (id bigserial PRIMARY KEY, body jsonb NOT NULL)',
  );
  const app = fastify();
  app.post('/write', async (request: { body: unknown }) => {
    await pool.query('INSERT INTO bench_bare_insert (body) VALUES ($1::jsonb)', [
      JSON.stringify(request.body),
    ]);
    return { written: true };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const row = await run(
    'bare Fastify + pg: POST one INSERT per request',
    url,
    { 'content-type': 'application/json' },
    [{ method: 'POST', path: '/write', body: JSON.stringify({ quantity: 1 }) }],
  );
  await app.close();
  await pool.exec('DROP TABLE bench_bare_insert');
  await pool.close();
  if (row === undefined) throw new Error('the baseline is always measured');
  return row;
};

/** A bare Fastify route answering `body`: the ceiling of this machine for a basket-sized answer. */
const bareFastify = async (body: object): Promise<Row> => {
  const app = fastify();
  app.get('/basket', async () => body);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const row = await run('bare Fastify: GET a basket-sized JSON', url, {}, [
    { method: 'GET', path: '/basket' },
  ]);
  await app.close();
  if (row === undefined) throw new Error('the baseline is always measured');
  return row;
};

const loadAtStart = loadavg()[0] ?? 0;
const dir = await mkdtemp(join(tmpdir(), 'basket-bench-http-'));
const catalogPath = benchCatalog(dir);
const memory = await measure('memory', createMemoryStorage(), catalogPath);
const baseline = await bareFastify(memory.sample);
const rows: Row[] = [baseline, ...memory.rows];
// `BASKET_BENCH_STORAGES=memory,postgres` leaves PGlite out.
const storages = (process.env.BASKET_BENCH_STORAGES ?? 'memory,pglite,postgres').split(',');
if (storages.includes('pglite')) {
  const pglite = await measure(
    'PGlite',
    await createPostgresStorage({ db: await openPglite(join(dir, 'pglite')) }),
    catalogPath,
  );
  rows.push(...pglite.rows);
}
if (storages.includes('postgres'))
  try {
    rows.push(await bareInsert());
    const pool = await openPgPool(postgresUrl);
    await dropSchema(pool, 'bench_http');
    const postgres = await measure(
      'PostgreSQL',
      await createPostgresStorage({ db: pool, schema: 'bench_http' }),
      catalogPath,
    );
    rows.push(...postgres.rows);
    const cleanup = await openPgPool(postgresUrl);
    await dropSchema(cleanup, 'bench_http');
    await cleanup.close();
  } catch (error) {
    console.warn(`PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
await rm(dir, { recursive: true, force: true });

const fmt = (n: number, digits = 0) => n.toFixed(digits);
const insertBaseline = rows.find((r) => r.name.startsWith('bare Fastify + pg'));
/** Writes: operations (or single-request adds) per second against the bare INSERT's requests per second. */
const ofInsert = (r: Row): string =>
  insertBaseline === undefined || !/add|purchase|INSERT/.test(r.name)
    ? ''
    : `${fmt(((r.perOp ?? r.rps) / insertBaseline.rps) * 100, 1)} %`;
const table = rows
  .map(
    (r) =>
      `| ${r.name} | ${fmt(r.rps)} | ${r.perOp === undefined ? '' : fmt(r.perOp, 1)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt((r.rps / baseline.rps) * 100, 1)} % | ${ofInsert(r)} |`,
  )
  .join('\n');
const section = `<!-- http-bench:start -->
## HTTP (bench/http.ts)

\`pnpm bench:http\` on ${new Date().toISOString().slice(0, 10)}: autocannon with ${CONNECTIONS} connections for ${DURATION} s per row;
the server and the load generator share one Node.js process on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'};
load average ${loadAtStart.toFixed(1)} at the start; provider latency 0; the service writes its JSON log line per request (to a null sink). Latencies are per request;
"ops/s" divides a chain's requests per second by its length. The last column compares requests per second with
a bare Fastify route answering the same basket's JSON (${JSON.stringify(memory.sample).length} bytes), measured in the same run; the
last compares the operations per second of a write row (adds per second for the hot basket) with the requests per second
of a bare Fastify route writing one row through \`pg\` per request (one INSERT, its own transaction), same run.

| what | requests/s | ops/s | p50 ms | p99 ms | of bare Fastify | ops/s of bare INSERT |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${table}
<!-- http-bench:end -->
`;
const docs = new URL('../docs/benchmarks.md', import.meta.url);
let current: string;
try {
  current = readFileSync(docs, 'utf8');
} catch {
  current = '# Benchmarks\n';
}
const marked = /<!-- http-bench:start -->[\s\S]*<!-- http-bench:end -->\n?/;
// A partial run (BASKET_BENCH_ONLY) prints its table and leaves the page alone.
if (only === undefined)
  writeFileSync(
    docs,
    marked.test(current) ? current.replace(marked, section) : `${current.trimEnd()}\n\n${section}`,
  );
console.log(section);
process.exit(0);
