import type { Currency, ExistingBasket, Instant } from '@basket/core';
import fc from 'fast-check';
import { providerBasketArb, voucherFor } from './state-lines';
import { priceArb } from './state-terms';
import {
  customerDetailValue,
  fieldTypes,
  gbp,
  instantAfterArb,
  instantArb,
  providerIdsPool,
  uuidArb,
} from './state-values';

/*
 * Arbitraries of basket states as the basket's events leave them: one provider basket per
 * provider (C-7.2), every amount in the basket's currency (C-1.4), ids that match their patterns
 * (C-1.5). Amounts stay small enough that no total leaves int32.
 */

export type BasketStateOptions = { readonly currency?: Currency; readonly maxProviderBaskets?: number };

/** Any existing basket state: open, locked or paid; with lines, selections, vouchers, details. */
export const basketStateArb = (options: BasketStateOptions = {}): fc.Arbitrary<ExistingBasket> => {
  const currency = options.currency ?? gbp;
  const most = options.maxProviderBaskets ?? 4;
  if (!Number.isInteger(most) || most < 1 || most > providerIdsPool.length)
    throw new RangeError(
      `maxProviderBaskets must be an integer from 1 to ${providerIdsPool.length} (the demo providers), not ${most}`,
    );
  return fc
    .record({
      id: uuidArb,
      status: fc.constantFrom('open' as const, 'locked' as const, 'checkedOut' as const),
      created: instantArb,
      providers: fc.oneof(
        { weight: 1, arbitrary: fc.constant<string[]>([]) },
        {
          weight: 6,
          arbitrary: fc.subarray<string>([...providerIdsPool], {
            minLength: 1,
            maxLength: most,
          }),
        },
      ),
      contactId: fc.option(fc.constantFrom('contact-alice', 'contact-bob'), { nil: undefined }),
      paymentIntentId: uuidArb,
      storedDetails: fc.subarray([...fieldTypes]),
    })
    .chain((b) =>
      fc
        .tuple(...b.providers.map((provider, i) => providerBasketArb(provider, i, currency, b.created)))
        .chain((providerBaskets) => {
          const lines = providerBaskets.flatMap((pb) => pb.lines);
          return fc
            .tuple(...lines.map(() => fc.option(priceArb, { nil: undefined })))
            .map((voucherPrices) => ({ providerBaskets, lines, voucherPrices }));
        })
        .map(({ providerBaskets, lines, voucherPrices }): ExistingBasket => {
          const vouchers = lines.flatMap((line, i) => {
            const price = voucherPrices[i];
            return price === undefined ? [] : voucherFor(line, price, i);
          });
          const unique = vouchers.filter(
            (v, i) =>
              vouchers.findIndex((w) => w.productId === v.productId && w.variantId === v.variantId) === i,
          );
          return {
            status: b.status,
            id: b.id,
            storeId: 'arena-web',
            currency,
            created: b.created,
            updated: b.created,
            // Only an intent's providers confirm (C-8.2): none while open, some while locked, all once paid.
            providerBaskets:
              b.status === 'locked'
                ? providerBaskets
                : providerBaskets.map((pb) => ({ ...pb, confirmed: b.status === 'checkedOut' })),
            customerDetails: b.storedDetails.map(customerDetailValue),
            vouchers: unique,
            ...(b.contactId === undefined ? {} : { contactId: b.contactId }),
            ...(b.status === 'open' ? {} : { activePaymentIntentId: b.paymentIntentId }),
          };
        }),
    );
};

/** A basket state and a moment to read it at: within two hours of its creation, so some holds run out. */
export const basketAndNowArb = (options: BasketStateOptions = {}): fc.Arbitrary<[ExistingBasket, Instant]> =>
  basketStateArb(options).chain((state) =>
    instantAfterArb(state.created, 120).map((now): [ExistingBasket, Instant] => [state, now]),
  );
