import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import type { CatalogProductEntry, CatalogTicketingProduct, CatalogTicketRate } from '../catalog';
import type { DomainProblem } from '../decider';
import { problem } from '../decider';
import { availableOf, seatResource } from '../inventory/resources';
import { seatMapOf } from '../inventory/seat-map';
import { chooseSeats } from '../inventory/seat-search';
import { fromMinorUnits } from '../primitives/money';
import type { Ticket } from '../values/ticketing';
import type { BasketCommandOf } from './commands';
import type { Decision, FreshIds } from './decide-support';
import {
  accept,
  firstRefusal,
  freshIdSupply,
  lineLimitRefusal,
  MAX_SEATS_PER_SELECTION,
  productOnSale,
  providerBasketFor,
  quantityLimitRefusal,
} from './decide-support';
import type { BasketFacts } from './facts';
import type { TicketingLine } from './line';
import type { PlacedSeat } from './seat-selection';
import type { ExistingBasket } from './state';

type SelectSeats = BasketCommandOf<'SelectSeats'>;
type RatedSeat = { readonly seat: PlacedSeat; readonly rate: CatalogTicketRate };

const ticketing = ({ product }: CatalogProductEntry): Either<DomainProblem, CatalogTicketingProduct> =>
  product.type === 'Ticketing'
    ? E.right(product)
    : E.left(problem('wrong-product-type', `${product.type} products have no seats to select`));

const rateOf = (
  product: CatalogTicketingProduct,
  rateId: string,
): Either<DomainProblem, CatalogTicketRate> => {
  const rate = product.rates.find((r) => r.id === rateId);
  return rate
    ? E.right(rate)
    : E.left(problem('rate-not-found', `event ${product.id} has no rate ${rateId}`));
};

const traverse = <A, B>(as: ReadonlyArray<A>, f: (a: A) => Either<DomainProblem, B>) =>
  E.traverseArray(f)(as);

/** Free for this basket: not sold, and not held by another basket (C-7.5). */
const freeFor =
  (product: CatalogTicketingProduct, facts: BasketFacts) =>
  (seatId: string): boolean =>
    !seatMapOf(product).sold.has(seatId) &&
    availableOf(facts.availability, seatResource(product.id, seatId)) >= 1;

const unavailable = (detail: string) => E.left(problem('seats-unavailable', detail));

/** Manual selection: every seat in the map, free, and asked for once. */
const manualSeats = (
  product: CatalogTicketingProduct,
  facts: BasketFacts,
  seats: ReadonlyArray<{ readonly rateId: string; readonly seatId: string }>,
): Either<DomainProblem, ReadonlyArray<RatedSeat>> =>
  pipe(
    traverse(seats, ({ rateId, seatId }) => {
      const seat = seatMapOf(product).seats.get(seatId);
      if (!seat) return E.left(problem('seat-not-found', `event ${product.id} has no seat ${seatId}`));
      return pipe(
        rateOf(product, rateId),
        E.map((rate) => ({ seat, rate })),
      );
    }),
    E.flatMap((rated) => {
      const ids = rated.map((r) => r.seat.seatId);
      if (new Set(ids).size !== ids.length)
        return E.left(problem('validation-failed', 'a seat is asked for twice'));
      const taken = ids.filter((id) => !freeFor(product, facts)(id));
      return taken.length > 0 ? unavailable(`seats not available: ${taken.join(', ')}`) : E.right(rated);
    }),
  );

/** Automatic selection (C-7.5): seats first, then rates given out in the order of the request. */
const automaticSeats = (
  product: CatalogTicketingProduct,
  facts: BasketFacts,
  rates: ReadonlyArray<{ readonly rateId: string; readonly quantity: number }>,
): Either<DomainProblem, ReadonlyArray<RatedSeat>> =>
  pipe(
    traverse(rates, ({ rateId, quantity }) =>
      pipe(
        rateOf(product, rateId),
        E.map((rate) => Array.from({ length: quantity }, () => rate)),
      ),
    ),
    E.flatMap((perRate) => {
      const wanted = perRate.flat();
      const seats = chooseSeats(seatMapOf(product), wanted.length, facts.availability);
      if (!seats) return unavailable(`no section has ${wanted.length} free seats together`);
      return E.right(seats.flatMap((seat, i) => (wanted[i] ? [{ seat, rate: wanted[i] }] : [])));
    }),
  );

const countOf = (command: SelectSeats): number =>
  command.seats?.length ?? (command.rates ?? []).reduce((n, r) => n + r.quantity, 0);

const wellFormed = (command: SelectSeats): DomainProblem | undefined => {
  const both = command.rates !== undefined && command.seats !== undefined;
  const quantities = (command.rates ?? []).map((r) => r.quantity);
  return both || countOf(command) < 1 || quantities.some((q) => !Number.isInteger(q) || q < 1)
    ? problem('validation-failed', 'exactly one of rates and seats, asking for at least one seat')
    : undefined;
};

