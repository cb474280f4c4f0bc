import * as t from 'io-ts';
import { struct } from '../primitives/combinators';
import { Instant } from '../primitives/instant';
import { MoneyC } from '../primitives/money';
import { Int32, ProviderIdentity } from '../primitives/scalars';
import { SportsMatch, Ticket } from '../values/ticketing';
import { LineItemFeatures } from './line-item-feature';

export const ProviderDiscount = struct(
  { id: t.string, title: t.string, code: t.string, description: t.string, amount: MoneyC },
  {},
  'ProviderDiscount',
);
export type ProviderDiscount = t.TypeOf<typeof ProviderDiscount>;

export const TicketingType = t.keyof({ TicketedEvent: null }, 'TicketingType');
export type TicketingType = t.TypeOf<typeof TicketingType>;

export const TicketingEventType = t.keyof({ SportsMatch: null }, 'TicketingEventType');
export type TicketingEventType = t.TypeOf<typeof TicketingEventType>;

export const TicketingLineItem = struct(
  { type: TicketingType, tickets: t.array(Ticket) },
  { eventType: TicketingEventType, sportsMatch: SportsMatch },
  'TicketingLineItem',
);
export type TicketingLineItem = t.TypeOf<typeof TicketingLineItem>;

/** `UnitPrice` with a capital U, as the interface spells it (C-1.1). */
export const ConsumableLineItem = struct(
  { quantity: Int32, UnitPrice: MoneyC, title: t.string },
  {
    productGroupId: t.string,
    kioskId: t.string,
    timestreamId: t.string,
    validUntil: Instant,
    description: t.string,
    allergens: t.string,
    image: t.string,
    calories: Int32,
  },
  'ConsumableLineItem',
);
export type ConsumableLineItem = t.TypeOf<typeof ConsumableLineItem>;

export const TimeSlotLineItem = struct(
  {
    quantity: Int32,
    unitPrice: MoneyC,
    tariffId: ProviderIdentity,
    tariffName: t.string,
    rateId: ProviderIdentity,
    timeSlotId: ProviderIdentity,
    productName: t.string,
  },
  {},
  'TimeSlotLineItem',
);
export type TimeSlotLineItem = t.TypeOf<typeof TimeSlotLineItem>;

export const VariableProductVariant = struct(
  { id: t.string, name: t.string, sku: t.string, imageUrl: t.string },
  {},
  'VariableProductVariant',
);
export type VariableProductVariant = t.TypeOf<typeof VariableProductVariant>;

export const VariableProductLineItem = struct(
  { quantity: Int32, unitPrice: MoneyC, variant: VariableProductVariant },
  {},
  'VariableProductLineItem',
);
export type VariableProductLineItem = t.TypeOf<typeof VariableProductLineItem>;

export const LineItemType = t.keyof(
  { Ticketing: null, Consumable: null, TimeSlot: null, VariableProduct: null },
  'LineItemType',
);
export type LineItemType = t.TypeOf<typeof LineItemType>;

export const LineItem = struct(
  { id: ProviderIdentity, type: LineItemType, productId: ProviderIdentity, totalPrice: MoneyC },
  {
    crossSoldFromProductId: ProviderIdentity,
    ticketing: TicketingLineItem,
    consumable: ConsumableLineItem,
    timeSlot: TimeSlotLineItem,
    variableProduct: VariableProductLineItem,
    originalTotalPrice: MoneyC,
    totalProviderDiscounts: MoneyC,
    providerDiscounts: t.array(ProviderDiscount),
    deliveryMethodIdOptions: t.array(t.string),
    features: LineItemFeatures,
  },
  'LineItem',
);
export type LineItem = t.TypeOf<typeof LineItem>;

export { SportsCompetition, SportsMatch, SportsTeam, Ticket } from '../values/ticketing';
