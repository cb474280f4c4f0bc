import { fillPath, operationEntries } from '@basket/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument, routes } from '../src/index';
import { publicEndpoints } from '../src/openapi/document';
import { fastifyPath } from '../src/routes';
import {
  authHeaders,
  BASKET_ID,
  buildApp,
  type Call,
  fakeApi,
  LINE,
  NOTIFICATION_ID,
  notificationAnswer,
  PRODUCT,
  PROVIDER_BASKET,
} from './support';

const ids: Readonly<Record<string, string>> = {
  id: BASKET_ID,
  paymentIntentId: '0190a3c2-7d4e-7a51-9b3e-5f2a6c1d8e92',
  notificationId: NOTIFICATION_ID,
  productId: PRODUCT,
  providerBasketId: PROVIDER_BASKET,
  lineItemId: LINE,
};

const table = operationEntries.map(({ name, method, path }) => ({ operationId: name, method, path }));

describe('the HTTP routes and the OpenAPI document are the operation table', () => {
  let app: FastifyInstance;
  const fake = fakeApi(async () => notificationAnswer);
  beforeAll(async () => {
    app = await buildApp(fake.api);
  });
  afterAll(async () => {
    await app.close();
  });

  it('has one route per entry of the table, in its order, and no other', () => {
    expect(routes.map(({ operationId, method, path }) => ({ operationId, method, path }))).toEqual(table);
    for (const { method, path } of table) expect(app.hasRoute({ method, url: fastifyPath(path) })).toBe(true);
  });

  it('documents exactly the entries of the table besides the public endpoints', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, { operationId: string }>>;
    const documented = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
      })),
    );
    const publicIds = new Set(publicEndpoints.map((endpoint) => endpoint.operationId));
    expect(documented.filter((d) => !publicIds.has(d.operationId))).toEqual(table);
  });

  it('calls one BasketApi method per entry, a different one for each', async () => {
    const called: Array<Call['operation']> = [];
    for (const { method, path, request } of operationEntries) {
      fake.calls.length = 0;
      const response = await app.inject({
        method,
        url: fillPath(path, ids),
        headers: { ...(await authHeaders('contact-1')), 'content-type': 'application/json' },
        ...(request === undefined ? {} : { payload: '{}' }),
      });
      expect(response.statusCode).toBe(200);
      expect(fake.calls).toHaveLength(1);
      called.push(fake.calls[0]?.operation ?? 'createBasket');
    }
    expect(new Set(called).size).toBe(operationEntries.length);
  });
});
