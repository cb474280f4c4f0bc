import { Basket, type LineItem, seatResource, slotResource, stockResource } from '@basket/core';
import { PathReporter } from 'io-ts/PathReporter';
import { expect } from 'vitest';

/** The basket view of a getBasket answer, checked against the wire codec (C-1). */
export const decodeBasket = (body: unknown): Basket => {
  const decoded = Basket.decode(body);
  if (decoded._tag === 'Left') expect.fail(`not a Basket: ${PathReporter.report(decoded).join('; ')}`);
  return decoded.right;
};

const lineUnits = (line: LineItem): ReadonlyArray<readonly [string, number]> => {
  if (line.ticketing !== undefined) {
    return line.ticketing.tickets.map((ticket) => [seatResource(line.productId, ticket.providerSeatId), 1]);
  }
  if (line.timeSlot !== undefined) {
    return [[slotResource(line.productId, line.timeSlot.timeSlotId), line.timeSlot.quantity]];
  }
  if (line.variableProduct !== undefined) {
    return [[stockResource(line.productId, line.variableProduct.variant.id), line.variableProduct.quantity]];
  }
  if (line.consumable !== undefined) return [[stockResource(line.productId), line.consumable.quantity]];
  return [];
};

/** Units of each inventory resource that a basket's view shows it holding (C-7.3a). */
export const unitsInView = (basket: Basket): ReadonlyMap<string, number> => {
  const units = new Map<string, number>();
  for (const providerBasket of basket.providerBaskets) {
    for (const line of providerBasket.lineItems) {
      for (const [resource, quantity] of lineUnits(line))
        units.set(resource, (units.get(resource) ?? 0) + quantity);
    }
  }
  return units;
};

/** The lines of a view as `[providerBasketId, lineItemId]`, for commands that delete one. */
export const linesInView = (basket: Basket): ReadonlyArray<readonly [string, string]> =>
  basket.providerBaskets.flatMap((providerBasket) =>
    providerBasket.lineItems.map((line) => [providerBasket.id, line.id] as const),
  );
