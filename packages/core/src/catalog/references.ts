import type { FieldError } from '../primitives/problem-code';
import { type ProviderIdentity, providerOf } from '../primitives/scalars';
import type { Catalog } from './catalog';
import type { CatalogProduct } from './product';
import type { CatalogProvider } from './provider';

/** An id and the path where the catalog gives it. */
type Located<Id extends string = string> = readonly [path: string, id: Id];

const locate = <A, Id extends string>(
  items: ReadonlyArray<A>,
  at: string,
  field: string,
  idOf: (item: A) => Id,
): Array<Located<Id>> => items.map((item, k): Located<Id> => [`${at}.${k}.${field}`, idOf(item)]);

/**
 * Ids given more than once, reported where they are repeated: with the id, unless it is a secret
 * (a saved payment token), which is then named by its path alone (C-2.8).
 */
const duplicates = (ids: ReadonlyArray<Located>, what: string, secret = false): FieldError[] => {
  const seen = new Set<string>();
  return ids.flatMap(([path, id]) => {
    if (!seen.has(id)) {
      seen.add(id);
      return [];
    }
    return [{ path, message: secret ? `duplicate ${what}` : `duplicate ${what} '${id}'` }];
  });
};

/** Ids that are not among `known`. */
const unknown = (ids: ReadonlyArray<Located>, known: ReadonlySet<string>, what: string): FieldError[] =>
  ids.flatMap(([path, id]) => (known.has(id) ? [] : [{ path, message: `unknown ${what} '${id}'` }]));

/** The ProviderIdentities of a product and of its parts, which must all belong to its provider. */
const identities = (product: CatalogProduct, at: string): Array<Located<ProviderIdentity>> => {
  const own: Located<ProviderIdentity> = [`${at}.id`, product.id];
  switch (product.type) {
    case 'Ticketing':
      return [
        own,
        ...locate(product.rates, `${at}.rates`, 'id', (rate) => rate.id),
        ...locate(product.sections, `${at}.sections`, 'id', (section) => section.id),
      ];
    case 'TimeSlot':
      return [
        own,
        ...locate(product.rates, `${at}.rates`, 'id', (rate) => rate.id),
        ...locate(product.rates, `${at}.rates`, 'tariffId', (rate) => rate.tariffId),
        ...locate(product.timeSlots, `${at}.timeSlots`, 'id', (slot) => slot.id),
      ];
    case 'Consumable':
    case 'VariableProduct':
      return [own];
  }
};

/** A product's parts: unique ids, a price for every seat category, sold seats that exist. */
/**
 * Ids that name a hold (seats, time slots, variants) with a line break: a hold's resource key can
 * not carry one, so such a part could never be held (always unavailable).
 */
const withLineBreaks = (ids: ReadonlyArray<Located>): FieldError[] =>
  ids
    .filter(([, id]) => /[\n\r\u2028\u2029]/.test(id))
    .map(([path]) => ({ path, message: 'an id that names a hold has no line break' }));

const partErrors = (product: CatalogProduct, at: string): FieldError[] => {
  switch (product.type) {
    case 'Ticketing': {
      const seats: Located[] = product.sections.flatMap((section, s) =>
        section.rows.flatMap((row, r) =>
          row.seats.map((seat, k): Located => [`${at}.sections.${s}.rows.${r}.seats.${k}`, seat]),
        ),
      );
      const categories = [...new Set(product.sections.map((section) => section.category))];
      return [
        ...withLineBreaks(seats),
        ...duplicates(
          locate(product.rates, `${at}.rates`, 'id', (rate) => rate.id),
          'rate id',
        ),
        ...duplicates(
          locate(product.sections, `${at}.sections`, 'id', (section) => section.id),
          'section id',
        ),
        ...duplicates(seats, 'seat id'),
        ...product.rates.flatMap((rate, k) =>
          categories
            .filter((category) => rate.prices[category] === undefined)
            .map((category) => ({
              path: `${at}.rates.${k}.prices`,
              message: `no price for seat category '${category}'`,
            })),
        ),
        ...unknown(
          product.soldSeats.map((seat, k): Located => [`${at}.soldSeats.${k}`, seat]),
          new Set(seats.map(([, seat]) => seat)),
          'seat',
        ),
      ];
    }
    case 'TimeSlot':
      return [
        ...duplicates(
          locate(product.rates, `${at}.rates`, 'id', (rate) => rate.id),
          'rate id',
        ),
        ...duplicates(
          locate(product.timeSlots, `${at}.timeSlots`, 'id', (slot) => slot.id),
          'time slot id',
        ),
      ];
    case 'VariableProduct': {
      const variants = locate(product.variants, `${at}.variants`, 'id', (variant) => variant.id);
      return [...withLineBreaks(variants), ...duplicates(variants, 'variant id')];
    }
    case 'Consumable':
      return [];
  }
};

