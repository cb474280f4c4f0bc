import type { Storage } from '@basket/app';
import { type Catalog, catalogIndex } from '@basket/core';
import { createPostgresStorage, openPglite } from '@basket/store-postgres';
import { describe, expect, it, vi } from 'vitest';
import { readyBasket } from './steps';
import {
  alice,
  basket,
  bodyOf,
  ids,
  lineItems,
  outcome,
  providerBasketOf,
  providerBaskets,
  succeeds,
  text,
  world,
} from './support';

/** The catalog with each provider's products replaced by what `change` makes of them. */
const withProducts = (
  catalog: Catalog,
  change: (products: Catalog['providers'][number]['products']) => Catalog['providers'][number]['products'],
): Catalog => ({
  ...catalog,
  providers: catalog.providers.map((provider) => ({ ...provider, products: change(provider.products) })),
});

/** The demo catalog with every seat of the event `productId` sold by its provider elsewhere. */
const soldOut = (catalog: Catalog, productId: string): Catalog =>
  withProducts(catalog, (products) =>
    products.map((product) =>
      product.id === productId && product.type === 'Ticketing'
        ? {
            ...product,
            soldSeats: product.sections.flatMap((section) => section.rows.flatMap((row) => row.seats)),
          }
        : product,
    ),
  );

/** The demo catalog without the product `productId`: withdrawn by its provider. */
const without = (catalog: Catalog, productId: string): Catalog =>
  withProducts(catalog, (products) => products.filter((product) => product.id !== productId));

/** The demo catalog with the stock of `variantId` of every variable product cut to `stock`. */
const stockCut = (catalog: Catalog, variantId: string, stock: number): Catalog =>
  withProducts(catalog, (products) =>
    products.map((product) =>
      product.type === 'VariableProduct'
        ? {
            ...product,
            variants: product.variants.map((variant) =>
              variant.id === variantId ? { ...variant, stock } : variant,
            ),
          }
        : product,
    ),
  );

/** Each case runs on the memory storage (undefined: `world`'s own) and on PGlite. */
const storages: ReadonlyArray<readonly [string, () => Promise<Storage | undefined>]> = [
  ['memory', async () => undefined],
  ['PGlite', async () => createPostgresStorage({ db: await openPglite('memory') })],
];

const worldOn = async (storageOf: () => Promise<Storage | undefined>) => {
  const storage = await storageOf();
  return world({ config: { paymentSyncWaitMs: 10_000 }, ...(storage === undefined ? {} : { storage }) });
};

describe('a product withdrawn from the catalog while baskets hold it', () => {
  it.each(storages)(
    '%s: leaves those baskets changeable and payable, its held units not checked against a capacity of 0',
    async (_name, storageOf) => {
      const w = await worldOn(storageOf);
      const { api } = w.app;
      const id = text(bodyOf(await api.createBasket(alice)), 'id');
      await succeeds(w, alice, api.addProduct(alice, id, ids.pie, { quantity: 2 }));
      const collectionTime = new Date(Date.parse(w.clock.now()) + 3_600_000).toISOString();
      await succeeds(
        w,
        alice,
        api.setProviderBasketDeliveryMethod(
          alice,
          id,
          providerBasketOf(await basket(w, alice, id), 'fnb:arena'),
          {
            deliveryMethod: {
              type: 'KioskCollection',
              id: 'fnb-kiosk',
              kioskId: 'kiosk-north',
              collectionTime,
              collectionId: 'c',
              seatId: 's',
            },
          },
        ),
      );
      await succeeds(
        w,
        alice,
        api.setCustomerDetails(alice, id, {
          customerDetails: [{ type: 'Email', value: { email: 'a@example.com' } }],
        }),
      );
      const withdrawn = catalogIndex(without(w.catalog, ids.pie));
      vi.spyOn(w.providers, 'catalog').mockResolvedValue(withdrawn);

      // Another product of the same provider basket: the pie's hold is rewritten with it.
      const veggie = 'fnb:arena|44a4f65e4bc3086b9d13baa7';
      await succeeds(w, alice, api.addProduct(alice, id, veggie, { quantity: 1 }));
      expect(lineItems(await basket(w, alice, id)).map((line) => line.productId)).toEqual([ids.pie, veggie]);
      const intent = await api.createPaymentIntent(alice, id, {});
      const ready = intent.status === 200 ? bodyOf(intent) : await outcome(w, alice, intent);
      const intentId = intent.status === 200 ? text(ready, 'id') : text(ready, 'paymentIntentId');
      expect(
        (await api.useSavedPaymentToken(alice, { paymentIntentId: intentId, tokenId: 'tok_alice_visa' }))
          .status,
      ).toBe(204);
    },
  );
});

