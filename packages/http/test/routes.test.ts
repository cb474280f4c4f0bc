import type { Answer, Caller } from '@basket/app';
import { StorageUnavailableError } from '@basket/app';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  STORE,
} from './support';

const B = `/baskets/${BASKET_ID}`;
const PI = '0190a3c2-7d4e-7a51-9b3e-5f2a6c1d8e92';
const body = { quantity: 2 };

/** Every endpoint of the interface and of C-4.4, the API operation it calls and the arguments after the caller. */
const cases: ReadonlyArray<{
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  body?: object;
  operation: Call['operation'];
  args: ReadonlyArray<unknown>;
}> = [
  { method: 'POST', url: '/baskets', operation: 'createBasket', args: [] },
  { method: 'GET', url: B, operation: 'getBasket', args: [BASKET_ID, {}] },
  { method: 'DELETE', url: B, operation: 'deleteBasket', args: [BASKET_ID, {}] },
  { method: 'PATCH', url: `${B}/assign-contact`, operation: 'assignContact', args: [BASKET_ID, {}] },
  {
    method: 'POST',
    url: `${B}/payment-intents`,
    body: { a: 1 },
    operation: 'createPaymentIntent',
    args: [BASKET_ID, { a: 1 }, {}],
  },
  {
    method: 'DELETE',
    url: `${B}/payment-intents/${PI}`,
    operation: 'deletePaymentIntent',
    args: [BASKET_ID, PI, {}],
  },
  {
    method: 'POST',
    url: `${B}/products/${encodeURIComponent(PRODUCT)}`,
    body,
    operation: 'addProduct',
    args: [BASKET_ID, PRODUCT, body, {}],
  },
  {
    method: 'POST',
    url: `${B}/products/${encodeURIComponent(PRODUCT)}/ticketing/select-seats`,
    body,
    operation: 'selectSeats',
    args: [BASKET_ID, PRODUCT, body, {}],
  },
  {
    method: 'POST',
    url: `${B}/products/${encodeURIComponent(PRODUCT)}/time-slots/select-slot`,
    body,
    operation: 'selectTimeSlot',
    args: [BASKET_ID, PRODUCT, body, {}],
  },
  {
    method: 'DELETE',
    url: `${B}/provider/${encodeURIComponent(PROVIDER_BASKET)}/items/${encodeURIComponent(LINE)}`,
    operation: 'deleteLineItem',
    args: [BASKET_ID, PROVIDER_BASKET, LINE, {}],
  },
  {
    method: 'PATCH',
    url: `${B}/provider/${encodeURIComponent(PROVIDER_BASKET)}/items/${encodeURIComponent(LINE)}`,
    body,
    operation: 'updateLineItem',
    args: [BASKET_ID, PROVIDER_BASKET, LINE, body, {}],
  },
  {
    method: 'PATCH',
    url: `${B}/provider/${encodeURIComponent(PROVIDER_BASKET)}/items/${encodeURIComponent(LINE)}/quantity`,
    body,
    operation: 'updateLineItemQuantity',
    args: [BASKET_ID, PROVIDER_BASKET, LINE, body, {}],
  },
  {
    method: 'POST',
    url: `${B}/provider/${encodeURIComponent(PROVIDER_BASKET)}/set-delivery-method`,
    body,
    operation: 'setProviderBasketDeliveryMethod',
    args: [BASKET_ID, PROVIDER_BASKET, body, {}],
  },
  {
    method: 'PATCH',
    url: `${B}/set-customer-details`,
    body,
    operation: 'setCustomerDetails',
    args: [BASKET_ID, body, {}],
  },
  { method: 'POST', url: `${B}/voucher`, body, operation: 'addVoucherToBasket', args: [BASKET_ID, body, {}] },
  // Interface #16: the DELETE carries a body.
  {
    method: 'DELETE',
    url: `${B}/voucher`,
    body,
    operation: 'removeVoucherFromBasket',
    args: [BASKET_ID, body, {}],
  },
  { method: 'POST', url: '/psp/tokens/use-existing', body, operation: 'useSavedPaymentToken', args: [body] },
  { method: 'GET', url: `${B}/payment-intents/${PI}`, operation: 'getPaymentIntent', args: [BASKET_ID, PI] },
  {
    method: 'GET',
    url: `/notifications/${NOTIFICATION_ID}`,
    operation: 'getNotification',
    args: [NOTIFICATION_ID, undefined],
  },
  {
    method: 'GET',
    url: `/notifications/${NOTIFICATION_ID}?waitMs=0`,
    operation: 'getNotification',
    args: [NOTIFICATION_ID, 0],
  },
  { method: 'GET', url: `${B}/events`, operation: 'getBasketEvents', args: [BASKET_ID, {}] },
  {
    method: 'GET',
    url: `${B}/events?after=12&limit=50`,
    operation: 'getBasketEvents',
    args: [BASKET_ID, { after: 12, limit: 50 }],
  },
];

