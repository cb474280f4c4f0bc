import {
  type BasketApp,
  createBasketApp,
  type Ids,
  randomIds,
  type Storage,
  withSeatsInFlight,
} from '@basket/app';
import type { Catalog } from '@basket/core';
import { apiKeyOf, basketFastifyOptions, basketHttp, type LoadFigures, storeIdOfApiKey } from '@basket/http';
import { natsServersFromEnv } from '@basket/outbox-nats';
import {
  CatalogFileError,
  demoCatalogPath,
  loadCatalogFile,
  simulatedPaymentProvider,
  simulatedProviders,
} from '@basket/providers-catalog';
import { createMemoryStorage } from '@basket/store-memory';
import { storageFromUrl } from '@basket/store-postgres';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { ServerConfig } from './config';
import { errorSummary } from './errors';
import { housekeepingConfig } from './housekeeping';
import { leavingRotation } from './leaving-rotation';
import { logRequests } from './logger';
import { createServerMetrics, measureRequests, type ServerMetrics } from './metrics/index';
import { processClock } from './process-clock';
import { type OutboxRelay, startOutboxRelay } from './relay';
import { DEFAULT_TIMEOUTS } from './timeouts';

export type BasketServer = {
  readonly http: FastifyInstance;
  readonly app: BasketApp;
  readonly storage: Storage;
  readonly catalog: Catalog;
  /** Prometheus metrics, when `BASKET_METRICS_PORT` is set (`serve` exposes them on that port). */
  readonly metrics?: ServerMetrics;
  /**
   * The start of a shutdown behind a load balancer: `/readyz` answers not-ready while every request
   * is still served, until `BASKET_SHUTDOWN_DELAY_MS` has passed (at once for 0); called again
   * meanwhile, it ends the delay at once. `close` follows it.
   */
  readonly leaveRotation: () => Promise<void>;
  /** C-10.3: stop accepting, finish what was accepted, flush the outbox, close storage. */
  readonly close: () => Promise<void>;
};

/**
 * Opens the storage a `BASKET_DATABASE_URL` names (in `BASKET_DATABASE_SCHEMA`'s schema, when
 * given); `memory:` is the in-memory adapter.
 */
export const openStorage = async (
  databaseUrl: string | undefined,
  schema?: string,
  /** `BASKET_DATABASE_BATCHES` on PostgreSQL; absent: the pool's default. */
  batchesInFlight?: number,
): Promise<Storage> =>
  databaseUrl === 'memory:'
    ? createMemoryStorage()
    : storageFromUrl(databaseUrl, {
        ...(schema === undefined ? {} : { schema }),
        ...(batchesInFlight === undefined ? {} : { pool: { batchesInFlight } }),
      });

/** The composition root: one adapter per port, the app, the HTTP interface and the outbox relay. */
export const createBasketServer = async (
  config: ServerConfig,
  logger: Logger,
  env: Readonly<Record<string, string | undefined>> = process.env,
  /** A storage opened by the caller (benchmarks, tests) instead of `config.databaseUrl`'s. */
  given?: Storage,
): Promise<BasketServer> => {
  const catalogPath = config.catalogPath ?? demoCatalogPath;
  const catalog = await loadCatalogFile(catalogPath);
  // Every request names its store by API key (C-2.1): with none, no request could be served.
  if (catalog.stores.length === 0)
    throw new CatalogFileError(catalogPath, [
      {
        path: 'stores',
        message: 'the server needs at least one store: its API key is how a request names it',
      },
    ]);
  // A store whose key the HTTP layer would not read (too long) could never be served either.
  const unreadable = catalog.stores.flatMap((store, k) =>
    storeIdOfApiKey(apiKeyOf(store.id)) === store.id
      ? []
      : [
          {
            path: `stores.${k}.id`,
            message: 'too long: its API key (the base64 of the id) would pass 1,024 characters',
          },
        ],
  );
  if (unreadable.length > 0) throw new CatalogFileError(catalogPath, unreadable);
  const storage =
    given ?? (await openStorage(config.databaseUrl, config.databaseSchema, config.databaseBatches));
  const clock = await processClock(storage, logger);
  const ids: Ids = randomIds;
  const latencyMs = config.providerLatencyMs;
  const app = createBasketApp({
    // Concurrent automatic selections in this process avoid the seats of each other's decisions.
    storage: withSeatsInFlight(storage),
    providers: simulatedProviders(catalog, { latencyMs, ledger: storage.providerLedger }),
    paymentProvider: simulatedPaymentProvider(catalog, {
      latencyMs,
      ids,
      ledger: storage.providerLedger,
      now: clock.now,
    }),
    clock,
    ids,
    // The app does the housekeeping itself (expired holds, unpaid intents, old idempotency records
    // and outbox rows), one run at a time, and waits for a run under way when it drains.
    config: housekeepingConfig(config, natsServersFromEnv(env).length > 0),
    onError: (error) => logger.error({ error: errorSummary(error) }, 'background work failed'),
    // Ids and counts only: nothing of a customer.
    onSwept: (report) => {
      logger.info(report, 'housekeeping');
      metrics?.observeSweep(report);
    },
  });
  const relay: OutboxRelay | undefined = startOutboxRelay({ storage, app, logger, env });
  let load: (() => LoadFigures) | undefined;
  const metrics =
    config.metricsPort === undefined
      ? undefined
      : createServerMetrics({
          storage,
          load: () => load?.(),
          ...(relay === undefined ? {} : { relay: relay.metrics }),
        });
  const unsubscribeMetrics = metrics === undefined ? undefined : app.subscribe(metrics.observeCompletion);

  const stores = new Set(catalog.stores.map((store) => store.id));
  const timeouts = config.timeouts ?? DEFAULT_TIMEOUTS;
  const leaving = leavingRotation(timeouts.delayMs);
  const http = Fastify(basketFastifyOptions(logger, timeouts));
  logRequests(http);
  if (metrics !== undefined) measureRequests(http, metrics);
  await http.register(basketHttp, {
    api: app.api,
    auth: {
      isKnownStore: (storeId) => stores.has(storeId),
      jwt: {
        ...(config.jwt.secret === undefined ? {} : { secret: config.jwt.secret }),
        publicKeys: config.jwt.publicKeys,
        ...(config.jwt.audience === undefined ? {} : { audience: config.jwt.audience }),
        ...(config.jwt.issuer === undefined ? {} : { issuer: config.jwt.issuer }),
      },
      nowMs: clock.nowMs,
    },
    ready: async () => {
      if (leaving.started) return false;
      await (storage.ready?.() ?? storage.events.readStream('basket-readiness-probe'));
      return true;
    },
    limits: config.limits,
    onLoad: (figures) => {
      load = figures;
    },
    shutdownDrainMs: timeouts.drainMs,
    ...(config.cors === undefined ? {} : { cors: config.cors }),
  });

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      clock.stop();
      // From now on the processor takes no command up: one that a request still being answered gets
      // accepted stays Pending for another process (docs/operations.md, "Shutdown").
      app.processor.stop();
      await http.close();
      await app.drain();
      unsubscribeMetrics?.();
      await relay?.stop();
      await storage.close();
    })();
    return closing;
  };
  return {
    http,
    app,
    storage,
    catalog,
    ...(metrics === undefined ? {} : { metrics }),
    leaveRotation: leaving.leave,
    close,
  };
};
