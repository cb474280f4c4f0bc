// Money carries int32 minor units (C-1.4): a basket whose amounts could pass that is refused before
// it is recorded, since its totals, and its payment intent's, could not be written or paid.
import type { DomainProblem } from '../decider';
import { problem } from '../decider';
import { deliveryPriceOf } from '../values/delivery';
import { grossOf } from './line';
import type { ExistingBasket } from './state';

/** The largest amount Money carries, in minor units. */
export const MAX_MINOR_UNITS = 2_147_483_647;

/**
 * What the basket could cost at most: every line's units at their price, and every delivery method
 * of its provider baskets. Discounts and vouchers only lower a total (decisions.md, "Prices"), so no
 * line, provider basket, basket or payment total is above it.
 */
const mostItCouldCost = (state: ExistingBasket): number =>
  state.providerBaskets.reduce(
    (sum, pb) =>
      sum +
      pb.lines.reduce((lines, line) => lines + grossOf(line), 0) +
      pb.terms.deliveryMethods.reduce((methods, method) => methods + deliveryPriceOf(method), 0),
    0,
  );

/** `basket-limit` when the basket's amounts could pass what Money carries (C-7.13, C-1.4). */
export const amountLimitProblem = (state: ExistingBasket): DomainProblem | undefined =>
  mostItCouldCost(state) > MAX_MINOR_UNITS
    ? problem('basket-limit', `a basket's total may be ${MAX_MINOR_UNITS} minor units at most`)
    : undefined;
