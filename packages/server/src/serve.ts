import { apiKeyOf } from '@basket/http';
import { defaultSchema } from '@basket/store-postgres';
import type { Logger } from 'pino';
import { type BasketServer, createBasketServer } from './compose';
import type { Environment, ServerConfig } from './config';
import { mintDevToken } from './dev-token';
import { createLogger } from './logger';
import { listenForScrapes } from './metrics/index';
import { DEFAULT_TIMEOUTS } from './timeouts';

const curlHost = (host: string): string => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host);

/** `basket serve`: the HTTP service until SIGTERM or SIGINT (C-10.1, C-10.3). */
export const serve = async (config: ServerConfig, env: Environment): Promise<void> => {
  const logger = createLogger(config.logLevel);
  // A signal that comes while the server starts (migrating, listening, the "listening" line just
  // written) is kept, and the server stops as soon as it has started, as it would a moment later.
  let requested: string | undefined;
  let onSignal = (signal: string): void => {
    requested ??= signal;
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
  if (config.jwt.developmentSecret) {
    logger.warn({}, 'BASKET_JWT_SECRET is unset: using the development secret; never do this in production');
  }
  // Opening migrates the schema, or waits for another process that migrates it (without bound):
  // this line says where a start that has not yet said `listening` is.
  logger.info(
    { database: databaseKind(config.databaseUrl), schema: config.databaseSchema ?? defaultSchema },
    'opening the storage',
  );
  const server = await createBasketServer(config, logger, env);
  const { port, scrapes } = await listenOrClose(server, config, logger);
  if (scrapes !== undefined) logger.info({ port: scrapes.port, path: '/metrics' }, 'metrics listening');

  // A development start: no secret configured, so the development one signs a ready-made token.
  if (!config.production && config.jwt.developmentSecret) {
    const storeId = server.catalog.stores[0]?.id ?? 'store';
    const token = await mintDevToken({
      secret: config.jwt.secret ?? '',
      ttlSeconds: 12 * 3600,
      ...(config.jwt.audience === undefined ? {} : { audience: config.jwt.audience }),
      ...(config.jwt.issuer === undefined ? {} : { issuer: config.jwt.issuer }),
    });
    process.stderr.write(
      `\nTry it (a guest token of store ${storeId}, valid 12 h; \`basket token --contact <id>\` mints others):\n` +
        `  curl -s -X POST http://${curlHost(config.host)}:${port}/baskets -H 'x-api-key: ${apiKeyOf(storeId)}' -H 'Authorization: Bearer ${token}'\n` +
        `API reference: http://${curlHost(config.host)}:${port}/docs\n\n`,
    );
  }

  const timeouts = config.timeouts ?? DEFAULT_TIMEOUTS;
  let stoppedAt: number | undefined;
  const stop = (signal: string) => {
    if (stoppedAt !== undefined) {
      // A second signal: during BASKET_SHUTDOWN_DELAY_MS, the shutdown goes on without the rest of
      // the delay; after it, the process exits at once (a second Ctrl-C).
      if (Date.now() - stoppedAt < timeouts.delayMs) {
        logger.info({ signal }, 'shutting down without waiting further');
        void server.leaveRotation();
        return;
      }
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stoppedAt = Date.now();
    logger.info({ signal, delayMs: timeouts.delayMs }, 'shutting down');
    const deadline = setTimeout(() => {
      logger.error({}, 'shutdown deadline passed: exiting');
      process.exit(1);
    }, timeouts.shutdownMs);
    deadline.unref();
    server
      .leaveRotation()
      .then(() => server.close())
      .then(() => scrapes?.close())
      .then(() => {
        logger.info({}, 'stopped');
        logger.flush();
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error(
          { error: { name: error instanceof Error ? error.name : typeof error } },
          'shutdown failed',
        );
        process.exit(1);
      });
  };
  onSignal = stop;
  if (requested !== undefined) stop(requested);
};

/**
 * Listens on the service's port (and the metrics port, when set). When either cannot be had (a port
 * in use), the server is closed before the error goes on: its storage pool, relay and timers would
 * otherwise keep the process alive with nothing listening.
 */
const listenOrClose = async (
  server: BasketServer,
  config: ServerConfig,
  logger: Logger,
): Promise<{ port: number; scrapes: Awaited<ReturnType<typeof listenForScrapes>> | undefined }> => {
  try {
    const address = await server.http.listen({ port: config.port, host: config.host });
    const bound = server.http.server.address();
    const port = bound !== null && typeof bound === 'object' ? bound.port : config.port;
    logger.info(
      {
        address,
        port,
        database: databaseKind(config.databaseUrl),
        schema: config.databaseSchema ?? defaultSchema,
        catalog: config.catalogPath ?? 'demo',
      },
      'listening',
    );
    if (config.production && config.catalogPath === undefined)
      logger.warn({}, 'serving the demo catalog (BASKET_CATALOG is unset) with NODE_ENV=production');
    const scrapes =
      server.metrics === undefined || config.metricsPort === undefined
        ? undefined
        : await listenForScrapes(server.metrics.registry, config.host, config.metricsPort);
    return { port, scrapes };
  } catch (error) {
    await server.close().catch(() => {});
    throw error;
  }
};

const databaseKind = (url: string | undefined): string => {
  if (url === undefined) return 'pglite:./.basket/data';
  if (url === 'memory:' || url.startsWith('pglite:')) return url;
  return url.split(':')[0] ?? 'unknown';
};
