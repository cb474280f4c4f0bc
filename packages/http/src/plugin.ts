import type { BasketApi } from '@basket/app';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type AuthOptions, createAuthenticator, type Principal } from './auth';
import { type CorsOptions, corsHook } from './cors';
import { handleConnect, handleError } from './errors';
import { startEventLoopDelayMonitor } from './event-loop-delay';
import { checkedJsonParser } from './json-parser';
import { type OpenApiOptions, openApiDocument, publicEndpoints } from './openapi/document';
import { renderApiReference } from './openapi/html';
import { createLoadShedder, type LoadFigures, type LoadLimits } from './overload';
import {
  methodNotAllowed,
  problem,
  routeNotFound,
  sendProblem,
  unauthorized,
  validationFailed,
  WWW_AUTHENTICATE,
} from './problems';
import { registerPublicRoutes } from './public-routes';
import { registerRoute } from './register-route';
import { sentTwice } from './repeated-headers';
import { REQUEST_ID_HEADER } from './request-id';
import { createRouteMatcher, type RouteMatcher } from './route-matcher';
import { routes } from './routes';
import { createReceiving, drainConnections } from './shutdown';

/** C-9.1: request bodies over 64 KiB are a 413. */
export const BODY_LIMIT = 64 * 1024;

export type BasketHttpOptions = {
  readonly api: BasketApi;
  readonly auth: AuthOptions;
  /** Readiness of what the API needs (storage); `/readyz` answers 503 while false. Default: ready. */
  readonly ready?: () => Promise<boolean>;
  /** `servers` of the OpenAPI document. */
  readonly openApi?: OpenApiOptions;
  /** Bounds of the work in progress: past them, 503 with Retry-After. Default: none. */
  readonly limits?: LoadLimits;
  /**
   * Called once, when `limits` are set, with a reader of the work in progress they count (requests
   * in flight, long polls, new baskets waiting in line), for metrics.
   */
  readonly onLoad?: (figures: () => LoadFigures) => void;
  /**
   * The current event-loop delay in ms, read by `limits.maxEventLoopDelayMs`. Default, when that
   * limit is set: a monitor of this process's loop (event-loop-delay.ts), started with the plugin
   * and stopped when the app closes.
   */
  readonly eventLoopDelayMs?: () => number;
  /**
   * On close, how long open keep-alive connections are kept (ms), so that a request already on its
   * way gets the 503 rather than a reset connection. Default 0.
   */
  readonly shutdownDrainMs?: number;
  /** Browsers on other origins allowed to call the interface (cors.ts). Default: none, no CORS header. */
  readonly cors?: CorsOptions;
};

/** Every known path and its methods, public endpoints included. */
const knownPaths: ReadonlyArray<{ readonly method: string; readonly path: string }> = [
  ...routes,
  ...publicEndpoints.map((endpoint) => ({ method: 'GET', path: endpoint.path })),
];

/** The methods every known path answers, public endpoints included. */
export const routeMatcher: RouteMatcher = createRouteMatcher(knownPaths);

/** The same, for the plugin registered in a scope with a prefix (`app.prefix`, '' for none). */
const routeMatcherUnder = (prefix: string): RouteMatcher =>
  prefix === ''
    ? routeMatcher
    : createRouteMatcher(knownPaths.map(({ method, path }) => ({ method, path: `${prefix}${path}` })));

/**
 * C-1.7's first check, before authentication and before the body is read: an unknown path is a 404
 * and a known path with another method a 405, whatever the credentials. While the server shuts down,
 * new requests are a 503 so that it can finish what it accepted (C-10.3).
 */
const routeCheck =
  (isClosing: () => boolean, matcher: RouteMatcher) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (isClosing()) {
      // Another process behind the load balancer can serve it a moment later.
      await sendProblem(reply, problem(503, 'internal-error', 'The server is shutting down.'), {
        connection: 'close',
        'retry-after': '1',
      });
      return;
    }
    // HTTP/1.1 requires one Host (RFC 9112 §3.2); Node's own check would answer a 400 with no body.
    if (
      (request.raw.httpVersion === '1.1' && request.headers.host === undefined) ||
      sentTwice(request.raw, 'host')
    ) {
      await sendProblem(
        reply,
        validationFailed([{ path: 'Host', message: 'HTTP/1.1 requests must send one Host' }]),
        {
          connection: 'close',
        },
      );
      return;
    }
    if (!request.is404) return;
    const path = request.url.split('?')[0] ?? '';
    const allowed = matcher.allowedMethods(path);
    await (allowed === undefined
      ? sendProblem(reply, routeNotFound())
      : sendProblem(reply, methodNotAllowed(allowed), { allow: allowed.join(', ') }));
  };

