import type { FastifyInstance } from 'fastify';
import { type Logger, pino } from 'pino';

/**
 * Header paths that must never reach a log line (C-2.8): tokens and store keys. Bodies are never
 * logged at all, so customer detail values cannot be either.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'headers.authorization',
  'headers["x-api-key"]',
  'headers.cookie',
];

/** The server's pino logger: JSON lines (on stdout unless told), ISO times, secrets redacted. */
export const createLogger = (level: string, destination?: { write: (line: string) => void }): Logger => {
  const options = {
    level,
    base: { service: 'basket' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
};

/**
 * One JSON line per request (C-10.3): method, route pattern, path, status and duration. No headers,
 * no query values but the path's ids, no bodies.
 */
export const logRequests = (app: FastifyInstance): void => {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
};
