// One server process of the on-sale benchmark (bench/onsale.ts): the service's own composition root
// (`createBasketServer`) on PostgreSQL in the schema it is given, listening on a free loopback port.
// It tells its parent the port, and on request what its storage was asked: commits by outcome
// (conflicts are commits refused for a version or an inventory conflict, each one a decision made
// again) and availability reads. Started as `node [--conditions=@basket/source] --import tsx bench/onsale/server.ts '<json>'`
// with an IPC channel. Only the composition root's API is used, so that the same file runs against
// an older checkout of the service (the "before" of the benchmark).
import type { Storage } from '../../packages/app/src/index';

// Without the `@basket/source` condition (BASKET_BENCH_BUILT=1, bench/onsale/server-process.ts) the
// server runs the built packages, as the `basket` command does: through tsx, every function of the
// sources is wrapped to keep its name (tsx's `__name`), a cost per closure made that built code does
// not pay.
const built = !process.execArgv.some((flag) => flag.includes('@basket/source'));
const load = <T>(name: string): Promise<T> =>
  import(
    built ? `../../packages/${name}/dist/index.js` : `../../packages/${name}/src/index.ts`
  ) as Promise<T>;
const { createBasketServer, createLogger, readConfig } =
  await load<typeof import('../../packages/server/src/index')>('server');
const { createPostgresStorage, openPgPool } =
  await load<typeof import('../../packages/store-postgres/src/index')>('store-postgres');

export type ServerTask = {
  readonly url: string;
  readonly schema: string;
  readonly catalog: string;
  readonly secret: string;
  readonly poolSize: number;
  /** The process's admission limits (absent: the service's defaults). */
  readonly admission?: Admission;
  /** `BASKET_PAYMENT_TIMEOUT_S` (absent: the service's default). */
  readonly paymentTimeoutSeconds?: number;
};

/**
 * Admission limits of each server process (docs/operations.md, "An on-sale"): requests in flight
 * (`BASKET_MAX_REQUESTS_IN_FLIGHT`, 0: none), requests in flight past which new baskets are refused
 * (`BASKET_MAX_IN_FLIGHT_FOR_NEW_BASKETS`), how many new baskets wait in line for a place
 * (`BASKET_NEW_BASKET_QUEUE`) and how long at most (`BASKET_NEW_BASKET_QUEUE_WAIT_MS`), and the new
 * baskets let in per second (`BASKET_NEW_BASKETS_PER_SECOND`). Past them a buyer is answered 503 and comes back after `Retry-After`.
 */
export type Admission = {
  readonly maxInFlight: number;
  readonly maxInFlightForNewBaskets?: number;
  readonly newBasketQueue?: number;
  readonly newBasketQueueWaitMs?: number;
  readonly newBasketsPerSecond?: number;
};

const admissionEnv = (admission: Admission | undefined): Record<string, string> => {
  if (admission === undefined) return {};
  const { maxInFlight, maxInFlightForNewBaskets, newBasketQueue, newBasketQueueWaitMs, newBasketsPerSecond } =
    admission;
  return {
    BASKET_MAX_REQUESTS_IN_FLIGHT: String(maxInFlight),
    ...(maxInFlightForNewBaskets === undefined
      ? {}
      : { BASKET_MAX_IN_FLIGHT_FOR_NEW_BASKETS: String(maxInFlightForNewBaskets) }),
    ...(newBasketQueue === undefined ? {} : { BASKET_NEW_BASKET_QUEUE: String(newBasketQueue) }),
    ...(newBasketsPerSecond === undefined
      ? {}
      : { BASKET_NEW_BASKETS_PER_SECOND: String(newBasketsPerSecond) }),
    ...(newBasketQueueWaitMs === undefined
      ? {}
      : { BASKET_NEW_BASKET_QUEUE_WAIT_MS: String(newBasketQueueWaitMs) }),
  };
};

