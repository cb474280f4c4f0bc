import { grossOf, type Line, unitsOf } from '../basket/line';
import { allLines, type BasketVoucher, type ExistingBasket, type ProviderBasketState } from '../basket/state';
import { voucherMatches } from '../basket/vouchers';
import type { CatalogDiscount } from '../catalog';
import { type DeliveryMethod, deliveryPriceOf } from '../values/delivery';

/*
 * The price computations of C-7.10, in integer minor units of the basket's currency (C-1.4): every
 * amount a basket holds is in that currency, so no conversion happens here. Every discount is
 * capped by what is left to take off, so that nothing goes below zero and
 * `original − totalProviderDiscounts = total` holds on every level.
 */

/** A provider discount whose condition holds, with the amount it actually takes off. */
export type AppliedDiscount = { readonly discount: CatalogDiscount; readonly amount: number };

export type LinePricing = {
  readonly line: Line;
  /** Units × unit price (the tickets' prices for a ticketing line). */
  readonly gross: number;
  /** Taken off by a voucher that reprices every unit of the line (C-7.11). */
  readonly voucherReduction: number;
  /** The total before provider discounts: gross less vouchers. */
  readonly original: number;
  readonly discounts: ReadonlyArray<AppliedDiscount>;
  readonly total: number;
};

export type ProviderBasketPricing = {
  readonly providerBasket: ProviderBasketState;
  readonly lines: ReadonlyArray<LinePricing>;
  /** Its lines' total after vouchers and line discounts: what `minTotal` is judged on. */
  readonly linesTotal: number;
  /** The selected delivery methods, each once (C-7.9a). */
  readonly deliveryMethods: ReadonlyArray<DeliveryMethod>;
  readonly delivery: number;
  /** Basket-level discounts applied to this provider basket. */
  readonly discounts: ReadonlyArray<AppliedDiscount>;
  /** The total before provider discounts (line and basket level). */
  readonly original: number;
  readonly total: number;
  /** A provider discount applies within it (on a line or on itself). */
  readonly discounted: boolean;
};

export type BasketPricing = {
  readonly providerBaskets: ReadonlyArray<ProviderBasketPricing>;
  readonly delivery: number;
  readonly original: number;
  readonly total: number;
  readonly discounted: boolean;
};

const noDiscounts: ReadonlyArray<AppliedDiscount> = [];

const sumOf = (amounts: ReadonlyArray<number>): number => amounts.reduce((a, b) => a + b, 0);

/** Applies `amounts` in order to `from`, each capped by what is left. */
const applyCapped = (
  from: number,
  candidates: ReadonlyArray<{ readonly discount: CatalogDiscount; readonly nominal: number }>,
): { readonly applied: ReadonlyArray<AppliedDiscount>; readonly left: number } =>
  candidates.length === 0
    ? { applied: noDiscounts, left: Math.max(0, from) }
    : candidates.reduce<{ applied: ReadonlyArray<AppliedDiscount>; left: number }>(
        ({ applied, left }, { discount, nominal }) => {
          const amount = Math.min(Math.max(0, nominal), left);
          return { applied: [...applied, { discount, amount }], left: left - amount };
        },
        { applied: [], left: Math.max(0, from) },
      );

/** The lowest voucher price of the vouchers matching `line` (same product and variant), if any. */
export const voucherPriceFor = (line: Line, vouchers: ReadonlyArray<BasketVoucher>): number | undefined => {
  let lowest: number | undefined;
  for (const v of vouchers) {
    if (voucherMatches(v, line))
      lowest = lowest === undefined ? v.voucherPrice : Math.min(lowest, v.voucherPrice);
  }
  return lowest;
};

/** The unit price of a line sold by quantity; a ticketing line has one price per ticket instead. */
export const unitPriceOf = (line: Line): number | undefined =>
  line.type === 'Ticketing' ? undefined : line.unitPrice.minorUnits;

/** Units of each product over the given lines: `minQuantity` is judged per product in the basket. */
export const unitsByProduct = (lines: ReadonlyArray<Line>): ReadonlyMap<string, number> => {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + unitsOf(line));
  return units;
};

export const priceLine = (
  line: Line,
  discounts: ReadonlyArray<CatalogDiscount>,
  productUnits: ReadonlyMap<string, number>,
  vouchers: ReadonlyArray<BasketVoucher>,
): LinePricing => {
  const gross = grossOf(line);
  const unitPrice = unitPriceOf(line);
  const voucherPrice = voucherPriceFor(line, vouchers);
  // A voucher reprices every unit; it never raises a price.
  const voucherReduction =
    unitPrice === undefined || voucherPrice === undefined
      ? 0
      : Math.min(gross, unitsOf(line) * Math.max(0, unitPrice - voucherPrice));
  const original = gross - voucherReduction;
  const units = unitsOf(line);
  const candidates =
    discounts.length === 0
      ? []
      : discounts.flatMap((discount) =>
          discount.kind === 'line-min-quantity' &&
          (productUnits.get(line.productId) ?? 0) >= discount.minQuantity
            ? [{ discount, nominal: discount.amountOffPerUnit * units }]
            : [],
        );
  const { applied, left } = applyCapped(original, candidates);
  return { line, gross, voucherReduction, original, discounts: applied, total: left };
};

/**
 * The methods that count as selected (C-7.9a): each explicitly selected one, once per id, and every
 * always-included Digital method; in the provider's order.
 */
export const selectedDeliveryMethods = (pb: ProviderBasketState): ReadonlyArray<DeliveryMethod> => {
  const selected = new Set(pb.selections.map((s) => s.id));
  const seen = new Set<string>();
  return pb.terms.deliveryMethods.filter((method) => {
    const counts = selected.has(method.id) || (method.type === 'Digital' && method.alwaysIncluded);
    if (!counts || seen.has(method.id)) return false;
    seen.add(method.id);
    return true;
  });
};

export const priceProviderBasket = (
  pb: ProviderBasketState,
  productUnits: ReadonlyMap<string, number>,
  vouchers: ReadonlyArray<BasketVoucher>,
): ProviderBasketPricing => {
  const lines = pb.lines.map((line) => priceLine(line, pb.terms.discounts, productUnits, vouchers));
  const linesTotal = sumOf(lines.map((l) => l.total));
  const deliveryMethods = selectedDeliveryMethods(pb);
  const delivery = sumOf(deliveryMethods.map(deliveryPriceOf));
  const candidates = pb.terms.discounts.flatMap((discount) =>
    discount.kind === 'basket-min-total' && linesTotal >= discount.minTotal
      ? [{ discount, nominal: discount.amountOff }]
      : [],
  );
  const { applied, left } = applyCapped(linesTotal + delivery, candidates);
  return {
    providerBasket: pb,
    lines,
    linesTotal,
    deliveryMethods,
    delivery,
    discounts: applied,
    original: sumOf(lines.map((l) => l.original)) + delivery,
    total: left,
    discounted: applied.length > 0 || lines.some((l) => l.discounts.length > 0),
  };
};

/** Prices every provider basket of `state` as it stands (the caller leaves out expired ones). */
export const priceBasket = (state: ExistingBasket): BasketPricing => {
  const productUnits = unitsByProduct(allLines(state));
  const providerBaskets = state.providerBaskets.map((pb) =>
    priceProviderBasket(pb, productUnits, state.vouchers),
  );
  return {
    providerBaskets,
    delivery: sumOf(providerBaskets.map((p) => p.delivery)),
    original: sumOf(providerBaskets.map((p) => p.original)),
    total: sumOf(providerBaskets.map((p) => p.total)),
    discounted: providerBaskets.some((p) => p.discounted),
  };
};
