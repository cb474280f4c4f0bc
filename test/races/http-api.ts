import type { Answer, Caller, Preconditions, Problem } from '@basket/app';
import { keyOf, mint } from '../http/support/tokens';

/** The part of the app's API that the race scenarios use, served in-process or over HTTP. */
export type RaceApi = {
  readonly createBasket: (caller: Caller) => Promise<Answer>;
  readonly getBasket: (caller: Caller, basketId: string) => Promise<Answer>;
  readonly getBasketEvents: (caller: Caller, basketId: string) => Promise<Answer>;
  readonly assignContact: (caller: Caller, basketId: string, pre?: Preconditions) => Promise<Answer>;
  readonly addProduct: (
    caller: Caller,
    basketId: string,
    productId: string,
    body: unknown,
    pre?: Preconditions,
  ) => Promise<Answer>;
  readonly updateLineItemQuantity: (
    caller: Caller,
    basketId: string,
    providerBasketId: string,
    lineItemId: string,
    body: unknown,
    pre?: Preconditions,
  ) => Promise<Answer>;
  readonly setProviderBasketDeliveryMethod: (
    caller: Caller,
    basketId: string,
    providerBasketId: string,
    body: unknown,
    pre?: Preconditions,
  ) => Promise<Answer>;
  readonly setCustomerDetails: (
    caller: Caller,
    basketId: string,
    body: unknown,
    pre?: Preconditions,
  ) => Promise<Answer>;
  readonly addVoucherToBasket: (
    caller: Caller,
    basketId: string,
    body: unknown,
    pre?: Preconditions,
  ) => Promise<Answer>;
  readonly removeVoucherFromBasket: (
    caller: Caller,
    basketId: string,
    body: unknown,
    pre?: Preconditions,
  ) => Promise<Answer>;
  readonly createPaymentIntent: (
    caller: Caller,
    basketId: string,
    body: unknown,
    pre?: Preconditions,
  ) => Promise<Answer>;
  readonly deletePaymentIntent: (
    caller: Caller,
    basketId: string,
    paymentIntentId: string,
    pre?: Preconditions,
  ) => Promise<Answer>;
  readonly useSavedPaymentToken: (caller: Caller, body: unknown) => Promise<Answer>;
  readonly getNotification: (caller: Caller, notificationId: string, waitMs?: number) => Promise<Answer>;
};

const tokens = new Map<string, Promise<string>>();
const tokenOf = (contactId: string | undefined): Promise<string> => {
  const key = contactId ?? '';
  const known = tokens.get(key);
  if (known !== undefined) return known;
  const minted = mint(
    contactId === undefined ? { expiresIn: 24 * 3600 } : { sub: contactId, expiresIn: 24 * 3600 },
  );
  tokens.set(key, minted);
  return minted;
};

/** An HTTP answer as the app's `Answer` (status, body or problem, the ETag's version). */
const answerOf = async (response: Response): Promise<Answer> => {
  const text = await response.text();
  const etag = response.headers.get('etag');
  const version = etag === null ? undefined : Number(etag.replaceAll('"', ''));
  const body = text === '' ? undefined : (JSON.parse(text) as Record<string, never> & Problem);
  const status = response.status;
  if (status === 204) return version === undefined ? { status } : { status, version };
  if (status === 200 || status === 202) {
    return version === undefined ? { status, body: body ?? {} } : { status, body: body ?? {}, version };
  }
  if (body === undefined) throw new Error(`${status} without a problem body`);
  return { status: status as 400, problem: body };
};

/** The race API of a server at `url`: each call one HTTP request, with the caller's credentials. */
export const httpApi = (url: string): RaceApi => {
  const send = async (
    method: string,
    path: string,
    caller: Caller,
    body?: unknown,
    pre?: Preconditions,
  ): Promise<Answer> => {
    const headers: Record<string, string> = {
      'x-api-key': keyOf(caller.storeId),
      authorization: `Bearer ${await tokenOf(caller.contactId)}`,
    };
    if (caller.idempotency !== undefined) headers['idempotency-key'] = caller.idempotency.key;
    if (pre?.ifMatch !== undefined) headers['if-match'] = `"${pre.ifMatch}"`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return answerOf(response);
  };
  const b = (id: string) => `/baskets/${encodeURIComponent(id)}`;
  const e = encodeURIComponent;
  return {
    createBasket: (caller) => send('POST', '/baskets', caller),
    getBasket: (caller, id) => send('GET', b(id), caller),
    getBasketEvents: (caller, id) => send('GET', `${b(id)}/events`, caller),
    assignContact: (caller, id, pre) => send('PATCH', `${b(id)}/assign-contact`, caller, undefined, pre),
    addProduct: (caller, id, productId, body, pre) =>
      send('POST', `${b(id)}/products/${e(productId)}`, caller, body, pre),
    updateLineItemQuantity: (caller, id, pb, line, body, pre) =>
      send('PATCH', `${b(id)}/provider/${e(pb)}/items/${e(line)}/quantity`, caller, body, pre),
    setProviderBasketDeliveryMethod: (caller, id, pb, body, pre) =>
      send('POST', `${b(id)}/provider/${e(pb)}/set-delivery-method`, caller, body, pre),
    setCustomerDetails: (caller, id, body, pre) =>
      send('PATCH', `${b(id)}/set-customer-details`, caller, body, pre),
    addVoucherToBasket: (caller, id, body, pre) => send('POST', `${b(id)}/voucher`, caller, body, pre),
    removeVoucherFromBasket: (caller, id, body, pre) => send('DELETE', `${b(id)}/voucher`, caller, body, pre),
    createPaymentIntent: (caller, id, body, pre) =>
      send('POST', `${b(id)}/payment-intents`, caller, body, pre),
    deletePaymentIntent: (caller, id, intent, pre) =>
      send('DELETE', `${b(id)}/payment-intents/${e(intent)}`, caller, undefined, pre),
    useSavedPaymentToken: (caller, body) => send('POST', '/psp/tokens/use-existing', caller, body),
    getNotification: (caller, id, waitMs) =>
      send('GET', `/notifications/${e(id)}${waitMs === undefined ? '' : `?waitMs=${waitMs}`}`, caller),
  };
};