describe('seats a basket holds taken out of the catalog (sold elsewhere)', () => {
  it.each(storages)(
    '%s: createPaymentIntent fails provider-refused at once and unlocks the basket, instead of retrying until the holds run out (C-8.2)',
    async (_name, storageOf) => {
      const w = await worldOn(storageOf);
      const { api } = w.app;
      const id = await readyBasket(w, alice);
      vi.spyOn(w.providers, 'catalog').mockResolvedValue(catalogIndex(soldOut(w.catalog, ids.event)));
      const intent = await api.createPaymentIntent(alice, id, {});
      expect(intent.status).toBe(202);
      expect(await outcome(w, alice, intent)).toMatchObject({
        status: 'Failed',
        problem: { code: 'provider-refused' },
      });
      const after = await basket(w, alice, id);
      expect(after.activePaymentIntentId).toBeUndefined();
      // Unlocked: the buyer can take the seats out and go on.
      await succeeds(
        w,
        alice,
        api.addProduct(alice, id, ids.shirt, { quantity: 1, productVariantId: 'home-shirt-m' }),
      );
    },
  );
});

describe('a refused payment intent on holds the catalog no longer has room for', () => {
  it.each(storages)(
    '%s: the basket is unlocked all the same (C-8.2), those holds left running out as they would have, the others restarted (C-7.8)',
    async (_name, storageOf) => {
      const w = await worldOn(storageOf);
      const { api } = w.app;
      const id = await readyBasket(w, alice);
      const before = providerBaskets(await basket(w, alice, id));
      const expiresOf = (pbs: typeof before, provider: string) =>
        pbs.find((pb) => String(pb.id).startsWith(provider))?.expires;
      vi.spyOn(w.providers, 'catalog').mockResolvedValue(catalogIndex(soldOut(w.catalog, ids.event)));
      // A minute after the basket's last change: the unlock's restart of the seats' holds is then
      // an extension, which the store checks against the seats' capacity, now 0.
      w.clock.advance(60_000);
      const intent = await api.createPaymentIntent(alice, id, {});
      expect(await outcome(w, alice, intent)).toMatchObject({
        status: 'Failed',
        problem: { code: 'provider-refused' },
      });
      const after = await basket(w, alice, id);
      expect(after.activePaymentIntentId).toBeUndefined();
      const pbs = providerBaskets(after);
      // The tickets' provider basket keeps its expiry; the shop's restarted at the unlock.
      expect(expiresOf(pbs, 'tix:arena')).toBe(expiresOf(before, 'tix:arena'));
      expect(expiresOf(pbs, 'shop')).not.toBe(expiresOf(before, 'shop'));
      expect(Date.parse(String(expiresOf(pbs, 'shop')))).toBeGreaterThan(
        Date.parse(String(expiresOf(before, 'shop'))),
      );
      // Unlocked: the buyer can go on.
      await succeeds(
        w,
        alice,
        api.addProduct(alice, id, ids.shirt, { quantity: 1, productVariantId: 'home-shirt-l' }),
      );
    },
  );
});

describe('a stock cut below what a basket holds (docs/decisions.md, "A capacity lowered")', () => {
  it.each(storages)(
    '%s: a change to that provider basket fails insufficient-capacity naming the held stock, not a 500; a change within the new stock goes through',
    async (_name, storageOf) => {
      const w = await worldOn(storageOf);
      const { api } = w.app;
      const id = text(bodyOf(await api.createBasket(alice)), 'id');
      await succeeds(
        w,
        alice,
        api.addProduct(alice, id, ids.shirt, { quantity: 2, productVariantId: 'home-shirt-l' }),
      );
      vi.spyOn(w.providers, 'catalog').mockResolvedValue(
        catalogIndex(stockCut(w.catalog, 'home-shirt-l', 1)),
      );
      // A minute later, another variant of the same provider basket: its commit restarts the L hold
      // (C-7.8), which the store checks against the new stock of 1.
      w.clock.advance(60_000);
      const added = await api.addProduct(alice, id, ids.shirt, {
        quantity: 1,
        productVariantId: 'home-shirt-m',
      });
      expect(added.status).toBe(200);
      const failed = await outcome(w, alice, added);
      expect(failed).toMatchObject({
        status: 'Failed',
        problem: { status: 422, code: 'insufficient-capacity' },
      });
      expect(JSON.stringify(failed)).toContain('home-shirt-l');
      const unchanged = lineItems(await basket(w, alice, id));
      expect(unchanged).toHaveLength(1);
      expect(JSON.stringify(unchanged)).toContain('"quantity":2');
      // Down to the new stock: held within it, the change is made.
      const [line] = lineItems(await basket(w, alice, id));
      const shop = providerBasketOf(await basket(w, alice, id), 'shop');
      await succeeds(
        w,
        alice,
        api.updateLineItemQuantity(alice, id, shop, String(line?.id), { quantity: 1 }),
      );
      await succeeds(
        w,
        alice,
        api.addProduct(alice, id, ids.shirt, { quantity: 1, productVariantId: 'home-shirt-m' }),
      );
    },
  );
});
