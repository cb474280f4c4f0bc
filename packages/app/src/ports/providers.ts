import type { CatalogIndex, ProviderIdentity } from '@basket/core';
import type { JsonObject } from './json';

/** The providers behind the baskets: their published catalog and their answers at payment time. */
export type Providers = {
  /** Products, provider terms, vouchers, stores and currency, as the providers publish them now. */
  readonly catalog: () => Promise<CatalogIndex>;
  /** A provider's answer to a payment intent for one of its provider baskets (C-8.2). */
  readonly confirm: (request: ProviderBasketRequest) => Promise<'confirmed' | 'refused'>;
  /** Takes back a confirmation when the intent is cancelled (C-8.4). */
  readonly release: (request: ProviderBasketRequest) => Promise<void>;
};

export type ProviderBasketRequest = {
  readonly providerId: string;
  readonly providerBasketId: ProviderIdentity;
  readonly paymentIntentId: string;
};

export type ChargeOutcome = 'succeeded' | 'declined';

/** What voiding a payment session found: it is voided now (or never existed), or it was paid with a token. */
export type VoidOutcome =
  | { readonly outcome: 'voided' }
  | { readonly outcome: 'paid'; readonly tokenId: string };

/** The payment service provider. Calls are idempotent per payment intent. */
export type PaymentProvider = {
  readonly openSession: (request: {
    readonly paymentIntentId: string;
    readonly amount: {
      readonly minorUnits: number;
      readonly currencyCode: string;
      readonly precision: number;
    };
    readonly payload: JsonObject;
  }) => Promise<{ readonly reference: ProviderIdentity; readonly payload: JsonObject }>;
  /** Charges a saved token; charging one intent twice answers the first outcome again (C-8.6). */
  readonly charge: (request: {
    readonly paymentIntentId: string;
    readonly reference: string;
    readonly contactId: string;
    readonly tokenId: string;
  }) => Promise<ChargeOutcome>;
  /**
   * Voids the session, so that it can never be charged; a session already paid stays paid and is
   * answered so (a cancellation then gives way to the payment, C-8.6). Voiding again answers the same.
   */
  readonly voidSession: (request: {
    readonly paymentIntentId: string;
    readonly reference: string;
  }) => Promise<VoidOutcome>;
  /** C-2.7: whether the token is one of the contact's saved tokens. */
  readonly ownsToken: (contactId: string, tokenId: string) => Promise<boolean>;
};

export type Clock = { readonly now: () => string };

export type Ids = {
  /** A basket, payment intent or notification id (UUID, C-1.5). */
  readonly uuid: () => string;
  /** 24 lowercase alphanumerics: the suffix of a new ProviderIdentity. */
  readonly providerSuffix: () => string;
};
