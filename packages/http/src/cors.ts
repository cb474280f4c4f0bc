import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteMatcher } from './route-matcher';

/**
 * Browsers on other origins (a storefront's pages calling the service directly). Off by default: a
 * server-to-server deployment sends no CORS header at all.
 */
export type CorsOptions = {
  /** Origins allowed, each `scheme://host[:port]` as browsers send it; `'*'`: any origin. */
  readonly origins: ReadonlyArray<string> | '*';
  /** How long a browser may keep a preflight's answer (`Access-Control-Max-Age`). Default 600 s. */
  readonly maxAgeSeconds?: number;
};

/** Request headers a browser may send beyond the CORS-safelisted ones: those the interface reads. */
const ALLOWED_HEADERS =
  'authorization, content-type, idempotency-key, if-match, if-none-match, x-api-key, x-request-id';
/** Response headers a page may read beyond the safelisted ones: those the interface answers with. */
const EXPOSED_HEADERS = 'allow, etag, retry-after, www-authenticate, x-request-id';

/**
 * An `onRequest` hook, first of all the plugin's (docs/http-api.md, "Browsers"). A request from an
 * allowed origin gets `Access-Control-Allow-Origin` on whatever answers it — success, problem, 503
 * of an overloaded process alike — so that a page can read every answer, problems included (C-3). A
 * preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) of a known path from an
 * allowed origin is a 204 naming the path's methods; any other `OPTIONS` goes on to the 404 or 405
 * it always was (C-1.7), with no CORS header for an origin not allowed. No credentials are allowed:
 * the interface authenticates by header (C-2), never by cookie.
 */
export const corsHook = (options: CorsOptions, routes: RouteMatcher) => {
  const anyOrigin = options.origins === '*';
  const allowed = new Set(anyOrigin ? [] : options.origins);
  const maxAge = String(options.maxAgeSeconds ?? 600);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // With a list of origins the answer depends on `Origin` whatever it is (absent, allowed or
    // not): a shared cache must not hand one origin's answer to another.
    if (!anyOrigin) reply.header('vary', 'origin');
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !(anyOrigin || allowed.has(origin))) return;
    reply.header('access-control-allow-origin', anyOrigin ? '*' : origin);
    const preflight =
      request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (!preflight) {
      reply.header('access-control-expose-headers', EXPOSED_HEADERS);
      return;
    }
    const methods = routes.allowedMethods(request.url.split('?')[0] ?? '');
    if (methods === undefined) return;
    await reply
      .code(204)
      .headers({
        'access-control-allow-methods': methods.join(', '),
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': maxAge,
        'cache-control': 'no-store',
      })
      .send();
  };
};
