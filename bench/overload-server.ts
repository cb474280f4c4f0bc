// The server of the overload benchmark (bench/overload.ts), in a process of its own so that its
// event loop carries its own work only (the load generator's would count as its delay otherwise).
// Started as `node --conditions=@basket/source --import tsx bench/overload-server.ts '<json>'`
// with an IPC channel; it sends `{ port }` once listening and stops on SIGTERM.
import { demoCatalogPath } from '../packages/providers-catalog/src/index';
import { createBasketServer, createLogger, readConfig } from '../packages/server/src/index';
import { createMemoryStorage } from '../packages/store-memory/src/index';
import { createPostgresStorage, dropSchema, openPgPool } from '../packages/store-postgres/src/index';

export type OverloadTask = {
  readonly secret: string;
  /** Absent: memory storage. */
  readonly postgresUrl?: string;
  readonly maxRequestsInFlight: number;
  readonly maxEventLoopDelayMs: number;
};

const task = JSON.parse(process.argv[2] ?? '{}') as OverloadTask;
const storage = async () => {
  if (task.postgresUrl === undefined) return createMemoryStorage();
  const pool = openPgPool(task.postgresUrl);
  await dropSchema(pool, 'bench_overload');
  return createPostgresStorage({ db: pool, schema: 'bench_overload' });
};
const config = readConfig({
  PORT: '0',
  BASKET_JWT_SECRET: task.secret,
  BASKET_CATALOG: demoCatalogPath,
  BASKET_MAX_REQUESTS_IN_FLIGHT: String(task.maxRequestsInFlight),
  BASKET_MAX_EVENT_LOOP_DELAY_MS: String(task.maxEventLoopDelayMs),
});
if (!config.ok) throw new Error(config.error);
const server = await createBasketServer(
  config.value,
  createLogger('info', { write: () => undefined }),
  {},
  await storage(),
);
await server.http.listen({ port: 0, host: '127.0.0.1' });
const address = server.http.server.address();
process.send?.({ port: typeof address === 'object' && address !== null ? address.port : 0 });
process.once('disconnect', () => process.exit(0));
process.once('SIGTERM', () => {
  server
    .close()
    .then(() => process.exit(0))
    .catch(() => process.exit(1));
});
