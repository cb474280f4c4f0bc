import * as t from 'io-ts';
import { Instant } from '../primitives/instant';
import { MoneyC } from '../primitives/money';
import { NonEmptyString, ProviderIdentity } from '../primitives/scalars';
import { SportsMatch, Ticket } from '../values/ticketing';

/** What every line of a basket carries, whatever its kind. */
const LineBase = {
  id: ProviderIdentity,
  productId: ProviderIdentity,
  deliveryMethodIdOptions: t.readonlyArray(t.string),
};
const LineCrossSell = t.partial({
  crossSoldFromProductId: ProviderIdentity,
  crossSoldFromLineItemId: ProviderIdentity,
});

export const TicketingLine = t.intersection(
  [
    t.type({
      ...LineBase,
      type: t.literal('Ticketing'),
      tickets: t.readonlyArray(Ticket),
    }),
    t.partial({ sportsMatch: SportsMatch }),
    LineCrossSell,
  ],
  'TicketingLine',
);

export const ConsumableLine = t.intersection(
  [
    t.type({
      ...LineBase,
      type: t.literal('Consumable'),
      quantity: t.number,
      unitPrice: MoneyC,
      title: t.string,
    }),
    t.partial({
      productGroupId: t.string,
      kioskId: t.string,
      timestreamId: t.string,
      validUntil: Instant,
      description: t.string,
      allergens: t.string,
      image: t.string,
      calories: t.number,
    }),
    LineCrossSell,
  ],
  'ConsumableLine',
);

export const TimeSlotLine = t.intersection(
  [
    t.type({
      ...LineBase,
      type: t.literal('TimeSlot'),
      quantity: t.number,
      unitPrice: MoneyC,
      tariffId: ProviderIdentity,
      tariffName: t.string,
      rateId: ProviderIdentity,
      timeSlotId: ProviderIdentity,
      productName: t.string,
    }),
    LineCrossSell,
  ],
  'TimeSlotLine',
);

export const VariableProductLine = t.intersection(
  [
    t.type({
      ...LineBase,
      type: t.literal('VariableProduct'),
      quantity: t.number,
      unitPrice: MoneyC,
      variant: t.type({ id: NonEmptyString, name: t.string, sku: t.string, imageUrl: t.string }),
    }),
    t.partial({ productGroupId: t.string, kioskId: t.string, timestreamId: t.string }),
    LineCrossSell,
  ],
  'VariableProductLine',
);

export const Line = t.union([TicketingLine, ConsumableLine, TimeSlotLine, VariableProductLine], 'Line');
export type Line = t.TypeOf<typeof Line>;
export type TicketingLine = t.TypeOf<typeof TicketingLine>;
export type ConsumableLine = t.TypeOf<typeof ConsumableLine>;
export type TimeSlotLine = t.TypeOf<typeof TimeSlotLine>;
export type VariableProductLine = t.TypeOf<typeof VariableProductLine>;
export type QuantityLine = ConsumableLine | TimeSlotLine | VariableProductLine;

/** Units a line holds: tickets for a ticketing line, its quantity otherwise. */
export const unitsOf = (line: Line): number =>
  line.type === 'Ticketing' ? line.tickets.length : line.quantity;

/** A line's units at their prices, before vouchers and discounts. */
export const grossOf = (line: Line): number =>
  line.type === 'Ticketing'
    ? line.tickets.reduce((sum, ticket) => sum + ticket.price.minorUnits, 0)
    : line.quantity * line.unitPrice.minorUnits;

/** The variant a voucher matches against: a variable product's variant, none for the other kinds. */
export const variantIdOf = (line: Line): string | undefined =>
  line.type === 'VariableProduct' ? line.variant.id : undefined;
