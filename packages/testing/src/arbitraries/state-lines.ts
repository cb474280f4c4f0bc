import type { BasketVoucher, Currency, Instant, Line, ProviderBasketState, Ticket } from '@basket/core';
import fc from 'fast-check';
import { priceArb, providerTermsArb, selectionOf } from './state-terms';
import { gbp, instantAfterArb, instantArb, money, taggedIdentity } from './state-values';

/* Lines and provider baskets of basket states, every amount in the basket's currency (C-1.4). */

/** Three products per provider, so that lines share products (a discount's `minQuantity`, C-7.10). */
const productIdArb = (provider: string) =>
  fc.constantFrom(...[0, 1, 2].map((i) => taggedIdentity(provider, `prod${i}`)));

const ticketArb = (currency: Currency, tag: string): fc.Arbitrary<Ticket> =>
  priceArb.map((price) => ({
    id: tag,
    providerSeatId: `seat-${tag}`,
    seatCategory: 'Standard',
    tariff: 'Adult',
    section: 'North Stand',
    providerSectionId: 'tix:arena|d47f078166936792a9ef1c40',
    row: 'A',
    seat: tag,
    price: money(currency, price),
  }));

/** A line of any kind, with an id unique by `tag`; some are cross-sold from `parent`. */
export const lineArb = (
  provider: string,
  tag: string,
  currency: Currency = gbp,
  parent?: Line,
): fc.Arbitrary<Line> => {
  const base = fc.record({
    productId: productIdArb(provider),
    deliveryMethodIdOptions: fc.subarray([0, 1, 2].map((i) => `${provider}-m${i}`)),
    crossSold: fc.boolean(),
  });
  const quantity = fc.integer({ min: 1, max: 10 });
  const kind = fc.oneof(
    fc
      .integer({ min: 1, max: 6 })
      .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => ticketArb(currency, `${tag}t${i}`))))
      .map((tickets) => ({ type: 'Ticketing' as const, tickets })),
    fc.record({ quantity, price: priceArb }).map(({ quantity, price }) => ({
      type: 'Consumable' as const,
      quantity,
      unitPrice: money(currency, price),
      title: 'Pie and a pint',
      productGroupId: 'hot-food',
    })),
    fc.record({ quantity, price: priceArb }).map(({ quantity, price }) => ({
      type: 'TimeSlot' as const,
      quantity,
      unitPrice: money(currency, price),
      tariffId: taggedIdentity(provider, 'tariff'),
      tariffName: 'Adult',
      rateId: taggedIdentity(provider, 'rate'),
      timeSlotId: taggedIdentity(provider, 'slot'),
      productName: 'Stadium tour',
    })),
    fc
      .record({ quantity, price: priceArb, variant: fc.constantFrom('v-s', 'v-m') })
      .map(({ quantity, price, variant }) => ({
        type: 'VariableProduct' as const,
        quantity,
        unitPrice: money(currency, price),
        variant: {
          id: variant,
          name: `Shirt ${variant}`,
          sku: variant.toUpperCase(),
          imageUrl: 'https://static.example/s.jpg',
        },
      })),
  );
  return fc.tuple(base, kind).map(
    ([{ productId, deliveryMethodIdOptions, crossSold }, k]): Line => ({
      id: taggedIdentity(provider, tag),
      productId,
      deliveryMethodIdOptions,
      ...k,
      ...(crossSold && parent
        ? { crossSoldFromProductId: parent.productId, crossSoldFromLineItemId: parent.id }
        : {}),
    }),
  );
};

/** A provider basket whose lines last changed within an hour after `since` (any time without it). */
export const providerBasketArb = (
  provider: string,
  index: number,
  currency: Currency = gbp,
  since?: Instant,
): fc.Arbitrary<ProviderBasketState> =>
  fc
    .record({
      terms: providerTermsArb(provider, currency),
      lineCount: fc.integer({ min: 1, max: 4 }),
      holdsRestartedAt: since === undefined ? instantArb : instantAfterArb(since, 60),
      confirmed: fc.boolean(),
    })
    .chain(({ terms, lineCount, holdsRestartedAt, confirmed }) =>
      fc
        .record({
          first: lineArb(provider, `p${index}l0`, currency),
          selected: fc.subarray([...terms.deliveryMethods]),
        })
        .chain(({ first, selected }) =>
          fc
            .tuple(
              ...Array.from({ length: lineCount - 1 }, (_, i) =>
                lineArb(provider, `p${index}l${i + 1}`, currency, first),
              ),
            )
            .map((rest) => ({
              id: taggedIdentity(provider, `basket${index}`),
              terms,
              lines: [first, ...rest],
              selections: selected.map(selectionOf),
              holdsRestartedAt,
              confirmed,
            })),
        ),
    );

export const voucherFor = (line: Line, voucherPrice: number, index: number): BasketVoucher[] =>
  line.type !== 'VariableProduct'
    ? []
    : [
        {
          code: `V${index}`,
          name: 'Voucher',
          productId: line.productId,
          variantId: line.variant.id,
          voucherPrice,
        },
      ];
