// Benchmark of the command path on PostgreSQL (not a test): transactions and statements per
// add-product, and add-until-Succeeded operations per second at 50 connections (autocannon).
// Runs the service of the tree at BASKET_BENCH_ROOT (default: this one), so that two trees are
// measured in one session: `npx tsx bench/command-path.ts` and, with a worktree of an older commit
// (`git worktree add /tmp/before <commit>`, `pnpm install` there), `BASKET_BENCH_ROOT=/tmp/before
// npx tsx bench/command-path.ts`. Prints one JSON line of figures; docs/benchmarks.md quotes them.
// Transactions are counted twice: server-side from pg_stat_database.xact_commit of a database of
// the benchmark alone (`basket_bench`), and client-side by wrapping the storage's connection pool;
// round trips and statements at the tree's `pg` client. All subtract what the service's background
// loops (outbox relay, recovery) do while idle.
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchCatalog } from './bench-catalog';
import { addProductChain, PIE } from './http-flows';
import type { LoadTask } from './load-process';
import { postgresCpuSeconds } from './postgres-cpu';

const root = resolve(process.env.BASKET_BENCH_ROOT ?? resolve(import.meta.dirname, '..'));
const adminUrl = process.env.BASKET_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const benchUrl = adminUrl.replace(/\/[^/]*$/, '/basket_bench');
const CONNECTIONS = Number(process.env.BASKET_BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BASKET_BENCH_DURATION_S ?? 10);
const SEQUENTIAL = Number(process.env.BASKET_BENCH_SEQUENTIAL ?? 300);
const SECRET = 'http-bench-secret-0123456789abcdef0123';
/** Skips the per-operation transaction counts (about a minute of waiting for PostgreSQL's counters). */
const THROUGHPUT_ONLY = process.env.BASKET_BENCH_THROUGHPUT_ONLY === '1';
/**
 * `own`: the load generator runs in a process of its own (bench/load-process.ts, this tree's
 * autocannon), as clients would, and the Node.js CPU per operation is the server's alone; default
 * `same`: in this process, beside the server, as the figures of docs/benchmarks.md before 2026-11-29.
 */
const LOAD_PROCESS = process.env.BASKET_BENCH_LOAD_PROCESS === 'own' ? 'own' : 'same';

type Rows = ReadonlyArray<Record<string, unknown>>;
type Opening = { lock: unknown; reads?: ReadonlyArray<string> };
type Tx = Omit<Db, 'transaction' | 'close'> & { commitWith?: (sql: string) => Promise<void> };
type Db = {
  query: (sql: string, params?: ReadonlyArray<unknown>) => Promise<Rows>;
  exec: (sql: string) => Promise<void>;
  // Trees before the opening reads ignore `opening` and pass no `opened`.
  transaction: <T>(fn: (tx: Tx, opened?: ReadonlyArray<Rows>) => Promise<T>, opening?: Opening) => Promise<T>;
  close: () => Promise<void>;
};
const server = (await import(`${root}/packages/server/src/index.ts`)) as {
  createBasketServer: (...args: unknown[]) => Promise<{
    http: { listen: (o: object) => Promise<string> };
    close: () => Promise<void>;
  }>;
  createLogger: (level: string, sink: object) => unknown;
  mintDevToken: (o: object) => Promise<string>;
  readConfig: (env: object) => { ok: boolean; value?: unknown; error?: string };
};
const store = (await import(`${root}/packages/store-postgres/src/index.ts`)) as {
  createPostgresStorage: (o: object) => Promise<unknown>;
  openPgPool: (url: string, o?: object) => Db;
  dropSchema: (db: Db, schema: string) => Promise<void>;
};
const { apiKeyOf } = (await import(`${root}/packages/http/src/index.ts`)) as {
  apiKeyOf: (s: string) => string;
};
/** Runs `task` in bench/load-process.ts and answers autocannon's result and that process's CPU time. */
const loadElsewhere = (task: LoadTask): Promise<{ result: Result; loadCpuMicros: number }> =>
  new Promise((done, fail) => {
    const child = fork(new URL('./load-process.ts', import.meta.url), [JSON.stringify(task)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (message: { result: Result; cpuMicros: number }) =>
      done({ result: message.result, loadCpuMicros: message.cpuMicros }),
    );
    child.once('exit', (code) => fail(new Error(`the load process exited (${code}) without a result`)));
  });
const fromServer = createRequire(resolve(root, 'packages/server/package.json'));
type Result = { requests: { average: number }; non2xx: number; errors: number };
const autocannon = fromServer('autocannon') as (options: Record<string, unknown>) => Promise<Result>;

type PgClient = {
  connect: () => Promise<void>;
  query: (sql: string) => Promise<{ rows: Array<Record<string, unknown>>; rowCount: number | null }>;
  end: () => Promise<void>;
};
const pg = createRequire(resolve(import.meta.dirname, '../packages/store-postgres/package.json'))('pg') as {
  Client: new (options: { connectionString: string }) => PgClient;
};
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
// A new database for every run: on one kept from run to run, each run costs more than the one
// before, and two trees measured one after the other would not compare.
await admin.query('DROP DATABASE IF EXISTS basket_bench');
await admin.query('CREATE DATABASE basket_bench');
const xactCommits = async (): Promise<number> => {
  // Backends publish their counters when idle, at the latest 10 s later: let them.
  await new Promise((done) => setTimeout(done, 11_000));
  await admin.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await admin.query(
    `SELECT xact_commit::bigint AS n FROM pg_stat_database WHERE datname = 'basket_bench'`,
  );
  return Number(rows[0]?.n ?? 0);
};

/**
 * Counts of what the service sends: transactions (explicit, and implicit single statements) from
 * the pool's interface, and round trips and statements where they leave, at the `pg` client of the
 * tree under test (each `query` call is one round trip: a simple query of several statements, or an
 * extended-protocol query whose messages `pg` sends together).
 */
const counts = { transactions: 0, statements: 0, explicit: 0, roundTrips: 0, bytes: 0 };
const treePg = createRequire(resolve(root, 'packages/store-postgres/package.json'))('pg') as {
  Client: { prototype: { query: (...args: unknown[]) => unknown } };
};
const clientQuery = treePg.Client.prototype.query;
treePg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
  // The bench's own client (the same module when the tree is this one) is not the service.
  if (this === admin) return clientQuery.apply(this, args);
  const [first] = args;
  const text = typeof first === 'string' ? first : undefined;
  counts.roundTrips += 1;
  counts.bytes += text?.length ?? 0;
  counts.statements += text === undefined ? 1 : text.split(/;\s*\n/).filter((s) => s.trim() !== '').length;
  return clientQuery.apply(this, args);
};
const counted = (db: Db): Db => ({
  ...db,
  query: (sql, params) => {
    counts.transactions += 1;
    return db.query(sql, params);
  },
  transaction: (fn, opening) => {
    counts.transactions += 1;
    counts.explicit += 1;
    return db.transaction(fn, opening);
  },
});

