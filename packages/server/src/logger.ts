import type { FastifyInstance } from 'fastify';
import { type Logger, pino } from 'pino';
import { routeOf } from './route-of';

/** The server's logger (pino's), as `createBasketServer` takes it. */
export type { Logger };

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

/**
 * The server's pino logger: JSON lines (on stdout unless told), ISO times, secrets redacted.
 * Stdout is written synchronously: nothing is buffered, so nothing is left to flush at exit. (pino's
 * buffered stdout flushes at exit in a loop that never ends when the reader of a pipe has gone,
 * and a SIGTERM then left the process running.) A broken pipe stops the logging, not the service.
 */
export const createLogger = (level: string, destination?: { write: (line: string) => void }): Logger => {
  const options = {
    level,
    base: { service: 'basket' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: true }));
};

/**
 * The path of a request target, without its query: of an absolute-form target
 * (`http://user:password@host/path`) the path alone, so that no credentials sent in it are logged.
 */
export const pathOf = (target: string): string => {
  if (target.startsWith('/')) return target.split('?')[0] ?? '';
  if (!/^https?:\/\//i.test(target)) return '';
  try {
    return new URL(target).pathname;
  } catch {
    return '';
  }
};

/**
 * One JSON line per request (C-10.3): method, route pattern, path, status and duration. No headers,
 * no query values but the path's ids, no bodies. A request whose client went away before its answer
 * (a command may still have been applied) is logged as `request aborted`, without a status.
 */
export const logRequests = (app: FastifyInstance): void => {
  // Fastify's onRequestAbort does not fire once the body has been read: the answer's connection
  // closing before the answer was written is what says the client went away.
  // A callback hook, not an async one: it runs on every request, and needs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) return;
      request.log.info(
        { method: request.method, route: routeOf(request), path: pathOf(request.url), aborted: true },
        'request aborted',
      );
    });
    done();
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: routeOf(request),
        path: pathOf(request.url),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
};
