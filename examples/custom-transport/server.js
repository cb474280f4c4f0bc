// The basket app behind node:http: a transport of a handful of routes instead of the Fastify one
// of @basket/http. The app decides everything that matters (validation, scoping, ownership,
// locks, idempotency); a transport only says who calls and maps the app's answers to its protocol.
//
// Who calls comes from two headers here, `x-store` and `x-contact` (absent for a guest). A real
// transport authenticates them (API key and token, a signed message, mTLS...): this one trusts them.
import { createServer } from 'node:http';
import { createBasketApp, randomIds, systemClock } from '@basket/app';
import {
  demoCatalogPath,
  loadCatalogFile,
  simulatedPaymentProvider,
  simulatedProviders,
} from '@basket/providers-catalog';
import { createMemoryStorage } from '@basket/store-memory';

/** [method, path pattern, handler(caller, params, body, query)] */
const routes = [
  ['POST', '/baskets', (api, caller) => api.createBasket(caller)],
  ['GET', '/baskets/:basketId', (api, caller, p) => api.getBasket(caller, p.basketId)],
  ['DELETE', '/baskets/:basketId', (api, caller, p) => api.deleteBasket(caller, p.basketId)],
  [
    'POST',
    '/baskets/:basketId/products/:productId',
    (api, caller, p, body) => api.addProduct(caller, p.basketId, p.productId, body),
  ],
  [
    'DELETE',
    '/baskets/:basketId/provider-baskets/:providerBasketId/line-items/:lineItemId',
    (api, caller, p) => api.deleteLineItem(caller, p.basketId, p.providerBasketId, p.lineItemId),
  ],
  [
    'GET',
    '/notifications/:notificationId',
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

/** The transport's own problems (unknown route, unreadable body), in the app's problem shape. */
const transportProblem = (status, code, detail) => ({
  type: `https://basket-service.example/problems/${code}`,
  title: code,
  status,
  detail,
  code,
});

const readBody = async (request) => {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
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
      .map(([method, pattern, handle]) => ({ method, handle, params: match(pattern, url.pathname) }))
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
    const caller = typeof contactId === 'string' && contactId !== '' ? { storeId, contactId } : { storeId };
    let body;
    try {
      body = await readBody(request);
    } catch {
      return send(
        response,
        400,
        transportProblem(400, 'validation-failed', 'the body is not JSON'),
        'application/problem+json',
      );
    }
    try {
      const answer = await route.handle(app.api, caller, route.params, body, url.searchParams);
      if (answer.version !== undefined) response.setHeader('etag', `"${answer.version}"`);
      if ('problem' in answer)
        return send(response, answer.status, answer.problem, 'application/problem+json');
      return send(response, answer.status, 'body' in answer ? answer.body : undefined);
    } catch (error) {
      console.error('request failed', error instanceof Error ? error.name : error);
      return send(
        response,
        500,
        transportProblem(500, 'internal', 'the request failed'),
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
