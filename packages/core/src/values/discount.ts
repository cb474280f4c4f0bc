import * as t from 'io-ts';
import { struct } from '../primitives/combinators';
import { int32AtLeast, NonEmptyString, NonNegativeInt32 } from '../primitives/scalars';

// A provider discount as the catalog states it and as ProviderBasketOpened records it in the
// provider's terms: stored events keep this shape whatever the catalog file's format becomes.

const discountFields = { id: NonEmptyString, title: t.string, code: t.string, description: t.string };

/** Provider discounts (C-7.10). */
export const CatalogDiscount = t.union(
  [
    struct(
      {
        kind: t.literal('line-min-quantity'),
        ...discountFields,
        minQuantity: int32AtLeast(1),
        amountOffPerUnit: NonNegativeInt32,
      },
      {},
      'CatalogLineMinQuantityDiscount',
    ),
    struct(
      {
        kind: t.literal('basket-min-total'),
        ...discountFields,
        minTotal: NonNegativeInt32,
        amountOff: NonNegativeInt32,
      },
      {},
      'CatalogBasketMinTotalDiscount',
    ),
  ],
  'CatalogDiscount',
);
export type CatalogDiscount = t.TypeOf<typeof CatalogDiscount>;