const schema = 'bench_command_path';
const pool = store.openPgPool(benchUrl, {
  max: Number(process.env.BASKET_BENCH_POOL ?? 20),
  // Trees before batched transactions ignore it.
  ...(process.env.BASKET_BENCH_BATCHES === undefined
    ? {}
    : { batchesInFlight: Number(process.env.BASKET_BENCH_BATCHES) }),
});
await store.dropSchema(pool, schema);
const storage = await store.createPostgresStorage({ db: counted(pool), schema });
// No event-loop delay limit (a tree before it ignores the variable): throughput is measured here.
const config = server.readConfig({
  PORT: '0',
  BASKET_JWT_SECRET: SECRET,
  BASKET_MAX_EVENT_LOOP_DELAY_MS: '0',
  // Stock no run exhausts: every add of the run succeeds and holds (the demo's 500 pies ran out
  // after a few seconds, and the adds after them were refusals that write no holds).
  BASKET_CATALOG: benchCatalog(mkdtempSync(join(tmpdir(), 'command-path-'))),
});
if (!config.ok) throw new Error(config.error);
const logger = server.createLogger('info', { write: () => undefined });
const basketServer = await server.createBasketServer(config.value, logger, {}, storage);
const url = await basketServer.http.listen({ port: 0, host: '127.0.0.1' });
const token = await server.mintDevToken({ secret: SECRET, contactId: 'contact-alice', ttlSeconds: 3600 });
const headers = {
  'x-api-key': apiKeyOf('arena-web'),
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
};

