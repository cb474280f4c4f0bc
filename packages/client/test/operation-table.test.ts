import { fillPath, type OperationName, operationNames, operations } from '@basket/core';
import { describe, expect, it } from 'vitest';
import { type BasketClient, createBasketClient } from '../src/index';

const ids = {
  id: 'basket-1',
  paymentIntentId: 'intent-1',
  notificationId: 'notification-1',
  productId: 'fnb:arena|46602259e87b5062c3ef0e0f',
  providerBasketId: 'fnb:arena|aaaaaaaaaaaaaaaaaaaaaaaa',
  lineItemId: 'fnb:arena|bbbbbbbbbbbbbbbbbbbbbbbb',
} as const;

/**
 * The client method of each entry of the table. Typed by the table's names: an entry added to the
 * table does not compile here until the client has a method for it.
 */
const clientCalls: { readonly [K in OperationName]: (client: BasketClient) => Promise<unknown> } = {
  createBasket: (c) => c.createBasket(),
  getBasket: (c) => c.basket(ids.id).get(),
  deleteBasket: (c) => c.basket(ids.id).delete(),
  assignContact: (c) => c.basket(ids.id).assignContact(),
  createPaymentIntent: (c) => c.basket(ids.id).createPaymentIntent(),
  deletePaymentIntent: (c) => c.basket(ids.id).deletePaymentIntent(ids.paymentIntentId),
  getPaymentIntent: (c) => c.basket(ids.id).paymentIntent(ids.paymentIntentId),
  getBasketEvents: (c) => c.basket(ids.id).events(),
  addProductToBasket: (c) => c.basket(ids.id).addProduct(ids.productId, { quantity: 1 }),
  selectSeats: (c) => c.basket(ids.id).selectSeats(ids.productId, { rates: [] }),
  selectTimeSlot: (c) => c.basket(ids.id).selectTimeSlot(ids.productId, { timeSlotId: 'slot', rates: [] }),
  deleteLineItem: (c) => c.basket(ids.id).deleteLineItem(ids.providerBasketId, ids.lineItemId),
  updateLineItem: (c) =>
    c.basket(ids.id).updateLineItem(ids.providerBasketId, ids.lineItemId, { type: 'TimeSlot', quantity: 1 }),
  updateLineItemQuantity: (c) =>
    c.basket(ids.id).updateLineItemQuantity(ids.providerBasketId, ids.lineItemId, {
      quantity: 1,
    }),
  setProviderBasketDeliveryMethod: (c) =>
    c.basket(ids.id).setDeliveryMethod(ids.providerBasketId, {
      deliveryMethod: { type: 'Digital', id: 'digital' },
    }),
  setCustomerDetails: (c) => c.basket(ids.id).setCustomerDetails({}),
  addVoucherToBasket: (c) => c.basket(ids.id).addVoucher({ voucherCode: 'V' }),
  removeVoucherFromBasket: (c) => c.basket(ids.id).removeVoucher({ voucherCode: 'V' }),
  useSavedPaymentToken: (c) => c.useSavedPaymentToken({ paymentIntentId: 'intent-1', tokenId: 'token-1' }),
  getNotification: (c) => c.notification(ids.notificationId),
};

/** The method and path (without the query) of every request a call sends; every answer is a 404. */
const sentBy = async (call: (client: BasketClient) => Promise<unknown>): Promise<string[]> => {
  const sent: string[] = [];
  const client = createBasketClient({
    baseUrl: 'http://basket.test',
    apiKey: 'key',
    token: 'token',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      const problem = {
        type: 'about:blank',
        title: 'Not found',
        status: 404,
        detail: 'none',
        code: 'basket-not-found',
      };
      return new Response(JSON.stringify(problem), {
        status: 404,
        headers: { 'content-type': 'application/problem+json' },
      });
    },
  });
  await call(client).catch(() => undefined);
  return sent;
};

describe('the client is the operation table', () => {
  it('sends, for each entry of the table, one request with the entry’s method and path', async () => {
    for (const name of operationNames) {
      const { method, path } = operations[name];
      expect(await sentBy(clientCalls[name])).toEqual([`${method} ${fillPath(path, ids)}`]);
    }
    expect(Object.keys(clientCalls).sort()).toEqual([...operationNames].sort());
  });
});
