import type { Currency, ExistingBasket, Instant } from '@basket/core';
import fc from 'fast-check';
import {
  type ProviderBasketShape,
  providerBasketOf,
  providerBasketShapeArb,
  voucherFor,
} from './state-lines';
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

/**
 * Any existing basket state: open, locked or paid; with lines, selections, vouchers, details. Made
 * without `chain`, so that a counterexample shrinks part by part: to fewer provider baskets, lines,
 * details and methods, an open basket, smaller amounts.
 */
export const basketStateArb = (options: BasketStateOptions = {}): fc.Arbitrary<ExistingBasket> => {
  const currency = options.currency ?? gbp;
  const most = options.maxProviderBaskets ?? 4;
  if (!Number.isInteger(most) || most < 1 || most > providerIdsPool.length)
    throw new RangeError(
      `maxProviderBaskets must be an integer from 1 to ${providerIdsPool.length} (the demo providers), not ${most}`,
    );
  type Entry = { readonly provider: string; readonly shape: ProviderBasketShape };
  const providerBaskets: fc.Arbitrary<ReadonlyArray<Entry>> = fc.uniqueArray(
    fc.record({ provider: fc.constantFrom(...providerIdsPool), shape: providerBasketShapeArb(currency) }),
    { selector: (entry) => entry.provider, minLength: 1, maxLength: most },
  );
  return fc
    .record({
      status: fc.constantFrom('open' as const, 'locked' as const, 'checkedOut' as const),
      id: uuidArb,
      created: instantArb,
      providerBaskets: fc.oneof(
        { weight: 1, arbitrary: fc.constant<ReadonlyArray<Entry>>([]) },
        { weight: 6, arbitrary: providerBaskets },
      ),
      contactId: fc.option(fc.constantFrom('contact-alice', 'contact-bob'), { nil: undefined }),
      paymentIntentId: uuidArb,
      storedDetails: fc.subarray([...fieldTypes]),
    })
    .map((b): ExistingBasket => {
      const after = (ms: number) => new Date(Date.parse(b.created) + ms).toISOString() as Instant;
      const made = b.providerBaskets.map(({ provider, shape }, i) =>
        providerBasketOf(provider, i, currency, shape, after(shape.restartedAfterMs)),
      );
      const voucherPrices = b.providerBaskets.flatMap(({ shape }) =>
        shape.lines.map((line) => line.voucherPrice),
      );
      const vouchers = made
        .flatMap((pb) => pb.lines)
        .flatMap((line, i) => {
          const price = voucherPrices[i];
          return price === undefined ? [] : voucherFor(line, price, i);
        });
      const unique = vouchers.filter(
        (v, i) => vouchers.findIndex((w) => w.productId === v.productId && w.variantId === v.variantId) === i,
      );
      return {
        status: b.status,
        id: b.id,
        storeId: 'arena-web',
        currency,
        created: b.created,
        // The last change: holds restart with a provider basket's lines (C-7.8), never after it.
        updated: after(Math.max(0, ...b.providerBaskets.map(({ shape }) => shape.restartedAfterMs))),
        // Only an intent's providers confirm (C-8.2): none while open, some while locked, all once paid.
        providerBaskets:
          b.status === 'locked' ? made : made.map((pb) => ({ ...pb, confirmed: b.status === 'checkedOut' })),
        customerDetails: b.storedDetails.map(customerDetailValue),
        vouchers: unique,
        ...(b.contactId === undefined ? {} : { contactId: b.contactId }),
        ...(b.status === 'open' ? {} : { activePaymentIntentId: b.paymentIntentId }),
      };
    });
};

/** A basket state and a moment to read it at: within two hours of its creation, so some holds run out. */
export const basketAndNowArb = (options: BasketStateOptions = {}): fc.Arbitrary<[ExistingBasket, Instant]> =>
  basketStateArb(options).chain((state) =>
    instantAfterArb(state.created, 120).map((now): [ExistingBasket, Instant] => [state, now]),
  );
