import { describe, expect, it } from 'vitest';
import {
  fillPath,
  NotificationOperation,
  operationEntries,
  operationNames,
  operations,
  parametersOf,
  pathParameters,
  problemStatuses,
} from '../../src/index';

/**
 * The interface's endpoint table, row by row (number, operation, method and path), and the reads of
 * C-4.4. Endpoint 17 has no operation name in the interface; the service calls it
 * `useSavedPaymentToken`.
 */
const interfaceTable = [
  [1, 'createBasket', 'POST /baskets'],
  [2, 'getBasket', 'GET /baskets/{id}'],
  [3, 'deleteBasket', 'DELETE /baskets/{id}'],
  [4, 'assignContact', 'PATCH /baskets/{id}/assign-contact'],
  [5, 'createPaymentIntent', 'POST /baskets/{id}/payment-intents'],
  [6, 'deletePaymentIntent', 'DELETE /baskets/{id}/payment-intents/{paymentIntentId}'],
  [7, 'addProductToBasket', 'POST /baskets/{id}/products/{productId}'],
  [8, 'selectSeats', 'POST /baskets/{id}/products/{productId}/ticketing/select-seats'],
  [9, 'selectTimeSlot', 'POST /baskets/{id}/products/{productId}/time-slots/select-slot'],
  [10, 'deleteLineItem', 'DELETE /baskets/{id}/provider/{providerBasketId}/items/{lineItemId}'],
  [11, 'updateLineItem', 'PATCH /baskets/{id}/provider/{providerBasketId}/items/{lineItemId}'],
  [
    12,
    'updateLineItemQuantity',
    'PATCH /baskets/{id}/provider/{providerBasketId}/items/{lineItemId}/quantity',
  ],
  [
    13,
    'setProviderBasketDeliveryMethod',
    'POST /baskets/{id}/provider/{providerBasketId}/set-delivery-method',
  ],
  [14, 'setCustomerDetails', 'PATCH /baskets/{id}/set-customer-details'],
  [15, 'addVoucherToBasket', 'POST /baskets/{id}/voucher'],
  [16, 'removeVoucherFromBasket', 'DELETE /baskets/{id}/voucher'],
  [17, 'useSavedPaymentToken', 'POST /psp/tokens/use-existing'],
] as const;

const reads = [
  ['getPaymentIntent', 'GET /baskets/{id}/payment-intents/{paymentIntentId}'],
  ['getBasketEvents', 'GET /baskets/{id}/events'],
  ['getNotification', 'GET /notifications/{notificationId}'],
] as const;

const lineOf = (name: keyof typeof operations) => `${operations[name].method} ${operations[name].path}`;

describe('the operation table', () => {
  it('has every operation of the interface and every read of C-4.4, each exactly once, and nothing else', () => {
    const expected = [...interfaceTable.map(([, name, line]) => [name, line]), ...reads];
    expect(operationNames).toHaveLength(expected.length);
    expect(new Set(operationNames).size).toBe(operationNames.length);
    expect(Object.fromEntries(operationNames.map((name) => [name, lineOf(name)]))).toEqual(
      Object.fromEntries(expected),
    );
  });

  it('answers one method and path per entry: no two entries share a route', () => {
    const lines = operationNames.map(lineOf);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('knows every path parameter it uses, and takes a body on exactly the interface operations that have one', () => {
    for (const { path } of operationEntries)
      for (const parameter of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''))
        expect(Object.keys(pathParameters)).toContain(parameter);
    expect(parametersOf('/baskets/{id}/provider/{providerBasketId}/items/{lineItemId}')).toEqual([
      'id',
      'providerBasketId',
      'lineItemId',
    ]);
    const withBody = operationEntries.filter((entry) => entry.request !== undefined).map((e) => e.name);
    expect(withBody.sort()).toEqual(
      [5, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17].map((n) => interfaceTable[n - 1]?.[1]).sort(),
    );
  });

  it('lists a command acceptance (200 or 202) first for every modifying operation but the synchronous ones', () => {
    const synchronous = ['createBasket', 'deleteBasket', 'useSavedPaymentToken'];
    for (const entry of operationEntries.filter((e) => e.modifying && !synchronous.includes(e.name)))
      expect([200, 202]).toContain(entry.responses[0]?.status);
  });

  it('fills a path with encoded ids and names the problem statuses of an entry', () => {
    expect(
      fillPath(operations.deleteLineItem.path, { id: 'b 1', providerBasketId: 'a|b', lineItemId: 'l' }),
    ).toBe('/baskets/b%201/provider/a%7Cb/items/l');
    expect(problemStatuses(operations.getNotification)).toEqual([400, 401, 403, 404, 500]);
    expect(problemStatuses(operations.createBasket)).toEqual([400, 401, 413, 415, 422, 500]);
  });

  it('names in notifications exactly its operations that are accepted as commands', () => {
    const synchronous = ['createBasket', 'deleteBasket'];
    const notifying = operationEntries.filter((e) => e.modifying && !synchronous.includes(e.name));
    expect(Object.keys(NotificationOperation.keys).sort()).toEqual(notifying.map((e) => e.name).sort());
  });
});
