import type { Answer, BasketApi } from '@basket/app';
import Fastify, { type FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { apiKeyOf, basketFastifyOptions, basketHttp } from '../src/index';

export const SECRET = 'unit-test-secret-of-the-basket-http-plugin';
export const STORE = 'arena-web';
export const OTHER_STORE = 'arena-app';
export const KEY = apiKeyOf(STORE);

export const BASKET_ID = '0190a3c2-7d4e-7a51-9b3e-5f2a6c1d8e90';
export const PRODUCT = 'fnb:arena|46602259e87b5062c3ef0e0f';
export const PROVIDER_BASKET = 'fnb:arena|aaaaaaaaaaaaaaaaaaaaaaaa';
export const LINE = 'fnb:arena|bbbbbbbbbbbbbbbbbbbbbbbb';
export const NOTIFICATION_ID = '0190a3c2-7d4e-7a51-9b3e-5f2a6c1d8e91';

export type Call = { readonly operation: keyof BasketApi; readonly args: ReadonlyArray<unknown> };

const operations: ReadonlyArray<keyof BasketApi> = [
  'createBasket',
  'getBasket',
  'deleteBasket',
  'assignContact',
  'createPaymentIntent',
  'deletePaymentIntent',
  'addProduct',
  'selectSeats',
  'selectTimeSlot',
  'deleteLineItem',
  'updateLineItem',
  'updateLineItemQuantity',
  'setProviderBasketDeliveryMethod',
  'setCustomerDetails',
  'addVoucherToBasket',
  'removeVoucherFromBasket',
  'useSavedPaymentToken',
  'getPaymentIntent',
  'getNotification',
  'getBasketEvents',
];

/** A BasketApi whose every operation records its arguments and answers what `answer` says. */
export const fakeApi = (
  answer: (operation: keyof BasketApi, args: ReadonlyArray<unknown>) => Promise<Answer>,
): { readonly api: BasketApi; readonly calls: Call[] } => {
  const calls: Call[] = [];
  const entries = operations.map((operation) => [
    operation,
    async (...args: unknown[]) => {
      calls.push({ operation, args });
      return answer(operation, args);
    },
  ]);
  return { api: Object.fromEntries(entries) as BasketApi, calls };
};

export const notificationAnswer: Answer = { status: 200, body: { notificationId: NOTIFICATION_ID } };

/** A Fastify instance with the plugin, as the server builds it, over `api`. */
export const buildApp = async (api: BasketApi, audience?: string): Promise<FastifyInstance> => {
  const app = Fastify(basketFastifyOptions());
  await app.register(basketHttp, {
    api,
    auth: {
      isKnownStore: (storeId) => storeId === STORE || storeId === OTHER_STORE,
      jwt: { secret: SECRET, ...(audience === undefined ? {} : { audience }) },
    },
  });
  await app.ready();
  return app;
};

export const token = async (
  options: { sub?: string; expiresIn?: number; secret?: string; audience?: string; omitExp?: boolean } = {},
): Promise<string> => {
  const now = Math.floor(Date.now() / 1000);
  let jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now);
  if (options.omitExp !== true) jwt = jwt.setExpirationTime(now + (options.expiresIn ?? 600));
  if (options.sub !== undefined) jwt = jwt.setSubject(options.sub);
  if (options.audience !== undefined) jwt = jwt.setAudience(options.audience);
  return jwt.sign(new TextEncoder().encode(options.secret ?? SECRET));
};

/** An unsecured token (`alg: none`) with a valid-looking payload. */
export const unsecuredToken = (sub: string): string => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub, exp: Math.floor(Date.now() / 1000) + 600 })}.`;
};

export const authHeaders = async (sub?: string): Promise<Record<string, string>> => ({
  'x-api-key': KEY,
  authorization: `Bearer ${await token(sub === undefined ? {} : { sub })}`,
});
