import { readFileSync } from 'node:fs';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { type Catalog, type CatalogError, catalogIndex, parseCatalog } from '../../src/catalog';

const FIXTURE = new URL('../../../testing/src/arbitraries/demo-catalog.json', import.meta.url);

/** A fresh parsed copy of the shared fixture, to be broken by each test. */
const fixture = (): Record<string, unknown> => JSON.parse(readFileSync(FIXTURE, 'utf8'));

const parsed = (json: unknown): Catalog => {
  const result = parseCatalog(json);
  if (E.isLeft(result)) throw new Error(JSON.stringify(result.left.errors));
  return result.right;
};

const errorsOf = (json: unknown): CatalogError['errors'] => {
  const result = parseCatalog(json);
  return E.isLeft(result) ? result.left.errors : [];
};

/** Applies `change` to the fixture's JSON through a path of keys and indices. */
const withChange = (path: ReadonlyArray<string | number>, change: (value: unknown) => unknown) => {
  const json = fixture();
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => Reflect.get(node as object, key), json);
  const last = path[path.length - 1] ?? '';
  Reflect.set(parent as object, last, change(Reflect.get(parent as object, last)));
  return json;
};

describe('parseCatalog', () => {
  it('decodes the shared fixture, dropping $comment fields', () => {
    const catalog = parsed(fixture());
    expect(catalog.currency).toEqual({ code: 'GBP', precision: 2 });
    expect(catalog.providers.map((provider) => provider.id)).toEqual([
      'tix:arena',
      'fnb:arena',
      'tsl:tours',
      'shop',
      'lab',
    ]);
    expect(
      catalog.providers.flatMap((provider) => provider.products.map((product) => product.type)),
    ).toContain('VariableProduct');
    expect(JSON.stringify(catalog)).not.toContain('$comment');
    expect(catalog.vouchers[2]?.validUntil).toBe('2020-01-01T00:00:00.000Z');
  });

  it('names the path of a bad field', () => {
    const json = withChange(['providers', 1, 'products', 0, 'unitPrice'], () => 12.5);
    expect(errorsOf(json)).toEqual([
      { path: 'providers.1.products.0.unitPrice', message: 'expected an integer >= 0' },
    ]);
  });

  it('names the path of missing fields and of unknown discriminants', () => {
    const withoutCurrency = fixture();
    delete withoutCurrency.currency;
    expect(errorsOf(withoutCurrency)).toEqual([
      { path: 'currency', message: 'is required (expected Currency)' },
    ]);
    const badKind = withChange(['providers', 0, 'discounts', 0, 'kind'], () => 'half-price');
    expect(errorsOf(badKind)).toEqual([
      { path: 'providers.0.discounts.0.kind', message: 'expected "line-min-quantity" | "basket-min-total"' },
    ]);
    const badOutcome = withChange(['contacts', 0, 'savedPaymentTokens', 1, 'outcome'], () => 'maybe');
    expect(errorsOf(badOutcome)).toEqual([
      { path: 'contacts.0.savedPaymentTokens.1.outcome', message: 'expected CatalogPaymentOutcome' },
    ]);
  });

  it('refuses a currency that is not ISO 4217, or a precision other than its minor units', () => {
    expect(errorsOf(withChange(['currency'], () => ({ code: 'XYZ', precision: 2 })))).toEqual([
      { path: 'currency.code', message: "'XYZ' is not an ISO 4217 currency code" },
    ]);
    expect(errorsOf(withChange(['currency'], () => ({ code: 'JPY', precision: 2 })))).toEqual([
      { path: 'currency.precision', message: 'JPY has 0 minor units (ISO 4217), not 2' },
    ]);
    expect(errorsOf(withChange(['currency'], () => ({ code: 'GBP', precision: 3 })))).toEqual([
      { path: 'currency.precision', message: 'GBP has 2 minor units (ISO 4217), not 3' },
    ]);
    for (const currency of [
      { code: 'JPY', precision: 0 },
      { code: 'BHD', precision: 3 },
      { code: 'EUR', precision: 2 },
    ]) {
      expect(errorsOf(withChange(['currency'], () => currency)), currency.code).toEqual([]);
    }
  });

  it('refuses a product whose id names another provider', () => {
    const json = withChange(['providers', 1, 'products', 0, 'id'], () => 'shop|46602259e87b5062c3ef0e0f');
    expect(errorsOf(json)).toContainEqual({
      path: 'providers.1.products.0.id',
      message: "expected an id of provider 'fnb:arena'",
    });
  });

  it('drops $comment in a rate’s prices too, whose other keys are all seat categories (C-10.2)', () => {
    const commented = withChange(['providers', 0, 'products', 0, 'rates', 0, 'prices'], (prices) => ({
      $comment: 'minor units per seat category',
      ...(prices as object),
    }));
    const firstPrices = (catalog: Catalog) => {
      const product = catalog.providers[0]?.products[0];
      return product?.type === 'Ticketing' ? product.rates[0]?.prices : undefined;
    };
    expect(firstPrices(parsed(fixture()))).toBeDefined();
    expect(firstPrices(parsed(commented))).toEqual(firstPrices(parsed(fixture())));
  });

  it('refuses parts that could never be sold: a held id with a line break, kiosk methods with no kiosk', () => {
    const seat = withChange(
      ['providers', 0, 'products', 0, 'sections', 0, 'rows', 0, 'seats', 1],
      () => 'N-A-\n2',
    );
    expect(errorsOf(seat)).toContainEqual({
      path: 'providers.0.products.0.sections.0.rows.0.seats.1',
      message: 'an id that names a hold has no line break',
    });
    const variant = withChange(['providers', 3, 'products', 0, 'variants', 0, 'id'], () => 'shirt\u2028s');
    expect(errorsOf(variant)).toContainEqual({
      path: 'providers.3.products.0.variants.0.id',
      message: 'an id that names a hold has no line break',
    });
    const kioskless = withChange(['providers', 1, 'kiosks'], () => []);
    const errors = errorsOf(kioskless);
    expect(errors.length).toBeGreaterThan(0);
    expect(
      errors.every((error) => /needs a kiosk of its provider, which has none$/.test(error.message)),
    ).toBe(true);
  });

  it('refuses cross-sells, vouchers and delivery options that name nothing', () => {
    const crossSell = withChange(
      ['providers', 0, 'products', 0, 'crossSells', 1],
      () => 'fnb:arena|000000000000000000000000',
    );
    expect(errorsOf(crossSell)).toEqual([
      {
        path: 'providers.0.products.0.crossSells.1',
        message: "unknown product 'fnb:arena|000000000000000000000000'",
      },
    ]);
    const voucher = withChange(['vouchers', 0, 'productId'], () => 'shop|000000000000000000000000');
    expect(errorsOf(voucher)).toEqual([
      { path: 'vouchers.0.productId', message: "unknown product 'shop|000000000000000000000000'" },
    ]);
    const variant = withChange(['vouchers', 1, 'variantId'], () => 'scarf-two-sizes');
    expect(errorsOf(variant)).toEqual([
      { path: 'vouchers.1.variantId', message: "unknown variant 'scarf-two-sizes' of that product" },
    ]);
    // A voucher on a product without variants could never match a line (C-7.11): refused at start.
    const consumable = withChange(['vouchers', 0, 'productId'], () => 'fnb:arena|46602259e87b5062c3ef0e0f');
    expect(errorsOf(consumable)).toEqual([
      {
        path: 'vouchers.0.productId',
        message:
          "'fnb:arena|46602259e87b5062c3ef0e0f' is a Consumable product: a voucher names a variant of a VariableProduct",
      },
    ]);
    // A voucher price above the variant's price would be no discount at all (C-7.11).
    const dearer = withChange(['vouchers', 0, 'voucherPrice'], () => 6001);
    expect(errorsOf(dearer)).toEqual([
      { path: 'vouchers.0.voucherPrice', message: 'above the price of the variant it reprices (6000)' },
    ]);
    expect(errorsOf(withChange(['vouchers', 0, 'voucherPrice'], () => 6000))).toEqual([]);
    const option = withChange(['providers', 2, 'products', 0, 'deliveryMethodIdOptions', 0], () => 'pigeon');
    expect(errorsOf(option)).toEqual([
      {
        path: 'providers.2.products.0.deliveryMethodIdOptions.0',
        message: "unknown delivery method 'pigeon'",
      },
    ]);
  });

  it('C-1.6: refuses strings no storage can keep (NUL, unpaired surrogates), at their path, in values and names', () => {
    const nul = withChange(['providers', 1, 'products', 0, 'title'], () => 'Pie\u0000');
    expect(errorsOf(nul)).toEqual([{ path: 'providers.1.products.0.title', message: expect.any(String) }]);
    const surrogate = withChange(['stores', 0, 'name'], () => 'Arena \ud800');
    expect(errorsOf(surrogate).map((error) => error.path)).toEqual(['stores.0.name']);
  });

  it('refuses duplicate ids, unpriced seat categories and unknown sold seats', () => {
    const store = withChange(['stores', 1, 'id'], () => 'arena-web');
    expect(errorsOf(store)).toEqual([{ path: 'stores.1.id', message: "duplicate store id 'arena-web'" }]);
    const code = withChange(['vouchers', 1, 'code'], () => 'SHIRT10');
    expect(errorsOf(code)).toEqual([
      { path: 'vouchers.1.code', message: "duplicate voucher code 'SHIRT10'" },
    ]);
    // A saved payment token is a secret: its duplicate is named by its path alone (C-2.8).
    const token = withChange(['contacts', 0, 'savedPaymentTokens', 1, 'id'], () => 'tok_alice_visa');
    expect(errorsOf(token)).toEqual([
      { path: 'contacts.0.savedPaymentTokens.1.id', message: 'duplicate token id' },
    ]);
    const unpriced = withChange(['providers', 0, 'products', 0, 'rates', 1, 'prices'], () => ({
      Standard: 1500,
    }));
    expect(errorsOf(unpriced)).toEqual([
      { path: 'providers.0.products.0.rates.1.prices', message: "no price for seat category 'Premium'" },
    ]);
    const sold = withChange(['providers', 0, 'products', 1, 'soldSeats', 0], () => 'Z-9-9');
    expect(errorsOf(sold)).toEqual([
      { path: 'providers.0.products.1.soldSeats.0', message: "unknown seat 'Z-9-9'" },
    ]);
  });
});

describe('catalogIndex', () => {
  const index = catalogIndex(parsed(fixture()));

  it('finds products with their provider', () => {
    const entry = index.products.get('fnb:arena|46602259e87b5062c3ef0e0f');
    expect(entry?.provider.id).toBe('fnb:arena');
    expect(entry?.product.type).toBe('Consumable');
    expect(index.products.size).toBe(10);
  });

  it('finds providers, vouchers by code, stores and contacts', () => {
    expect(index.providers.get('shop')?.name).toBe('Club Shop');
    expect(index.vouchers.get('SCARFHALF')?.voucherPrice).toBe(750);
    expect(index.stores.get('arena-app')?.name).toBe('Arena app');
    expect(index.contacts.get('contact-bob')?.savedPaymentTokens).toEqual([
      { id: 'tok_bob_mastercard', outcome: 'succeed' },
    ]);
  });
});
