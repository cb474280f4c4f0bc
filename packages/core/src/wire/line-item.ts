import * as t from 'io-ts';
import { MoneyC } from '../money';
import { struct } from './combinators';
import { Instant } from './instant';
import { LineItemFeatures } from './line-item-feature';
import { Int32, ProviderIdentity } from './primitives';

export const ProviderDiscount = struct(
  { id: t.string, title: t.string, code: t.string, description: t.string, amount: MoneyC },
  {},
  'ProviderDiscount',
);
export type ProviderDiscount = t.TypeOf<typeof ProviderDiscount>;

export const SportsTeam = struct({ id: t.string, name: t.string }, { logoImageUrl: t.string }, 'SportsTeam');
export type SportsTeam = t.TypeOf<typeof SportsTeam>;

export const SportsCompetition = struct(
  { name: t.string, season: t.string, competitionType: t.string },
  {},
  'SportsCompetition',
);
export type SportsCompetition = t.TypeOf<typeof SportsCompetition>;

export const SportsMatch = struct(
  { matchDate: Instant, competition: SportsCompetition, hostTeam: SportsTeam, opponentTeam: SportsTeam },
  {},
  'SportsMatch',
);
export type SportsMatch = t.TypeOf<typeof SportsMatch>;

export const Ticket = struct(
  {
    id: t.string,
    providerSeatId: t.string,
    seatCategory: t.string,
    tariff: t.string,
    section: t.string,
    providerSectionId: t.string,
    row: t.string,
    seat: t.string,
    price: MoneyC,
  },
  {},
  'Ticket',
);
export type Ticket = t.TypeOf<typeof Ticket>;

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