const call = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${url}${path}`, {
    method,
    headers:
      body === undefined
        ? { 'x-api-key': headers['x-api-key'], authorization: headers.authorization }
        : headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Record<string, unknown>;
};

// Baskets to add to, made before counting.
const baskets: string[] = [];
for (let i = 0; i < SEQUENTIAL; i += 1) {
  const created = await call('POST', '/baskets');
  if (typeof created.id !== 'string') throw new Error(`createBasket failed: ${JSON.stringify(created)}`);
  baskets.push(created.id);
}

/** Transactions (server- and client-side) and statements per unit of `work`, less the idle rate. */
const per = async (units: number, work: () => Promise<void>) => {
  const idleStart = await xactCommits();
  const idleClient = { ...counts };
  const idleFrom = Date.now();
  await new Promise((done) => setTimeout(done, 3000));
  const idleEnd = await xactCommits();
  const idleMs = Date.now() - idleFrom;
  const idleRate = {
    server: (idleEnd - idleStart - 1) / idleMs,
    transactions: (counts.transactions - idleClient.transactions) / idleMs,
    statements: (counts.statements - idleClient.statements) / idleMs,
    roundTrips: (counts.roundTrips - idleClient.roundTrips) / idleMs,
  };
  const before = await xactCommits();
  const client = { ...counts };
  const from = Date.now();
  await work();
  const after = await xactCommits();
  const ms = Date.now() - from;
  return {
    serverXactPerOp: (after - before - 1 - idleRate.server * ms) / units,
    clientTransactionsPerOp: (counts.transactions - client.transactions - idleRate.transactions * ms) / units,
    clientStatementsPerOp: (counts.statements - client.statements - idleRate.statements * ms) / units,
    clientRoundTripsPerOp: (counts.roundTrips - client.roundTrips - idleRate.roundTrips * ms) / units,
    explicitTransactionsPerOp: (counts.explicit - client.explicit) / units,
  };
};

// One add-product request each (sequential, so nothing overlaps), with its processing to the end.
const skipped = {
  serverXactPerOp: Number.NaN,
  clientTransactionsPerOp: Number.NaN,
  clientStatementsPerOp: Number.NaN,
  clientRoundTripsPerOp: Number.NaN,
  explicitTransactionsPerOp: Number.NaN,
};
const addProduct = THROUGHPUT_ONLY
  ? skipped
  : await per(SEQUENTIAL, async () => {
      for (const basketId of baskets) {
        const answer = await call('POST', `/baskets/${basketId}/products/${PIE}`, { quantity: 1 });
        let done = await call('GET', `/notifications/${String(answer.notificationId)}?waitMs=30000`);
        while (done.status === 'Pending') {
          done = await call('GET', `/notifications/${String(answer.notificationId)}?waitMs=30000`);
        }
        if (done.status !== 'Succeeded')
          throw new Error(`add-product did not succeed: ${JSON.stringify([answer, done])}`);
      }
    });
// The settle read above is a read: count it out by measuring it alone.
const settleOnly = THROUGHPUT_ONLY
  ? skipped
  : await per(SEQUENTIAL, async () => {
      for (const basketId of baskets) await call('GET', `/baskets/${basketId}`);
    });

// Under a loaded machine requests per second measure the machine's share more than the code: the
// process's own CPU time per operation (server and load generator together) is measured beside it.
// PostgreSQL's transactions during the run (full runs only: the counters take 11 s to settle),
// per operation: below the 2 write transactions of an operation when transactions run in batches.
const xactBefore = THROUGHPUT_ONLY ? 0 : await xactCommits();
const cpuBefore = process.cpuUsage();
const postgresBefore = postgresCpuSeconds();
const roundTripsBefore = counts.roundTrips;
const bytesBefore = counts.bytes;
const load: LoadTask = {
  url,
  connections: CONNECTIONS,
  duration: DURATION,
  headers: { 'x-api-key': headers['x-api-key'], authorization: headers.authorization },
};
const { result, loadCpuMicros } =
  LOAD_PROCESS === 'own'
    ? await loadElsewhere(load)
    : { result: await autocannon({ ...load, requests: addProductChain }), loadCpuMicros: null };
const cpu = process.cpuUsage(cpuBefore);
const postgresCpu = postgresCpuSeconds() - postgresBefore;
const operations = (result.requests.average * DURATION) / addProductChain.length;
const serverXactPerOperation = THROUGHPUT_ONLY ? null : ((await xactCommits()) - xactBefore - 1) / operations;
await basketServer.close();
await store.dropSchema(pool, schema).catch(() => undefined);
await pool.close().catch(() => undefined);
await admin.end();
console.log(
  JSON.stringify({
    root,
    addProduct: {
      withSettleRead: addProduct,
      aBasketRead: settleOnly,
    },
    addUntilSucceeded: {
      connections: CONNECTIONS,
      seconds: DURATION,
      requestsPerSecond: result.requests.average,
      operationsPerSecond: result.requests.average / addProductChain.length,
      loadGenerator: LOAD_PROCESS === 'own' ? 'own process' : 'the server process',
      nodeCpuMsPerOperation: (cpu.user + cpu.system) / 1000 / operations,
      loadCpuMsPerOperation: loadCpuMicros === null ? null : loadCpuMicros / 1000 / operations,
      roundTripsPerOperation: (counts.roundTrips - roundTripsBefore) / operations,
      sqlCharactersPerOperation: (counts.bytes - bytesBefore) / operations,
      postgresCpuMsPerOperation: (postgresCpu * 1000) / operations,
      serverXactPerOperation,
      non2xx: result.non2xx,
      errors: result.errors,
    },
  }),
);
process.exit(0);
