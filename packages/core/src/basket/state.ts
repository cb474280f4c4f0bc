import * as t from 'io-ts';
import { CatalogDiscount } from '../catalog';
import { Instant } from '../primitives/instant';
import { CurrencyC } from '../primitives/money';
import { ProviderIdentity } from '../primitives/scalars';
import { CustomerDetailFieldType } from '../values/customer-details';
import { DeliveryMethod, DeliveryMethodSelection } from '../values/delivery';
import { StoredCustomerDetailValue } from './customer-details';
import { Line } from './line';

/**
 * What a provider told the basket when its provider basket opened: prices of delivery, discounts,
 * required details and hold length. Recorded in the event so that views and later decisions do not
 * depend on a catalog that may have changed since.
 */
export const ProviderTerms = t.type(
  {
    providerId: t.string,
    holdMinutes: t.number,
    requiredCustomerDetails: t.readonlyArray(CustomerDetailFieldType),
    kioskIds: t.readonlyArray(t.string),
    deliveryMethods: t.readonlyArray(DeliveryMethod),
    discounts: t.readonlyArray(CatalogDiscount),
  },
  'ProviderTerms',
);
export type ProviderTerms = t.TypeOf<typeof ProviderTerms>;

export const ProviderBasketState = t.type(
  {
    id: ProviderIdentity,
    terms: ProviderTerms,
    lines: t.readonlyArray(Line),
    selections: t.readonlyArray(DeliveryMethodSelection),
    /** Time of the latest change to its lines: `expires` counts from here (C-7.8). */
    holdsRestartedAt: Instant,
    /** A payment intent's provider confirmed this basket: its holds do not expire (C-8.2). */
    confirmed: t.boolean,
  },
  'ProviderBasketState',
);
export type ProviderBasketState = t.TypeOf<typeof ProviderBasketState>;

export const BasketVoucher = t.type(
  {
    code: t.string,
    name: t.string,
    productId: ProviderIdentity,
    variantId: t.string,
    voucherPrice: t.number,
  },
  'BasketVoucher',
);
export type BasketVoucher = t.TypeOf<typeof BasketVoucher>;

/** Lifecycle of a basket (table in `machine.ts`). */
export const BasketStatus = t.keyof(
  { open: null, locked: null, checkedOut: null, deleted: null },
  'BasketStatus',
);
export type BasketStatus = t.TypeOf<typeof BasketStatus>;

export const ExistingBasket = t.intersection(
  [
    t.type({
      status: BasketStatus,
      id: t.string,
      storeId: t.string,
      currency: CurrencyC,
      created: Instant,
      updated: Instant,
      providerBaskets: t.readonlyArray(ProviderBasketState),
      customerDetails: t.readonlyArray(StoredCustomerDetailValue),
      vouchers: t.readonlyArray(BasketVoucher),
    }),
    t.partial({ contactId: t.string, activePaymentIntentId: t.string }),
  ],
  'ExistingBasket',
);
export type ExistingBasket = t.TypeOf<typeof ExistingBasket>;

export const BasketState = t.union([t.type({ status: t.literal('none') }), ExistingBasket], 'BasketState');
export type BasketState = t.TypeOf<typeof BasketState>;

/** Status of a basket, `none` before it was created: the rows of `basketTransitions`. */
export type BasketLifecycle = BasketState['status'];

export const initialBasketState: BasketState = { status: 'none' };

export const exists = (state: BasketState): state is ExistingBasket => state.status !== 'none';

export const allLines = (state: ExistingBasket): ReadonlyArray<Line> => {
  const { providerBaskets } = state;
  if (providerBaskets.length === 1) return (providerBaskets[0] as ProviderBasketState).lines;
  const lines: Line[] = [];
  for (const pb of providerBaskets) for (const line of pb.lines) lines.push(line);
  return lines;
};

export const findLine = (
  state: ExistingBasket,
  lineItemId: string,
): { providerBasket: ProviderBasketState; line: Line } | undefined => {
  for (const providerBasket of state.providerBaskets) {
    const line = providerBasket.lines.find((l) => l.id === lineItemId);
    if (line) return { providerBasket, line };
  }
  return undefined;
};