describe('every endpoint is bound to its API operation', () => {
  let app: FastifyInstance;
  const fake = fakeApi(async () => notificationAnswer);
  beforeAll(async () => {
    app = await buildApp(fake.api);
  });
  afterAll(() => app.close());

  it.each(cases)('$method $url → $operation', async ({ method, url, body: payload, operation, args }) => {
    fake.calls.length = 0;
    const headers = await authHeaders('contact-alice');
    const response = await app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ notificationId: NOTIFICATION_ID });
    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call?.operation).toBe(operation);
    // Endpoint 17 waits for the payment's outcome: its caller carries the signal of its client's going.
    const { signal, ...caller } = (call?.args[0] ?? {}) as Caller;
    expect(caller).toEqual({ storeId: STORE, contactId: 'contact-alice' });
    expect(signal !== undefined).toBe(operation === 'useSavedPaymentToken');
    expect(call?.args.slice(1)).toEqual(args);
  });
});

describe('answers', () => {
  const answers: Record<string, Answer> = {};
  const fake = fakeApi(async (operation) => answers[operation] ?? notificationAnswer);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(fake.api);
  });
  afterAll(() => app.close());

  it('a Basket answer carries ETag "<version>" (C-6.1)', async () => {
    answers.getBasket = { status: 200, body: { id: BASKET_ID }, version: 7 };
    const response = await app.inject({ method: 'GET', url: B, headers: await authHeaders() });
    expect(response.headers.etag).toBe('"7"');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('a 204 has no body and no content type (C-4.1)', async () => {
    answers.addVoucherToBasket = { status: 204, version: 3 };
    const response = await app.inject({
      method: 'POST',
      url: `${B}/voucher`,
      headers: await authHeaders(),
      payload: { voucherCode: 'SHIRT10' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers['content-type']).toBeUndefined();
  });

  it('a 202 answers its body', async () => {
    answers.setCustomerDetails = { status: 202, body: { notificationId: NOTIFICATION_ID } };
    const response = await app.inject({
      method: 'PATCH',
      url: `${B}/set-customer-details`,
      headers: await authHeaders(),
      payload: {},
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ notificationId: NOTIFICATION_ID });
  });

  it("the app's problems are answered as problem+json with their status (C-3.1)", async () => {
    const problem = {
      type: 'https://basket-service.example/problems/basket-locked',
      title: 'Locked',
      status: 409,
      detail: 'A payment intent is active.',
      code: 'basket-locked' as const,
    };
    answers.deleteBasket = { status: 409, problem };
    const response = await app.inject({ method: 'DELETE', url: B, headers: await authHeaders() });
    expect(response.statusCode).toBe(409);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toEqual(problem);
  });

  it('an API that throws is a 500 internal-error that tells nothing of the cause', async () => {
    const throwing = fakeApi(async () => {
      throw new Error('secret database detail alice@example.com');
    });
    const broken = await buildApp(throwing.api);
    const response = await broken.inject({ method: 'GET', url: B, headers: await authHeaders() });
    await broken.close();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ status: 500, code: 'internal-error' });
    expect(response.body).not.toMatch(/secret|alice|at .*\.ts/);
    // The failure may have come after a commit: the answer never says that nothing changed, and
    // says how to learn what did (C-3.4, C-6.3).
    const { detail } = response.json() as { detail: string };
    expect(detail).not.toMatch(/nothing was changed/);
    expect(detail).toMatch(/all of it/);
    expect(detail).toMatch(/same Idempotency-Key/);
  });

  it('a storage that did not answer in time (StorageUnavailableError) is a 503 internal-error with Retry-After', async () => {
    const cause = Object.assign(new Error('canceling statement due to statement timeout alice@example.com'), {
      code: '57014',
    });
    const unavailable = fakeApi(async () => {
      throw new StorageUnavailableError('PostgreSQL cancelled a statement past its timeout', { cause });
    });
    const busy = await buildApp(unavailable.api);
    const response = await busy.inject({ method: 'DELETE', url: B, headers: await authHeaders() });
    await busy.close();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ status: 503, code: 'internal-error' });
    expect(response.body).not.toMatch(/alice|statement|57014/);
  });
});
