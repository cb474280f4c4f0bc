// What a basket drops when the lines it refers to go (after a change to lines, or expiry): vouchers
// that no line matches (C-7.11) and in-seat selections whose seat is no longer a ticket (C-7.9).
import type { Instant } from '../primitives/instant';
import type { BasketEvent } from './events';
import type { BasketState, ExistingBasket } from './state';
import { allLines } from './state';
import { orphanedVoucherEvents } from './vouchers';

/** The provider seat ids of the basket's tickets: the seats an InSeat selection may name (C-7.9). */
export const seatIdsOf = (state: ExistingBasket): ReadonlySet<string> =>
  new Set(
    allLines(state).flatMap((l) => (l.type === 'Ticketing' ? l.tickets.map((t) => t.providerSeatId) : [])),
  );

/** InSeat selections whose seat is no longer one of the basket's tickets: dropped, as vouchers are. */
const orphanedSeatSelectionEvents = (state: BasketState, at: Instant): ReadonlyArray<BasketEvent> => {
  if (state.status !== 'open' && state.status !== 'locked') return [];
  const seats = seatIdsOf(state);
  return state.providerBaskets.flatMap((pb) =>
    pb.selections.flatMap(
      (selection): ReadonlyArray<BasketEvent> =>
        selection.type === 'InSeat' && !seats.has(selection.seatId)
          ? [
              {
                type: 'DeliveryMethodDeselected',
                at,
                providerBasketId: pb.id,
                deliveryMethodId: selection.id,
                reason: 'seat-not-in-basket',
              },
            ]
          : [],
    ),
  );
};

/** Everything `state` drops because what it referred to is gone. */
export const orphanEvents = (state: BasketState, at: Instant): ReadonlyArray<BasketEvent> => [
  ...orphanedVoucherEvents(state, at),
  ...orphanedSeatSelectionEvents(state, at),
];