/**
 * The basket HTTP interface as a Fastify plugin: every endpoint of the interface and of C-4.4, bound
 * to the app's API, with C-2 authentication, C-3 problems on every error path, ETags and If-Match
 * (C-6.1), Idempotency-Key (C-6.3), `/openapi.json`, `/docs`, `/healthz` and `/readyz`. It applies to
 * the instance it is registered on (not encapsulated), since unknown routes and errors are the whole
 * server's; create that instance with `basketFastifyOptions()`. Beside routes of your own, register
 * it inside a plugin of yours with a prefix (docs/adapters.md): it then applies to that scope.
 */
const plugin: FastifyPluginAsync<BasketHttpOptions> = async (app: FastifyInstance, options) => {
  if (Reflect.get(options, 'prefix') !== undefined)
    throw new Error(
      'basketHttp takes the scope it is registered in and so ignores `prefix`: register it inside a plugin of your own that has the prefix, `app.register(async (scope) => scope.register(basketHttp, options), { prefix })` (docs/adapters.md, "The Fastify plugin beside routes of your own")',
    );
  const matcher = routeMatcherUnder(app.prefix);
  const authenticate = await createAuthenticator(options.auth);
  const principals = new WeakMap<FastifyRequest, Principal>();
  let closing = false;
  let signalClosing: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    signalClosing = resolve;
  });
  // RFC 9110 lets a server ignore an expectation other than 100-continue, and this one does: Node
  // would answer it with a bare 417 (no problem body, C-3.1), so the request is served as sent.
  app.server.on('checkExpectation', (request, response) => app.server.emit('request', request, response));
  app.server.on('connect', handleConnect(matcher));
  const receiving = createReceiving();
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    receiving.track(request.raw);
  });
  // Answers finished after shutdown began close their connections: a kept-alive connection would
  // otherwise hold the server open until its keep-alive timeout.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // New baskets waiting in line at the door (when limits are set) get their 503 at once.
  let closeLine: () => void = () => undefined;
  app.addHook('preClose', async () => {
    closing = true;
    signalClosing();
    closeLine();
    // Requests whose bodies are still arriving are not waited for (C-10.3 finishes what it accepted).
    receiving.cutAll();
    await drainConnections(app.server, options.shutdownDrainMs ?? 0);
  });

  // Only JSON bodies: any other content type is a 415 (C-9.1). Bad strings and deep nesting are a
  // 400 before anything else reads the body (C-1.6).
  app.removeContentTypeParser(['text/plain', 'application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, checkedJsonParser(app));
  // A page on an allowed origin can read every answer, the 503s below included.
  if (options.cors !== undefined) app.addHook('onRequest', corsHook(options.cors, matcher));
  // Then: an overloaded process spends nothing more on a request than its 503.
  if (options.limits !== undefined) {
    let delayMs = options.eventLoopDelayMs;
    if (delayMs === undefined && (options.limits.maxEventLoopDelayMs ?? 0) > 0) {
      const monitor = startEventLoopDelayMonitor();
      app.addHook('onClose', async () => monitor.stop());
      delayMs = monitor.delayMs;
    }
    const shedder = createLoadShedder(options.limits, delayMs, app.prefix);
    app.addHook('onRequest', shedder.hook);
    options.onLoad?.(shedder.inFlight);
    closeLine = shedder.close;
  }
  app.addHook(
    'onRequest',
    routeCheck(() => closing, matcher),
  );
  app.setNotFoundHandler((_request, reply) => sendProblem(reply, routeNotFound()));
  app.setErrorHandler(handleError);

  const authHook = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (sentTwice(request.raw, 'x-api-key') || sentTwice(request.raw, 'authorization')) {
      await sendProblem(
        reply,
        unauthorized('The x-api-key and Authorization headers may each be sent once.'),
        WWW_AUTHENTICATE,
      );
      return;
    }
    const apiKey = request.headers['x-api-key'];
    const outcome = await authenticate({ apiKey, authorization: request.headers.authorization });
    if (outcome.ok) principals.set(request, outcome.principal);
    else await sendProblem(reply, unauthorized(outcome.detail), WWW_AUTHENTICATE);
  };

  const document = openApiDocument(options.openApi);
  registerPublicRoutes(app, {
    document,
    html: renderApiReference(document),
    ready: async () => !closing && (options.ready === undefined || (await options.ready())),
  });
  for (const route of routes) {
    registerRoute(app, route, {
      api: options.api,
      authHook,
      principalOf: (request) => principals.get(request),
      closed,
      bodyLimit: BODY_LIMIT,
    });
  }
};

Object.defineProperty(plugin, Symbol.for('skip-override'), { value: true });
Object.defineProperty(plugin, Symbol.for('fastify.display-name'), { value: 'basket-http' });

export const basketHttp = plugin;
