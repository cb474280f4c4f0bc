import { describe, expect, it } from 'vitest';
import { BasketProblemError, BasketResponseError, createBasketClient } from '../src/index';

const BASKET_ID = '0b7a1c52-4b8e-4c1e-9d0f-3a2b1c0d9e8f';

/** A client whose fetch answers `respond` without any server. */
const clientAnswering = (respond: () => Response) =>
  createBasketClient({
    baseUrl: 'http://basket.invalid',
    apiKey: 'YXJlbmEtd2Vi',
    token: 'token',
    retry: { retries: 1, delayMs: () => 0 },
    fetch: async () => respond(),
  });

const json = (status: number, body: unknown, contentType = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } });

const rejection = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );

describe('responses are decoded with the core codecs', () => {
  it('a body that does not decode is an error naming the request and the invalid paths', async () => {
    const client = clientAnswering(() =>
      json(200, { id: BASKET_ID, created: 'yesterday', providerBaskets: [{ id: 'not an id' }] }),
    );
    const error = await rejection(client.basket(BASKET_ID).get());
    expect(error).toBeInstanceOf(BasketResponseError);
    if (!(error instanceof BasketResponseError)) return;
    expect(error.message).toContain(`GET /baskets/${BASKET_ID}`);
    expect(error.message).toContain('does not decode as Basket');
    const paths = error.fieldErrors.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['created', 'providerBaskets.0.id', 'totalPrice']));
  });

  it('a body that is not JSON, a 5xx without a problem, and an unexpected status are response errors', async () => {
    const notJson = await rejection(
      clientAnswering(() => new Response('<html>', { status: 200 }))
        .basket(BASKET_ID)
        .get(),
    );
    expect(notJson).toBeInstanceOf(BasketResponseError);
    const gateway = await rejection(
      clientAnswering(() => new Response('bad gateway', { status: 502 }))
        .basket(BASKET_ID)
        .get(),
    );
    expect(gateway).toMatchObject({ name: 'BasketResponseError', status: 502 });
    const created = await rejection(clientAnswering(() => json(201, {})).createBasket());
    expect(created).toMatchObject({ name: 'BasketResponseError', status: 201 });
  });

  it('a problem+json body is a BasketProblemError with its code, status and field errors', async () => {
    const problem = {
      type: 'https://basket.example/problems/validation-failed',
      title: 'Validation failed',
      status: 400,
      detail: 'the request is invalid',
      code: 'validation-failed',
      errors: [{ path: 'quantity', message: 'expected an integer from 1 to 99' }],
    };
    const error = await rejection(
      clientAnswering(() => json(400, problem, 'application/problem+json'))
        .basket(BASKET_ID)
        .addProduct('fnb:arena|46602259e87b5062c3ef0e0f', { quantity: 0 }),
    );
    expect(error).toBeInstanceOf(BasketProblemError);
    expect(error).toMatchObject({ code: 'validation-failed', status: 400, errors: problem.errors });
  });
});
