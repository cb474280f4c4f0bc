import { type FastifyBaseLogger, type FastifyServerOptions, LogController } from 'fastify';
import { handleClientError, handleFrameworkError } from './errors';
import { BODY_LIMIT, routeMatcher } from './plugin';

/**
 * Options for the Fastify instance that `basketHttp` is registered on: errors raised before routing
 * become problems too, path ids of any length reach the API (which answers 400 over 128 characters,
 * C-9.2), and Fastify's own two log lines per request are off (the server logs one, C-10.3).
 */
export const basketFastifyOptions = (logger?: FastifyBaseLogger): FastifyServerOptions => ({
  bodyLimit: BODY_LIMIT,
  routerOptions: { maxParamLength: 16 * 1024 },
  logController: new LogController({ disableRequestLogging: true }),
  // The plugin answers 503 problems itself while closing.
  return503OnClosing: false,
  frameworkErrors: handleFrameworkError(routeMatcher),
  clientErrorHandler: handleClientError,
  ...(logger === undefined ? {} : { loggerInstance: logger }),
});