const providerErrors = (
  provider: CatalogProvider,
  at: string,
  productIds: ReadonlySet<string>,
): FieldError[] => {
  const methods = locate(provider.deliveryMethods, `${at}.deliveryMethods`, 'id', (method) => method.id);
  const methodIds = new Set(methods.map(([, id]) => id));
  // C-7.9: these need a kiosk of the provider; with none, every selection is `kiosk-not-found`.
  const kioskless =
    provider.kiosks.length > 0
      ? []
      : provider.deliveryMethods.flatMap((method, k) =>
          method.type === 'KioskCollection' || method.type === 'InSeat'
            ? [
                {
                  path: `${at}.deliveryMethods.${k}.type`,
                  message: `a ${method.type} method needs a kiosk of its provider, which has none`,
                },
              ]
            : [],
        );
  return [
    ...kioskless,
    ...duplicates(
      locate(provider.kiosks, `${at}.kiosks`, 'id', (kiosk) => kiosk.id),
      'kiosk id',
    ),
    ...duplicates(methods, 'delivery method id'),
    ...duplicates(
      locate(provider.discounts, `${at}.discounts`, 'id', (discount) => discount.id),
      'discount id',
    ),
    ...provider.products.flatMap((product, j) => {
      const productAt = `${at}.products.${j}`;
      return [
        ...identities(product, productAt).flatMap(([path, id]) =>
          providerOf(id) === provider.id
            ? []
            : [{ path, message: `expected an id of provider '${provider.id}'` }],
        ),
        ...unknown(
          product.deliveryMethodIdOptions.map(
            (id, k): Located => [`${productAt}.deliveryMethodIdOptions.${k}`, id],
          ),
          methodIds,
          'delivery method',
        ),
        ...unknown(
          product.crossSells.map((id, k): Located => [`${productAt}.crossSells.${k}`, id]),
          productIds,
          'product',
        ),
        ...partErrors(product, productAt),
      ];
    }),
  ];
};

const voucherErrors = (catalog: Catalog, productById: ReadonlyMap<string, CatalogProduct>): FieldError[] =>
  catalog.vouchers.flatMap((voucher, k) => {
    const product = productById.get(voucher.productId);
    if (product === undefined) {
      return [{ path: `vouchers.${k}.productId`, message: `unknown product '${voucher.productId}'` }];
    }
    // C-7.11: a voucher reprices the lines of a product's variant; a product without variants has
    // no line it could ever match (it would start and never apply).
    if (product.type !== 'VariableProduct') {
      return [
        {
          path: `vouchers.${k}.productId`,
          message: `'${voucher.productId}' is a ${product.type} product: a voucher names a variant of a VariableProduct`,
        },
      ];
    }
    const variant = product.variants.find((candidate) => candidate.id === voucher.variantId);
    if (variant === undefined) {
      return [
        {
          path: `vouchers.${k}.variantId`,
          message: `unknown variant '${voucher.variantId}' of that product`,
        },
      ];
    }
    // C-7.11 reprices to the voucher price, a discount: above the variant's price it would be none.
    return voucher.voucherPrice > variant.price
      ? [
          {
            path: `vouchers.${k}.voucherPrice`,
            message: `above the price of the variant it reprices (${variant.price})`,
          },
        ]
      : [];
  });

/** What the codec cannot check: ids that must be unique, belong to their provider, or exist. */
export const catalogReferenceErrors = (catalog: Catalog): FieldError[] => {
  const products = catalog.providers.flatMap((provider, i) =>
    locate(provider.products, `providers.${i}.products`, 'id', (product) => product.id),
  );
  const productById = new Map(
    catalog.providers.flatMap((provider) =>
      provider.products.map((product) => [product.id, product] as const),
    ),
  );
  return [
    ...duplicates(
      locate(catalog.stores, 'stores', 'id', (store) => store.id),
      'store id',
    ),
    ...duplicates(
      locate(catalog.providers, 'providers', 'id', (provider) => provider.id),
      'provider id',
    ),
    ...duplicates(products, 'product id'),
    ...catalog.providers.flatMap((provider, i) =>
      providerErrors(provider, `providers.${i}`, new Set(productById.keys())),
    ),
    ...duplicates(
      locate(catalog.vouchers, 'vouchers', 'code', (voucher) => voucher.code),
      'voucher code',
    ),
    ...voucherErrors(catalog, productById),
    ...duplicates(
      locate(catalog.contacts, 'contacts', 'id', (contact) => contact.id),
      'contact id',
    ),
    ...catalog.contacts.flatMap((contact, i) =>
      duplicates(
        locate(contact.savedPaymentTokens, `contacts.${i}.savedPaymentTokens`, 'id', (token) => token.id),
        'token id',
        true,
      ),
    ),
  ];
};
