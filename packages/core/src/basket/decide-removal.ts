import * as E from 'fp-ts/Either';
import type { Instant } from '../primitives/instant';
import { amountLimitProblem } from './amount-limit';
import { crossSoldOrphans } from './decide-expiry';
import type { Decision } from './decide-support';
import type { BasketEvent } from './events';
import { orphanEvents } from './orphans';
import type { BasketState, ExistingBasket } from './state';
import { allLines, exists, findLine } from './state';
import { foldInTable } from './table-check';

type RemovalReason = 'deleted' | 'replaced';

/** The ids of `lineItemId` and of every line cross-sold from it, transitively (C-7.4). */
const withCrossSoldDescendants = (state: ExistingBasket, lineItemId: string): ReadonlyArray<string> => {
  const lines = allLines(state);
  const found: string[] = [lineItemId];
  for (let i = 0; i < found.length; i++) {
    for (const line of lines) {
      if (line.crossSoldFromLineItemId === found[i] && !found.includes(line.id)) found.push(line.id);
    }
  }
  return found;
};

/**
 * Removing a line removes the lines cross-sold from it (C-7.4), with reason
 * `cross-sell-parent-removed`.
 */
export const removeLineEvents = (
  state: ExistingBasket,
  lineItemId: string,
  reason: RemovalReason,
  at: Instant,
): ReadonlyArray<BasketEvent> =>
  withCrossSoldDescendants(state, lineItemId).flatMap((id, index): ReadonlyArray<BasketEvent> => {
    const found = findLine(state, id);
    if (!found) return [];
    return [
      {
        type: 'LineItemRemoved',
        at,
        providerBasketId: found.providerBasket.id,
        lineItemId: found.line.id,
        reason: index === 0 ? reason : 'cross-sell-parent-removed',
      },
    ];
  });

/**
 * What a change to lines implies once its events are applied: a provider basket left without lines
 * closes (C-7.2), a voucher left without a matching line is dropped (C-7.11), and so is an in-seat
 * selection left without its seat (C-7.9); a basket whose amounts could pass what Money carries is
 * refused (`basket-limit`). Answers the
 * command's events followed by those, or the table's problem when the events break it.
 */
export const withTidying = (
  state: ExistingBasket,
  events: ReadonlyArray<BasketEvent>,
  at: Instant,
): Decision =>
  E.flatMap(foldInTable(state, events), (after) => {
    if (after.status !== 'open') return E.right(events);
    const overLimit = amountLimitProblem(after);
    if (overLimit !== undefined) return E.left(overLimit);
    const deferred = unlockCascade(after, events, at);
    return E.flatMap(foldInTable(after, deferred), (pruned) => {
      const closed: ReadonlyArray<BasketEvent> = (exists(pruned) ? pruned.providerBaskets : [])
        .filter((pb) => pb.lines.length === 0)
        .map((pb) => ({ type: 'ProviderBasketClosed', at, providerBasketId: pb.id }));
      return E.flatMap(foldInTable(pruned, closed), (tidied) =>
        E.right([...events, ...deferred, ...closed, ...orphanEvents(tidied, at)]),
      );
    });
  });

/**
 * A locked basket keeps its lines when a cross-sell parent's hold runs out (C-8.3); once `events`
 * unlock it, the lines cross-sold from lines no longer in it go, as expiry cascades in an open basket
 * (C-7.4, C-7.8), so that no line hidden from reads keeps units held.
 */
const unlockCascade = (
  after: BasketState,
  events: ReadonlyArray<BasketEvent>,
  at: Instant,
): ReadonlyArray<BasketEvent> =>
  events.some((event) => event.type === 'BasketUnlocked')
    ? crossSoldOrphans(after, new Set()).map((orphan) => ({
        type: 'LineItemRemoved',
        at,
        ...orphan,
        reason: 'cross-sell-parent-expired',
      }))
    : [];

/** `removeLineEvents` for several lines, each line removed once. */
export const removeLinesEvents = (
  state: ExistingBasket,
  lineItemIds: ReadonlyArray<string>,
  reason: RemovalReason,
  at: Instant,
): ReadonlyArray<BasketEvent> => {
  const seen = new Set<string>();
  return lineItemIds
    .flatMap((id) => removeLineEvents(state, id, reason, at))
    .filter((event) => {
      if (event.type !== 'LineItemRemoved' || seen.has(event.lineItemId)) return false;
      seen.add(event.lineItemId);
      return true;
    });
};