export type ServerStats = {
  readonly commits: Record<string, number>;
  readonly availabilityReads: number;
  readonly resourcesRead: number;
  /** CPU time of the process so far (user + system), in microseconds. */
  readonly cpuMicros: number;
};

const task = JSON.parse(process.argv[2] ?? '{}') as ServerTask;
const send = (message: unknown): void => {
  process.send?.(message);
};

const commits: Record<string, number> = {};
let availabilityReads = 0;
let resourcesRead = 0;

const count = (tag: string): void => {
  commits[tag] = (commits[tag] ?? 0) + 1;
};

/** Availability reads, counted (the reads of the inventory store, or of a transaction). */
const countedReads = <R extends Pick<Storage['inventory'], 'heldByOthers'>>(reads: R): R => ({
  ...reads,
  heldByOthers: (resources: ReadonlyArray<string>, holder: string, now: string) => {
    availabilityReads += 1;
    resourcesRead += resources.length;
    return reads.heldByOthers(resources, holder, now);
  },
});

/**
 * The storage, counting what the app asks of it (the counts are all this wrapper adds): commits by
 * outcome, through `commit` or through a `transaction` (a storage without transactions is an older
 * service's, run as the benchmark's "before").
 */
const counted = (storage: Storage): Storage => {
  const work = storage.unitOfWork;
  const transaction: Storage['unitOfWork']['transaction'] | undefined =
    typeof work.transaction === 'function' ? work.transaction : undefined;
  return {
    ...storage,
    unitOfWork: {
      ...work,
      commit: async (commit) => {
        const result = await work.commit(commit);
        count(result._tag);
        return result;
      },
      ...(transaction === undefined
        ? {}
        : {
            // Its prefetch and arrival passed on: the openings read what the service's own do.
            transaction: async (lock, body, prefetch, since) => {
              let writes = false;
              const result = await transaction(
                lock,
                async (reads) => {
                  const decided = await body(countedReads(reads));
                  writes = decided.commit !== undefined;
                  return decided;
                },
                prefetch,
                since,
              );
              if (result._tag === 'Refused') count(result.conflict._tag);
              else if (writes) count('Committed');
              return result;
            },
          }),
    },
    inventory: countedReads(storage.inventory),
  };
};

const config = readConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  BASKET_JWT_SECRET: task.secret,
  BASKET_CATALOG: task.catalog,
  BASKET_LOG_LEVEL: 'warn',
  // No event-loop delay limit: the on-sale run counts every buyer's outcome, not 503s.
  BASKET_MAX_EVENT_LOOP_DELAY_MS: '0',
  ...admissionEnv(task.admission),
  ...(task.paymentTimeoutSeconds === undefined
    ? {}
    : { BASKET_PAYMENT_TIMEOUT_S: String(task.paymentTimeoutSeconds) }),
});
if (!config.ok) throw new Error(config.error);
const db = openPgPool(task.url, { max: task.poolSize, applicationName: `onsale-bench-${process.pid}` });
const storage = counted(await createPostgresStorage({ db, schema: task.schema }));
// Request logs off (one JSON line per request would cost the benchmark's CPU); warnings to stderr.
const logger = createLogger('warn', { write: (line: string) => process.stderr.write(line) });
const server = await createBasketServer(config.value, logger, {}, storage);
await server.http.listen({ port: 0, host: '127.0.0.1' });
const address = server.http.server.address();
send({ type: 'listening', port: typeof address === 'object' && address !== null ? address.port : 0 });

process.on('message', (message: { type?: string }) => {
  if (message.type === 'stats') {
    const cpu = process.cpuUsage();
    const stats: ServerStats = {
      commits: { ...commits },
      availabilityReads,
      resourcesRead,
      cpuMicros: cpu.user + cpu.system,
    };
    send({ type: 'stats', stats });
  }
});
// The benchmark that started this process is gone (its IPC channel closed): nothing is left to serve.
process.once('disconnect', () => process.exit(0));
process.once('SIGTERM', () => {
  server
    .close()
    .then(() => process.exit(0))
    .catch(() => process.exit(1));
});
