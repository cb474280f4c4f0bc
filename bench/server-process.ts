// A benchmark's server (bench/overload.ts, bench/request-cpu.ts) in a process of its own, so that
// its event loop and its CPU time are its own work only, not the load generator's. Started by
// `startBenchServer` (bench/bench-server.ts) as
// `node [--conditions=@basket/source] --import tsx bench/server-process.ts '<json>'` with an IPC
// channel: it sends `{ port }` once listening, answers `'cpu'` with `{ cpuMicros }` (user + system
// time of the process so far), `'profile-start'` and `'profile-stop'` with `{ profile }` (a CPU
// profile of what ran between the two, as JSON) and stops on SIGTERM or when its parent goes.
import { Session } from 'node:inspector/promises';

// Without the `@basket/source` condition the server runs the built packages, as in production:
// through tsx, the sources' every function would be wrapped to keep its name (tsx's `__name`),
// a cost per closure made that the built code does not pay.
const built = !process.execArgv.some((flag) => flag.includes('@basket/source'));
const load = <T>(name: string): Promise<T> =>
  import(built ? `../packages/${name}/dist/index.js` : `../packages/${name}/src/index.ts`) as Promise<T>;
const { demoCatalogPath } =
  await load<typeof import('../packages/providers-catalog/src/index')>('providers-catalog');
const { createBasketServer, createLogger, readConfig } =
  await load<typeof import('../packages/server/src/index')>('server');
const { createMemoryStorage } =
  await load<typeof import('../packages/store-memory/src/index')>('store-memory');
const { createPostgresStorage, dropSchema, openPgPool } =
  await load<typeof import('../packages/store-postgres/src/index')>('store-postgres');

export type ServerTask = {
  readonly secret: string;
  /** Absent: memory storage. */
  readonly postgresUrl?: string;
  /** The PostgreSQL schema, dropped first. Default `bench_server`. */
  readonly schema?: string;
  /** Default: the demo catalog. */
  readonly catalogPath?: string;
  /** 0: no limit. */
  readonly maxRequestsInFlight: number;
  /** 0: no limit. */
  readonly maxEventLoopDelayMs: number;
};

const task = JSON.parse(process.argv[2] ?? '{}') as ServerTask;
const storage = async () => {
  if (task.postgresUrl === undefined) return createMemoryStorage();
  const schema = task.schema ?? 'bench_server';
  const pool = openPgPool(task.postgresUrl);
  await dropSchema(pool, schema);
  return createPostgresStorage({ db: pool, schema });
};
const config = readConfig({
  PORT: '0',
  BASKET_JWT_SECRET: task.secret,
  BASKET_CATALOG: task.catalogPath ?? demoCatalogPath,
  BASKET_MAX_REQUESTS_IN_FLIGHT: String(task.maxRequestsInFlight),
  BASKET_MAX_EVENT_LOOP_DELAY_MS: String(task.maxEventLoopDelayMs),
});
if (!config.ok) throw new Error(config.error);
// Request logs written nowhere: the line is built (its cost counts), not stored.
const server = await createBasketServer(
  config.value,
  createLogger('info', { write: () => undefined }),
  {},
  await storage(),
);
await server.http.listen({ port: 0, host: '127.0.0.1' });
const address = server.http.server.address();
process.send?.({ port: typeof address === 'object' && address !== null ? address.port : 0 });
const inspector = new Session();
inspector.connect();
process.on('message', (message) => {
  if (message === 'cpu') {
    const cpu = process.cpuUsage();
    process.send?.({ cpuMicros: cpu.user + cpu.system });
  } else if (message === 'profile-start') {
    void inspector
      .post('Profiler.enable')
      .then(() => inspector.post('Profiler.start'))
      .then(() => process.send?.({ profiling: true }));
  } else if (message === 'profile-stop') {
    void inspector
      .post('Profiler.stop')
      .then(({ profile }) => process.send?.({ profile: JSON.stringify(profile) }));
  }
});
process.once('disconnect', () => process.exit(0));
process.once('SIGTERM', () => {
  server
    .close()
    .then(() => process.exit(0))
    .catch(() => process.exit(1));
});
