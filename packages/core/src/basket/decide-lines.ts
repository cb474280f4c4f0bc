import * as E from 'fp-ts/Either';
import type { CatalogProduct } from '../catalog';
import { type DomainProblem, problem } from '../decider';
import { availableOf } from '../inventory/resources';
import type { BasketCommandOf } from './commands';
import { removeLineEvents } from './decide-removal';
import type { Decision } from './decide-support';
import {
  accept,
  capacityRefusal,
  firstRefusal,
  productEntry,
  quantityLimitRefusal,
  refuse,
  unchanged,
  unitsOfProduct,
} from './decide-support';
import type { BasketFacts } from './facts';
import { lineResources, unitsHeld } from './holds';
import type { Line, QuantityLine } from './line';
import type { ExistingBasket } from './state';
import { allLines, findLine } from './state';

type LineCommand = BasketCommandOf<'DeleteLineItem' | 'UpdateTimeSlotLine' | 'UpdateLineItemQuantity'>;

/** The command's line; the guards refuse a missing one first (C-1.7), so this answer is a safety net. */
const withLineOf = (
  command: LineCommand,
  state: ExistingBasket,
  decide: (found: { readonly line: Line }) => Decision,
): Decision => {
  const found = findLine(state, command.lineItemId);
  return found && found.providerBasket.id === command.providerBasketId
    ? decide(found)
    : refuse('line-item-not-found', `no line item ${command.lineItemId} in ${command.providerBasketId}`);
};

/** deleteLineItem: the line and those cross-sold from it go (C-7.4); tidying closes an empty provider basket. */
export const decideDeleteLineItem = (
  command: BasketCommandOf<'DeleteLineItem'>,
  state: ExistingBasket,
): Decision =>
  withLineOf(command, state, ({ line }) => accept(removeLineEvents(state, line.id, 'deleted', command.at)));

/**
 * The line's slot or variant when its provider has taken it out of the catalog since: said as such,
 * rather than as a capacity of 0.
 */
const goneFromCatalog = (line: QuantityLine, product: CatalogProduct): DomainProblem | undefined => {
  if (line.type === 'TimeSlot' && product.type === 'TimeSlot')
    return product.timeSlots.some((slot) => slot.id === line.timeSlotId)
      ? undefined
      : problem('time-slot-not-found', `product ${product.id} has no slot ${line.timeSlotId} any more`);
  if (line.type === 'VariableProduct' && product.type === 'VariableProduct')
    return product.variants.some((variant) => variant.id === line.variant.id)
      ? undefined
      : problem('variant-not-found', `product ${product.id} has no variant ${line.variant.id} any more`);
  return undefined;
};

/** A new quantity for a line under the rules of adding (C-7.3a): limit per product, then capacity. */
const changeQuantity = (
  command: LineCommand,
  state: ExistingBasket,
  facts: BasketFacts,
  line: QuantityLine,
  quantity: number,
): Decision => {
  if (!Number.isInteger(quantity) || quantity < 1)
    return refuse('validation-failed', 'quantity must be at least 1');
  if (quantity === line.quantity) return unchanged;
  const changed = accept([
    {
      type: 'LineItemQuantityChanged',
      at: command.at,
      providerBasketId: command.providerBasketId,
      lineItemId: line.id,
      quantity,
    },
  ]);
  const entry = productEntry(facts, line.productId);
  if (!entry) return refuse('product-not-found', `no product ${line.productId}`);
  // Fewer units never need more inventory, nor a product still on sale.
  if (quantity < line.quantity) return changed;
  const { product } = entry;
  const others = allLines(state).filter((l) => l.id !== line.id);
  const refusal = firstRefusal(
    () =>
      product.onSale ? undefined : problem('product-unavailable', `product ${product.id} is not on sale`),
    () => goneFromCatalog(line, product),
    () =>
      quantityLimitRefusal(
        unitsOfProduct(state, product.id, [line.id]) + quantity,
        product.maxPerBasket,
        product.id,
      ),
    ...lineResources(line).map(
      ({ resource }) =>
        () =>
          capacityRefusal(
            unitsHeld(others, resource) + quantity,
            availableOf(facts.availability, resource),
            resource,
          ),
    ),
  );
  return refusal ? E.left(refusal) : changed;
};

/** updateLineItem of type TimeSlot (C-7.6): other kinds are `wrong-product-type`; no quantity changes nothing. */
export const decideUpdateTimeSlotLine = (
  command: BasketCommandOf<'UpdateTimeSlotLine'>,
  state: ExistingBasket,
  facts: BasketFacts,
): Decision =>
  withLineOf(command, state, ({ line }) => {
    if (line.type !== 'TimeSlot')
      return refuse('wrong-product-type', `line ${line.id} is a ${line.type} line`);
    if (command.quantity === undefined) return unchanged;
    return changeQuantity(command, state, facts, line, command.quantity);
  });

/** updateLineItemQuantity (C-7.7): Ticketing lines change through selectSeats. */
export const decideUpdateLineItemQuantity = (
  command: BasketCommandOf<'UpdateLineItemQuantity'>,
  state: ExistingBasket,
  facts: BasketFacts,
): Decision =>
  withLineOf(command, state, ({ line }) =>
    line.type === 'Ticketing'
      ? E.left(problem('wrong-product-type', `line ${line.id} holds tickets: select seats instead`))
      : changeQuantity(command, state, facts, line, command.quantity),
  );
