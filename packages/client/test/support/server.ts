// The black-box HTTP tests' helpers: one way to spawn `basket serve` and mint tokens in this repository.
import { type SpawnedServer, spawnServer } from '../../../../test/http/support/server';
import { mint } from '../../../../test/http/support/tokens';
import { DEMO, demoCustomerDetails, demoDelivery } from '../../src/demo/catalog';
import {
  apiKeyOf,
  type BasketClient,
  type BasketClientOptions,
  type CallOptions,
  createBasketClient,
} from '../../src/index';

export type { SpawnedServer };
export { spawnServer };

export const STORE = 'arena-web';
export const ALICE = 'contact-alice';
export const BOB = 'contact-bob';

/** A client of `server` for `contact` (a guest when undefined), with quick retries for tests. */
export const clientFor = async (
  server: SpawnedServer,
  contact: string | undefined,
  options: Partial<BasketClientOptions> = {},
): Promise<BasketClient> =>
  createBasketClient({
    baseUrl: server.url,
    apiKey: apiKeyOf(STORE),
    token: await mint(contact === undefined ? {} : { sub: contact }),
    retry: { retries: 2, delayMs: () => 0 },
    ...options,
  });

/** A collection time tomorrow (C-7.9 wants it in the future). */
export const tomorrow = (): string => new Date(Date.now() + 24 * 3600 * 1000).toISOString();

/** Makes the basket ready to pay: a contact, a pie, its kiosk delivery and the customer's details. */
export const readyToPay = async (
  basket: ReturnType<BasketClient['basket']>,
  options: CallOptions = {},
): Promise<void> => {
  await basket.assignContact(options).settled();
  await basket.addProduct(DEMO.pie, { quantity: 1 }, options).settled();
  const [providerBasket] = (await basket.get()).providerBaskets;
  const kiosk = demoDelivery(tomorrow())['fnb:arena'];
  if (providerBasket === undefined || kiosk === undefined) throw new Error('no kiosk delivery');
  await basket.setDeliveryMethod(providerBasket.id, kiosk, options).settled();
  await basket.setCustomerDetails(demoCustomerDetails, options).settled();
};
