// Request chains of the HTTP benchmarks (bench/http.ts), as autocannon `requests` arrays: each
// connection runs its chain in order, carrying ids from one answer to the next in its context.

export type BenchRequest = {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path?: string;
  body?: string;
  headers?: Record<string, string>;
  setupRequest?: (request: BenchRequest, context: Record<string, string>) => BenchRequest;
  onResponse?: (status: number, body: string, context: Record<string, string>) => void;
};

export const PIE = encodeURIComponent('fnb:arena|46602259e87b5062c3ef0e0f');

const json = { 'content-type': 'application/json' };

const field = (body: string, name: string): string => {
  const value: unknown = JSON.parse(body)[name];
  return typeof value === 'string' ? value : '';
};

const keep =
  (name: string, from: string = name) =>
  (_status: number, body: string, context: Record<string, string>) => {
    context[name] = field(body, from);
  };

const createBasket: BenchRequest = { method: 'POST', path: '/baskets', onResponse: keep('basketId', 'id') };

const addPie: BenchRequest = {
  method: 'POST',
  headers: json,
  body: JSON.stringify({ quantity: 1 }),
  setupRequest: (request, context) => ({ ...request, path: `/baskets/${context.basketId}/products/${PIE}` }),
  onResponse: keep('notificationId'),
};

/** Holds the answer until the notification completes (C-5.2). */
const settle: BenchRequest = {
  method: 'GET',
  setupRequest: (request, context) => ({
    ...request,
    path: `/notifications/${context.notificationId}?waitMs=10000`,
  }),
};

/** Create a basket, add a product, and wait until its notification succeeded: 3 requests. */
export const addProductChain: ReadonlyArray<BenchRequest> = [createBasket, addPie, settle];

/** Notifications a chain read that did not end Succeeded (a failed add is not an operation done). */
export type Outcomes = { succeeded: number; other: number };

/**
 * The write operation as issue 11 defines it: add a product to a basket made beforehand, then wait
 * until its notification succeeded (POST + GET `?waitMs`, 2 requests). `nextBasket` hands each
 * operation a basket of its own, so that every add is a basket's first, as in `addProductChain`.
 */
export const addToMadeBasketChain = (
  nextBasket: () => string,
  outcomes: Outcomes,
): ReadonlyArray<BenchRequest> => [
  {
    ...addPie,
    setupRequest: (request, context) => {
      context.basketId = nextBasket();
      return { ...request, path: `/baskets/${context.basketId}/products/${PIE}` };
    },
  },
  {
    ...settle,
    onResponse: (_status, body) => {
      if (field(body, 'status') === 'Succeeded') outcomes.succeeded += 1;
      else outcomes.other += 1;
    },
  },
];

/** Makes baskets as fast as the server answers, for `addToMadeBasketChain`, into `made`. */
export const makeBaskets = (made: string[]): ReadonlyArray<BenchRequest> => [
  {
    method: 'POST',
    path: '/baskets',
    onResponse: (_status, body) => {
      const id = field(body, 'id');
      if (id !== '') made.push(id);
    },
  },
];

const readProviderBasket: BenchRequest = {
  method: 'GET',
  setupRequest: (request, context) => ({ ...request, path: `/baskets/${context.basketId}` }),
  onResponse: (_status, body, context) => {
    const basket = JSON.parse(body) as { providerBaskets: Array<{ id: string }> };
    context.providerBasketId = basket.providerBaskets[0]?.id ?? '';
  },
};

const setDelivery: BenchRequest = {
  method: 'POST',
  headers: json,
  setupRequest: (request, context) => ({
    ...request,
    path: `/baskets/${context.basketId}/provider/${encodeURIComponent(context.providerBasketId ?? '')}/set-delivery-method`,
    body: JSON.stringify({
      deliveryMethod: {
        type: 'KioskCollection',
        id: 'fnb-kiosk',
        kioskId: 'kiosk-north',
        collectionTime: new Date(Date.now() + 86_400_000).toISOString(),
        collectionId: 'bench',
        seatId: 'bench',
      },
    }),
  }),
  onResponse: keep('notificationId'),
};

const setDetails: BenchRequest = {
  method: 'PATCH',
  headers: json,
  body: JSON.stringify({ customerDetails: [{ type: 'Email', value: { email: 'bench@example.com' } }] }),
  setupRequest: (request, context) => ({
    ...request,
    path: `/baskets/${context.basketId}/set-customer-details`,
  }),
  onResponse: keep('notificationId'),
};

const createIntent: BenchRequest = {
  method: 'POST',
  headers: json,
  body: '{}',
  setupRequest: (request, context) => ({ ...request, path: `/baskets/${context.basketId}/payment-intents` }),
  onResponse: keep('paymentIntentId', 'id'),
};

const pay: BenchRequest = {
  method: 'POST',
  path: '/psp/tokens/use-existing',
  headers: json,
  setupRequest: (request, context) => ({
    ...request,
    body: JSON.stringify({ paymentIntentId: context.paymentIntentId, tokenId: 'tok_alice_visa' }),
  }),
};

/**
 * A whole purchase by Alice, 10 requests: create, add a pie (and wait), read the provider basket,
 * choose kiosk collection (and wait), give an email (and wait), create the intent (ready at once
 * with provider latency 0, C-4.2), pay with her saved token (204).
 */
export const purchaseChain: ReadonlyArray<BenchRequest> = [
  createBasket,
  addPie,
  settle,
  readProviderBasket,
  setDelivery,
  settle,
  setDetails,
  settle,
  createIntent,
  pay,
];

/** A basket with a few lines (a pie, a shirt), as GET answers it: the size of a real answer. */
export const sampleBasket = async (url: string, headers: Record<string, string>): Promise<object> => {
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const basketId = String((await send('POST', '/baskets')).id);
  const products: Array<[string, object]> = [
    [PIE, { quantity: 2 }],
    [encodeURIComponent('shop|b4fc97c45b14a06fbcbdf88d'), { quantity: 1, productVariantId: 'home-shirt-m' }],
  ];
  for (const [product, body] of products) {
    const { notificationId } = await send('POST', `/baskets/${basketId}/products/${product}`, body);
    await send('GET', `/notifications/${String(notificationId)}?waitMs=10000`);
  }
  return send('GET', `/baskets/${basketId}`);
};
