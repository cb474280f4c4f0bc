import { type OperationName, operationNames, operations, parametersOf } from '@basket/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentsOf, inputOf } from '../src/api/operation-input';
import { type BasketApi, callOperation } from '../src/index';

const caller = { storeId: 'arena-web' };

/** The number of arguments after the caller that an operation's method takes. */
const arity = (name: OperationName): number => {
  const operation = operations[name];
  const last =
    'query' in operation || operation.ifMatch || ('ifNoneMatch' in operation && operation.ifNoneMatch);
  return parametersOf(operation.path).length + ('request' in operation ? 1 : 0) + (last ? 1 : 0);
};

describe('the BasketApi arguments of an operation', () => {
  it('lay an input out as the method’s positional arguments, and read them back', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...operationNames),
        fc.array(fc.string({ minLength: 1 }), { minLength: 6, maxLength: 6 }),
        fc.object(),
        fc.nat(),
        (name, ids, body, version) => {
          const names = parametersOf(operations[name].path);
          const params = Object.fromEntries(names.map((parameter, i) => [parameter, ids[i] ?? '']));
          const input = {
            params,
            body,
            pre: { ifMatch: version },
            waitMs: version,
            page: { after: version },
          };
          const args = argumentsOf(name, input);
          expect(args).toHaveLength(arity(name));
          expect(argumentsOf(name, inputOf(name, args))).toEqual(args);
        },
      ),
    );
  });

  it('call the method of the operation by its name, with the caller first', async () => {
    const calls: Array<{ method: string; args: ReadonlyArray<unknown> }> = [];
    const api = new Proxy(
      {},
      {
        get:
          (_, method) =>
          async (...args: ReadonlyArray<unknown>) => {
            calls.push({ method: String(method), args });
            return { status: 204 };
          },
      },
    ) as BasketApi;
    await callOperation(api, 'addProductToBasket', caller, {
      params: { id: 'b1', productId: 'p1' },
      body: { quantity: 1 },
      pre: { ifMatch: 3 },
    });
    await callOperation(api, 'getNotification', caller, { params: { notificationId: 'n1' }, waitMs: 10 });
    await callOperation(api, 'useSavedPaymentToken', caller, { params: {}, body: { tokenId: 't' } });
    expect(calls).toEqual([
      { method: 'addProduct', args: [caller, 'b1', 'p1', { quantity: 1 }, { ifMatch: 3 }] },
      { method: 'getNotification', args: [caller, 'n1', 10] },
      { method: 'useSavedPaymentToken', args: [caller, { tokenId: 't' }] },
    ]);
  });

  it('answer a path parameter named otherwise than in the table with a 400 naming the expected ones', async () => {
    const called: string[] = [];
    const api = new Proxy({}, { get: (_, method) => async () => called.push(String(method)) }) as BasketApi;
    const answer = await callOperation(api, 'getBasket', caller, { params: { basketId: 'b1' } });
    expect(answer).toMatchObject({
      status: 400,
      problem: {
        code: 'validation-failed',
        errors: [
          { path: 'params.id', message: 'getBasket takes its path parameters as { id }' },
          {
            path: 'params.basketId',
            message: 'getBasket takes its path parameters as { id }; basketId is not one of them',
          },
        ],
      },
    });
    expect(called).toEqual([]);
  });

  it('answer an input field put among the path parameters with a 400 saying where it goes, rather than ignore it', async () => {
    const called: string[] = [];
    const api = new Proxy({}, { get: (_, method) => async () => called.push(String(method)) }) as BasketApi;
    const answer = await callOperation(api, 'getNotification', caller, {
      params: { notificationId: 'n1', waitMs: 10_000 },
    });
    expect(answer).toMatchObject({
      status: 400,
      problem: {
        code: 'validation-failed',
        errors: [
          {
            path: 'params.waitMs',
            message:
              'getNotification takes its path parameters as { notificationId }; waitMs is not one of them (it goes beside params: { params, waitMs })',
          },
        ],
      },
    });
    expect(called).toEqual([]);
  });
});
