// The basket app behind node:http: a transport of a handful of routes instead of the Fastify one
// of @basket/http. The app decides everything that matters (validation, scoping, ownership,
// locks, idempotency); a transport only says who calls and maps the app's answers to its protocol.
//
// Who calls comes from two headers here, `x-store` and `x-contact` (absent for a guest). A real
// transport authenticates them (API key and token, a signed message, mTLS...): this one trusts them.
import { createServer, STATUS_CODES } from 'node:http';
import { createBasketApp, randomIds, systemClock } from '@basket/app';
// The HTTP package's helpers for any transport: they load without Fastify (an optional peer).
import { operationFingerprint, parseIdempotencyKey } from '@basket/http';
import {
  demoCatalogPath,
  loadCatalogFile,
  simulatedPaymentProvider,
  simulatedProviders,
} from '@basket/providers-catalog';
import { createMemoryStorage } from '@basket/store-memory';

/**
 * [method, path pattern, handler(caller, params, body, query), etag, identify]: `etag` where the
 * operation table says so (`operations[name].etag` of @basket/core): the answer's `version` is sent
 * as the ETag of those operations' 200s alone, as the HTTP interface does. `identify` names a
 * modifying request's operation and path ids as the table has them, for its Idempotency-Key (C-6.3).
 */
const routes = [
  ['POST', '/baskets', (api, caller) => api.createBasket(caller), true, () => ['createBasket', {}]],
  ['GET', '/baskets/:basketId', (api, caller, p) => api.getBasket(caller, p.basketId), true],
  ['DELETE', '/baskets/:basketId', (api, caller, p) => api.deleteBasket(caller, p.basketId), true],
  [
    'POST',
    '/baskets/:basketId/products/:productId',
    (api, caller, p, body) => api.addProduct(caller, p.basketId, p.productId, body),
    false,
    (p) => ['addProductToBasket', { id: p.basketId, productId: p.productId }],
  ],
  [
    'DELETE',
    '/baskets/:basketId/provider-baskets/:providerBasketId/line-items/:lineItemId',
    (api, caller, p) => api.deleteLineItem(caller, p.basketId, p.providerBasketId, p.lineItemId),
  ],
  [
    'GET',
    '/notifications/:notificationId',
    // The app refuses a waitMs that is not an integer from 0 to 30000 (400 at `waitMs`), as HTTP does.
    (api, caller, p, _body, query) =>
      api.getNotification(
        caller,
        p.notificationId,
        query.has('waitMs') ? Number(query.get('waitMs')) : undefined,
      ),
  ],
];

const match = (pattern, path) => {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params = {};
  for (const [index, part] of want.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(got[index]);
    else if (part !== got[index]) return undefined;
  }
  return params;
};

const send = (response, status, body, contentType = 'application/json') => {
  response.writeHead(status, body === undefined ? {} : { 'content-type': contentType });
  response.end(body === undefined ? undefined : JSON.stringify(body));
};

/**
 * The transport's own problems (unknown route, unreadable body, a failure), in the app's problem
 * shape (C-3.1), with the contract's codes (C-3.2) and the status's reason phrase as title.
 */
const transportProblem = (status, code, detail) => ({
  type: `https://basket-service.example/problems/${code}`,
  title: STATUS_CODES[status] ?? code,
  status,
  detail,
  code,
});

/** More than the app takes (64 Ki characters of JSON, a 413) is not read off the wire at all. */
const MAX_BODY_BYTES = 256 * 1024;

class BodyTooLarge extends Error {}

const readBody = async (request) => {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
};

/** Starts the app and its node:http transport; answers the URL and a close that drains the app. */
export const startServer = async ({ port = 0, host = '127.0.0.1' } = {}) => {
  const catalog = await loadCatalogFile(process.env.BASKET_CATALOG ?? demoCatalogPath);
  const storage = createMemoryStorage();
  const app = createBasketApp({
    storage,
    // The simulated providers keep what they did (sessions, payments, confirmations) in the storage.
    providers: simulatedProviders(catalog, { latencyMs: 0, ledger: storage.providerLedger }),
    paymentProvider: simulatedPaymentProvider(catalog, { ids: randomIds, ledger: storage.providerLedger }),
    clock: systemClock,
    ids: randomIds,
    onError: (error) =>
      console.error('basket processing failed', error instanceof Error ? error.name : error),
  });

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://transport');
    const found = routes
      .map(([method, pattern, handle, etag, identify]) => ({
        method,
        handle,
        etag,
        identify,
        params: match(pattern, url.pathname),
      }))
      .filter((route) => route.params !== undefined);
    const route = found.find((candidate) => candidate.method === request.method);
    if (route === undefined) {
      const status = found.length > 0 ? 405 : 404;
      return send(
        response,
        status,
        transportProblem(
          status,
          status === 405 ? 'method-not-allowed' : 'not-found',
          `no route ${request.method} ${url.pathname}`,
        ),
        'application/problem+json',
      );
    }
    const storeId = request.headers['x-store'];
    if (typeof storeId !== 'string' || storeId === '') {
      return send(
        response,
        401,
        transportProblem(401, 'unauthorized', 'x-store is required'),
        'application/problem+json',
      );
    }
    const contactId = request.headers['x-contact'];
    // The caller's signal aborts when its client goes away before the answer: a long poll (waitMs)
    // then ends at once instead of holding a timer and re-reading the storage.
    const gone = new AbortController();
    response.once('close', () => {
      if (!response.writableEnded) gone.abort();
    });
    const caller = {
      storeId,
      ...(typeof contactId === 'string' && contactId !== '' ? { contactId } : {}),
      signal: gone.signal,
    };
    let body;
    try {
      body = await readBody(request);
    } catch (error) {
      const tooLarge = error instanceof BodyTooLarge;
      return send(
        response,
        tooLarge ? 413 : 400,
        tooLarge
          ? transportProblem(413, 'payload-too-large', 'the body is too large')
          : transportProblem(400, 'validation-failed', 'the body is not JSON'),
        'application/problem+json',
      );
    }
    // C-6.3: the same key and request again answers the first answer, from any process on the store;
    // the fingerprint is the one the HTTP interface computes, so keys carry across transports.
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    if (!key.ok) {
      return send(
        response,
        400,
        { ...transportProblem(400, 'validation-failed', 'the request is not valid'), errors: [key.error] },
        'application/problem+json',
      );
    }
    if (key.value !== undefined && route.identify !== undefined) {
      const [name, params] = route.identify(route.params);
      caller.idempotency = { key: key.value, fingerprint: operationFingerprint(name, params, body) };
    }
    try {
      const answer = await route.handle(app.api, caller, route.params, body, url.searchParams);
      if (route.etag && answer.status === 200 && answer.version !== undefined)
        response.setHeader('etag', `"${answer.version}"`);
      if ('problem' in answer)
        return send(response, answer.status, answer.problem, 'application/problem+json');
      return send(response, answer.status, 'body' in answer ? answer.body : undefined);
    } catch (error) {
      console.error('request failed', error instanceof Error ? error.name : error);
      return send(
        response,
        500,
        transportProblem(500, 'internal-error', 'the request failed'),
        'application/problem+json',
      );
    }
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    url: `http://${host}:${address.port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await app.drain();
    },
  };
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const { url, close } = await startServer({ port: Number(process.env.PORT ?? 3001) });
  console.log(`basket app behind node:http on ${url}`);
  process.once('SIGTERM', () => close().then(() => process.exit(0)));
  process.once('SIGINT', () => close().then(() => process.exit(0)));
}