/** A ticket for a seat at a rate, priced for the seat's category (C-7.5); a seat kept keeps its ticket id. */
const ticketOf = (
  { seat, rate }: RatedSeat,
  previous: ReadonlyArray<Ticket>,
  ids: FreshIds,
  provider: string,
  state: ExistingBasket,
): Either<DomainProblem, Ticket> => {
  const price = rate.prices[seat.section.category];
  if (price === undefined) {
    return E.left(
      problem('rate-not-found', `rate ${rate.id} has no price for ${seat.section.category} seats`),
    );
  }
  return E.right({
    id: previous.find((t) => t.providerSeatId === seat.seatId)?.id ?? ids.take(provider),
    providerSeatId: seat.seatId,
    seatCategory: seat.section.category,
    tariff: rate.tariff,
    section: seat.section.name,
    providerSectionId: seat.section.id,
    row: seat.row,
    seat: seat.seatId.slice(seat.seatId.lastIndexOf('-') + 1),
    price: fromMinorUnits(state.currency, price),
  });
};

/** The fields of a ticket other than its price. */
const TICKET_TEXT = [
  'id',
  'providerSeatId',
  'seatCategory',
  'tariff',
  'section',
  'providerSectionId',
  'row',
  'seat',
] as const;

/** The same tickets in the same order, every field alike (ids are kept for kept seats). */
const sameTickets = (a: ReadonlyArray<Ticket>, b: ReadonlyArray<Ticket>): boolean =>
  a.length === b.length &&
  a.every((ticket, i) => {
    const other = b[i];
    return (
      other !== undefined &&
      TICKET_TEXT.every((field) => ticket[field] === other[field]) &&
      ticket.price.minorUnits === other.price.minorUnits &&
      ticket.price.currencyCode === other.price.currencyCode &&
      ticket.price.precision === other.price.precision
    );
  });

const existingLine = (state: ExistingBasket, productId: string) => {
  for (const pb of state.providerBaskets) {
    const line = pb.lines.find(
      (l): l is TicketingLine => l.type === 'Ticketing' && l.productId === productId,
    );
    if (line) return { providerBasketId: pb.id, line };
  }
  return undefined;
};

/** selectSeats (C-7.5, C-7.3a): replaces the event's seat selection, or makes its Ticketing line. */
export const decideSelectSeats = (
  command: SelectSeats,
  state: ExistingBasket,
  facts: BasketFacts,
): Decision =>
  pipe(
    productOnSale(facts, command.productId),
    E.flatMap((entry) =>
      pipe(
        ticketing(entry),
        E.flatMap((product) => {
          const refusal = firstRefusal(
            () => wellFormed(command),
            () =>
              quantityLimitRefusal(
                countOf(command),
                Math.min(product.maxPerBasket, MAX_SEATS_PER_SELECTION),
                product.id,
              ),
          );
          if (refusal) return E.left(refusal);
          const chosen = command.seats
            ? manualSeats(product, facts, command.seats)
            : automaticSeats(product, facts, command.rates ?? []);
          return E.flatMap(chosen, (rated) => ticketLine(command, state, entry, product, rated));
        }),
      ),
    ),
  );

const ticketLine = (
  command: SelectSeats,
  state: ExistingBasket,
  entry: CatalogProductEntry,
  product: CatalogTicketingProduct,
  rated: ReadonlyArray<RatedSeat>,
): Decision => {
  const ids = freshIdSupply(command.freshIds);
  const provider = entry.provider.id;
  const existing = existingLine(state, product.id);
  if (existing) {
    return ids.checked(
      pipe(
        traverse(rated, (r) => ticketOf(r, existing.line.tickets, ids, provider, state)),
        // The same seats at the same rates again change nothing: no event, and the hold does not
        // restart (C-7.8: only a change to the lines does).
        E.map((tickets) =>
          sameTickets(tickets, existing.line.tickets)
            ? []
            : [
                {
                  type: 'TicketsReplaced',
                  at: command.at,
                  providerBasketId: existing.providerBasketId,
                  lineItemId: existing.line.id,
                  tickets,
                },
              ],
        ),
      ),
    );
  }
  const lineLimit = lineLimitRefusal(state, 1);
  if (lineLimit) return E.left(lineLimit);
  return ids.checked(
    pipe(
      providerBasketFor(state, entry.provider, ids, command.at),
      E.flatMap(({ providerBasketId, opening }) => {
        const id = ids.take(provider);
        return pipe(
          traverse(rated, (r) => ticketOf(r, [], ids, provider, state)),
          E.flatMap((tickets) =>
            accept([
              ...opening,
              {
                type: 'LineItemAdded',
                at: command.at,
                providerBasketId,
                line: {
                  type: 'Ticketing',
                  id,
                  productId: product.id,
                  deliveryMethodIdOptions: product.deliveryMethodIdOptions,
                  tickets,
                  sportsMatch: product.sportsMatch,
                },
              },
            ]),
          ),
        );
      }),
    ),
  );
};
