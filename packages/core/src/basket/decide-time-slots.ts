import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import type { CatalogProductEntry, CatalogTimeSlotProduct, CatalogTimeSlotRate } from '../catalog';
import type { DomainProblem } from '../decider';
import { problem } from '../decider';
import { availableOf, slotResource } from '../inventory/resources';
import { fromMinorUnits } from '../primitives/money';
import type { BasketCommandOf } from './commands';
import { removeLinesEvents } from './decide-removal';
import type { Decision } from './decide-support';
import {
  capacityRefusal,
  firstRefusal,
  freshIdSupply,
  lineLimitRefusal,
  productOnSale,
  providerBasketFor,
  quantityLimitRefusal,
} from './decide-support';
import type { BasketEvent } from './events';
import type { BasketFacts } from './facts';
import type { Line, TimeSlotLine } from './line';
import type { ExistingBasket } from './state';
import { allLines } from './state';

type SelectTimeSlot = BasketCommandOf<'SelectTimeSlot'>;
type RatedQuantity = { readonly rate: CatalogTimeSlotRate; readonly quantity: number };

export const timeSlotProduct = ({
  product,
}: CatalogProductEntry): Either<DomainProblem, CatalogTimeSlotProduct> =>
  product.type === 'TimeSlot'
    ? E.right(product)
    : E.left(problem('wrong-product-type', `${product.type} products have no time slots`));

/** The request's rates, each known (`rate-not-found`), once, with at least one place asked for. */
const ratedQuantities = (
  product: CatalogTimeSlotProduct,
  rates: SelectTimeSlot['rates'],
): Either<DomainProblem, ReadonlyArray<RatedQuantity>> => {
  const rateIds = rates.map((r) => r.rateId);
  const wellFormed =
    new Set(rateIds).size === rateIds.length &&
    rates.every((r) => Number.isInteger(r.quantity) && r.quantity >= 0) &&
    rates.some((r) => r.quantity > 0);
  if (!wellFormed)
    return E.left(problem('validation-failed', 'rates must name each rate once and ask for a place'));
  const rated: RatedQuantity[] = [];
  for (const { rateId, quantity } of rates) {
    const rate = product.rates.find((r) => r.id === rateId);
    if (!rate) return E.left(problem('rate-not-found', `product ${product.id} has no rate ${rateId}`));
    if (quantity > 0) rated.push({ rate, quantity });
  }
  return E.right(rated);
};

/** selectTimeSlot (C-7.6, C-7.3a): one line per rate for the slot, replacing the product's earlier lines. */
export const decideSelectTimeSlot = (
  command: SelectTimeSlot,
  state: ExistingBasket,
  facts: BasketFacts,
): Decision =>
  pipe(
    productOnSale(facts, command.productId),
    E.flatMap((entry) =>
      pipe(
        timeSlotProduct(entry),
        E.flatMap((product) => {
          const slot = product.timeSlots.find((s) => s.id === command.timeSlotId);
          if (!slot)
            return E.left(
              problem('time-slot-not-found', `product ${product.id} has no slot ${command.timeSlotId}`),
            );
          return pipe(
            ratedQuantities(product, command.rates),
            E.flatMap((rated) => replaceLines(command, state, facts, entry, product, rated)),
          );
        }),
      ),
    ),
  );

/** Whether `lines` are exactly one line per rated quantity, of this slot, at the rate's price now. */
const sameLines = (
  lines: ReadonlyArray<Line>,
  timeSlotId: string,
  rated: ReadonlyArray<RatedQuantity>,
): boolean =>
  lines.length === rated.length &&
  rated.every(({ rate, quantity }) =>
    lines.some(
      (line) =>
        line.type === 'TimeSlot' &&
        line.timeSlotId === timeSlotId &&
        line.rateId === rate.id &&
        line.quantity === quantity &&
        line.unitPrice.minorUnits === rate.price &&
        line.tariffId === rate.tariffId &&
        line.tariffName === rate.tariffName,
    ),
  );

const replaceLines = (
  command: SelectTimeSlot,
  state: ExistingBasket,
  facts: BasketFacts,
  entry: CatalogProductEntry,
  product: CatalogTimeSlotProduct,
  rated: ReadonlyArray<RatedQuantity>,
): Decision => {
  const total = rated.reduce((n, r) => n + r.quantity, 0);
  const resource = slotResource(product.id, command.timeSlotId);
  const replaced = allLines(state).filter((l) => l.productId === product.id);
  const refusal = firstRefusal(
    () => quantityLimitRefusal(total, product.maxPerBasket, product.id),
    () => capacityRefusal(total, availableOf(facts.availability, resource), resource),
    () => lineLimitRefusal(state, rated.length - replaced.length),
  );
  if (refusal) return E.left(refusal);
  // The same slot at the same rates again changes nothing: no event, and the hold does not restart
  // (C-7.8: only a change to the lines does), nor do lines cross-sold from these go (C-7.4).
  if (sameLines(replaced, command.timeSlotId, rated)) return E.right([]);
  const ids = freshIdSupply(command.freshIds);
  const removals = removeLinesEvents(
    state,
    replaced.map((l) => l.id),
    'replaced',
    command.at,
  );
  return ids.checked(
    pipe(
      providerBasketFor(state, entry.provider, ids, command.at),
      E.map(({ providerBasketId, opening }) => [
        ...opening,
        ...removals,
        ...rated.map(
          ({ rate, quantity }): BasketEvent => ({
            type: 'LineItemAdded',
            at: command.at,
            providerBasketId,
            line: {
              type: 'TimeSlot',
              id: ids.take(entry.provider.id),
              productId: product.id,
              deliveryMethodIdOptions: product.deliveryMethodIdOptions,
              quantity,
              unitPrice: fromMinorUnits(state.currency, rate.price),
              tariffId: rate.tariffId,
              tariffName: rate.tariffName,
              rateId: rate.id,
              timeSlotId: command.timeSlotId,
              productName: product.productName,
            } satisfies TimeSlotLine,
          }),
        ),
      ]),
    ),
  );
};
