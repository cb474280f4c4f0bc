import type { BasketVoucher, Currency, Instant, Line, ProviderBasketState, Ticket } from '@basket/core';
import fc from 'fast-check';
import { priceArb, selectionOf, type TermsShape, termsOf, termsShapeArb } from './state-terms';
import { gbp, instantArb, money, taggedIdentity } from './state-values';

/* Lines and provider baskets of basket states, every amount in the basket's currency (C-1.4). */

/**
 * Three products per provider and kind, so that lines of one kind share products (a discount's
 * `minQuantity`, C-7.10) while a product keeps one type, as in a catalog.
 */
const productOf = (provider: string, kind: string, index: number) =>
  taggedIdentity(provider, `${kind}${index}`);

const ticketOf = (currency: Currency, tag: string, price: number): Ticket => ({
  id: tag,
  providerSeatId: `seat-${tag}`,
  seatCategory: 'Standard',
  tariff: 'Adult',
  section: 'North Stand',
  providerSectionId: 'tix:arena|d47f078166936792a9ef1c40',
  row: 'A',
  seat: tag,
  price: money(currency, price),
});

const productIndex = fc.integer({ min: 0, max: 2 });
const quantity = fc.integer({ min: 1, max: 10 });

/** What a line is but for its ids, which `lineOf` gives by provider and tag (no `chain`: it shrinks part by part). */
type LineShape = {
  readonly kind:
    | { readonly type: 'Ticketing'; readonly prices: ReadonlyArray<number> }
    | {
        readonly type: 'Consumable' | 'TimeSlot' | 'VariableProduct';
        readonly product: number;
        readonly quantity: number;
        readonly price: number;
        readonly variant: 'v-s' | 'v-m';
      };
  readonly methods: ReadonlyArray<number>;
  readonly crossSold: boolean;
  /** A voucher on the line's variant, for a basket state (only a VariableProduct line has one). */
  readonly voucherPrice: number | undefined;
};

const lineShapeArb: fc.Arbitrary<LineShape> = fc.record({
  kind: fc.oneof(
    fc
      .array(priceArb, { minLength: 1, maxLength: 6 })
      .map((prices) => ({ type: 'Ticketing' as const, prices })),
    fc.record({
      type: fc.constantFrom('Consumable' as const, 'TimeSlot' as const, 'VariableProduct' as const),
      product: productIndex,
      quantity,
      price: priceArb,
      variant: fc.constantFrom('v-s' as const, 'v-m' as const),
    }),
  ),
  methods: fc.subarray([0, 1, 2]),
  crossSold: fc.boolean(),
  voucherPrice: fc.option(priceArb, { nil: undefined }),
});

const kindOf = (provider: string, tag: string, currency: Currency, kind: LineShape['kind']) => {
  if (kind.type === 'Ticketing')
    // One Ticketing line per event in a basket (C-7.5): each such line is an event of its own.
    return {
      type: 'Ticketing' as const,
      productId: taggedIdentity(provider, `event${tag}`),
      tickets: kind.prices.map((price, i) => ticketOf(currency, `${tag}t${i}`, price)),
    };
  const unitPrice = money(currency, kind.price);
  switch (kind.type) {
    case 'Consumable':
      return {
        type: kind.type,
        productId: productOf(provider, 'cons', kind.product),
        quantity: kind.quantity,
        unitPrice,
        title: 'Pie and a pint',
        productGroupId: 'hot-food',
      };
    case 'TimeSlot':
      return {
        type: kind.type,
        productId: productOf(provider, 'slot', kind.product),
        quantity: kind.quantity,
        unitPrice,
        tariffId: taggedIdentity(provider, 'tariff'),
        tariffName: 'Adult',
        rateId: taggedIdentity(provider, 'rate'),
        timeSlotId: taggedIdentity(provider, 'slot'),
        productName: 'Stadium tour',
      };
    case 'VariableProduct':
      return {
        type: kind.type,
        productId: productOf(provider, 'vari', kind.product),
        quantity: kind.quantity,
        unitPrice,
        variant: {
          id: kind.variant,
          name: `Shirt ${kind.variant}`,
          sku: kind.variant.toUpperCase(),
          imageUrl: 'https://static.example/s.jpg',
        },
      };
  }
};

const lineOf = (
  provider: string,
  tag: string,
  currency: Currency,
  shape: LineShape,
  parent?: Line,
): Line => ({
  id: taggedIdentity(provider, tag),
  deliveryMethodIdOptions: shape.methods.map((i) => `${provider}-m${i}`),
  ...kindOf(provider, tag, currency, shape.kind),
  ...(shape.crossSold && parent
    ? { crossSoldFromProductId: parent.productId, crossSoldFromLineItemId: parent.id }
    : {}),
});

/** A line of any kind, with an id unique by `tag`; some are cross-sold from `parent`. */
export const lineArb = (
  provider: string,
  tag: string,
  currency: Currency = gbp,
  parent?: Line,
): fc.Arbitrary<Line> => lineShapeArb.map((shape) => lineOf(provider, tag, currency, shape, parent));

/** What a provider basket is but for its provider, position and time. */
export type ProviderBasketShape = {
  readonly terms: TermsShape;
  readonly lines: ReadonlyArray<LineShape>;
  readonly selected: ReadonlyArray<number>;
  /** Milliseconds from the basket's creation to the last restart of the holds (within an hour). */
  readonly restartedAfterMs: number;
  readonly confirmed: boolean;
};

export const providerBasketShapeArb = (currency: Currency): fc.Arbitrary<ProviderBasketShape> =>
  fc.record({
    terms: termsShapeArb(currency),
    lines: fc.array(lineShapeArb, { minLength: 1, maxLength: 4 }),
    selected: fc.subarray([0, 1, 2]),
    restartedAfterMs: fc.integer({ min: 0, max: 60 * 60_000 }),
    confirmed: fc.boolean(),
  });

/** The provider basket of `shape` for `provider`, the `index`th of its basket, its holds restarted at `restarted`. */
export const providerBasketOf = (
  provider: string,
  index: number,
  currency: Currency,
  shape: ProviderBasketShape,
  restarted: Instant,
): ProviderBasketState => {
  const terms = termsOf(provider, shape.terms);
  const [firstShape, ...restShapes] = shape.lines;
  if (firstShape === undefined) throw new Error('a provider basket has a line at least');
  const first = lineOf(provider, `p${index}l0`, currency, firstShape);
  return {
    id: taggedIdentity(provider, `basket${index}`),
    terms,
    lines: [
      first,
      ...restShapes.map((line, i) => lineOf(provider, `p${index}l${i + 1}`, currency, line, first)),
    ],
    selections: terms.deliveryMethods.filter((_, i) => shape.selected.includes(i)).map(selectionOf),
    holdsRestartedAt: restarted,
    confirmed: shape.confirmed,
  };
};

/** A provider basket whose lines last changed within an hour after `since` (any time without it). */
export const providerBasketArb = (
  provider: string,
  index: number,
  currency: Currency = gbp,
  since?: Instant,
): fc.Arbitrary<ProviderBasketState> =>
  fc
    .tuple(providerBasketShapeArb(currency), since === undefined ? instantArb : fc.constant(since))
    .map(([shape, at]) =>
      providerBasketOf(
        provider,
        index,
        currency,
        shape,
        (since === undefined
          ? at
          : new Date(Date.parse(at) + shape.restartedAfterMs).toISOString()) as Instant,
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
