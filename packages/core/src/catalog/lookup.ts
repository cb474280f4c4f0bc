import type { Catalog, CatalogContact, CatalogStore, CatalogVoucher } from './catalog';
import type { CatalogProduct } from './product';
import type { CatalogProvider } from './provider';

export interface CatalogProductEntry {
  readonly product: CatalogProduct;
  readonly provider: CatalogProvider;
}

/** The catalog's parts by their ids (vouchers by code). */
export interface CatalogIndex {
  readonly catalog: Catalog;
  readonly products: ReadonlyMap<string, CatalogProductEntry>;
  readonly providers: ReadonlyMap<string, CatalogProvider>;
  readonly vouchers: ReadonlyMap<string, CatalogVoucher>;
  readonly stores: ReadonlyMap<string, CatalogStore>;
  readonly contacts: ReadonlyMap<string, CatalogContact>;
}

export const catalogIndex = (catalog: Catalog): CatalogIndex => ({
  catalog,
  products: new Map(
    catalog.providers.flatMap((provider) =>
      provider.products.map((product) => [product.id, { product, provider }]),
    ),
  ),
  providers: new Map(catalog.providers.map((provider) => [provider.id, provider])),
  vouchers: new Map(catalog.vouchers.map((voucher) => [voucher.code, voucher])),
  stores: new Map(catalog.stores.map((store) => [store.id, store])),
  contacts: new Map(catalog.contacts.map((contact) => [contact.id, contact])),
});
