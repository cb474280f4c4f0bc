import * as t from 'io-ts';
import { struct } from '../primitives/combinators';
import { Instant } from '../primitives/instant';
import { CurrencyC } from '../primitives/money';
import { NonEmptyString, NonNegativeInt32, ProviderIdentity } from '../primitives/scalars';
import { CatalogProvider, CatalogProviderId } from './provider';

/** A store; its x-api-key is the base64 of its id (C-2.2). */
export const CatalogStore = struct({ id: NonEmptyString, name: NonEmptyString }, {}, 'CatalogStore');
export type CatalogStore = t.TypeOf<typeof CatalogStore>;

/** Its id is the provider part of every `pspPaymentreference` (C-8.2). */
export const CatalogPaymentProvider = struct(
  { id: CatalogProviderId, name: NonEmptyString },
  {},
  'CatalogPaymentProvider',
);
export type CatalogPaymentProvider = t.TypeOf<typeof CatalogPaymentProvider>;

/** A voucher code naming a product variant and its unit price with the voucher (C-7.11). */
export const CatalogVoucher = struct(
  {
    code: NonEmptyString,
    name: NonEmptyString,
    productId: ProviderIdentity,
    variantId: NonEmptyString,
    voucherPrice: NonNegativeInt32,
  },
  { validUntil: Instant },
  'CatalogVoucher',
);
export type CatalogVoucher = t.TypeOf<typeof CatalogVoucher>;

/** What the simulated payment provider does when the token is used. */
export const CatalogPaymentOutcome = t.keyof({ succeed: null, decline: null }, 'CatalogPaymentOutcome');
export type CatalogPaymentOutcome = t.TypeOf<typeof CatalogPaymentOutcome>;

export const CatalogSavedPaymentToken = struct(
  { id: NonEmptyString, outcome: CatalogPaymentOutcome },
  {},
  'CatalogSavedPaymentToken',
);
export type CatalogSavedPaymentToken = t.TypeOf<typeof CatalogSavedPaymentToken>;

export const CatalogContact = struct(
  { id: NonEmptyString, savedPaymentTokens: t.array(CatalogSavedPaymentToken) },
  {},
  'CatalogContact',
);
export type CatalogContact = t.TypeOf<typeof CatalogContact>;

/** The catalog file (C-10.2); `$comment` fields are dropped like any unknown field. */
export const CatalogC = struct(
  {
    currency: CurrencyC,
    stores: t.array(CatalogStore),
    paymentProvider: CatalogPaymentProvider,
    providers: t.array(CatalogProvider),
    vouchers: t.array(CatalogVoucher),
    contacts: t.array(CatalogContact),
  },
  {},
  'Catalog',
);
export type Catalog = t.TypeOf<typeof CatalogC>;
