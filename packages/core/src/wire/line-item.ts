import * as t from 'io-ts';
import { MoneyC } from '../money';
import { struct } from './combinators';
import { Instant } from './instant';
import { LineItemFeaturesC } from './line-item-feature';
import { Int32, ProviderIdentity } from './primitives';

export const ProviderDiscountC = struct(
  { id: t.string, title: t.string, code: t.string, description: t.string, amount: MoneyC },
  {},
  'ProviderDiscount',
);
export type ProviderDiscount = t.TypeOf<typeof ProviderDiscountC>;

export const SportsTeamC = struct({ id: t.string, name: t.string }, { logoImageUrl: t.string }, 'SportsTeam');
export type SportsTeam = t.TypeOf<typeof SportsTeamC>;

export const SportsCompetitionC = struct(
  { name: t.string, season: t.string, competitionType: t.string },
  {},
  'SportsCompetition',
);
export type SportsCompetition = t.TypeOf<typeof SportsCompetitionC>;

export const SportsMatchC = struct(
  { matchDate: Instant, competition: SportsCompetitionC, hostTeam: SportsTeamC, opponentTeam: SportsTeamC },
  {},
  'SportsMatch',
);
export type SportsMatch = t.TypeOf<typeof SportsMatchC>;

export const TicketC = struct(
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
export type Ticket = t.TypeOf<typeof TicketC>;

export const TicketingType = t.keyof({ TicketedEvent: null }, 'TicketingType');
export type TicketingType = t.TypeOf<typeof TicketingType>;

export const TicketingEventType = t.keyof({ SportsMatch: null }, 'TicketingEventType');
export type TicketingEventType = t.TypeOf<typeof TicketingEventType>;

export const TicketingLineItemC = struct(
  { type: TicketingType, tickets: t.array(TicketC) },
  { eventType: TicketingEventType, sportsMatch: SportsMatchC },
  'TicketingLineItem',
);
export type TicketingLineItem = t.TypeOf<typeof TicketingLineItemC>;

/** `UnitPrice` with a capital U, as the interface spells it (C-1.1). */
export const ConsumableLineItemC = struct(
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
export type ConsumableLineItem = t.TypeOf<typeof ConsumableLineItemC>;

export const TimeSlotLineItemC = struct(
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
export type TimeSlotLineItem = t.TypeOf<typeof TimeSlotLineItemC>;

export const VariableProductVariantC = struct(
  { id: t.string, name: t.string, sku: t.string, imageUrl: t.string },
  {},
  'VariableProductVariant',
);
export type VariableProductVariant = t.TypeOf<typeof VariableProductVariantC>;

export const VariableProductLineItemC = struct(
  { quantity: Int32, unitPrice: MoneyC, variant: VariableProductVariantC },
  {},
  'VariableProductLineItem',
);
export type VariableProductLineItem = t.TypeOf<typeof VariableProductLineItemC>;

export const LineItemType = t.keyof(
  { Ticketing: null, Consumable: null, TimeSlot: null, VariableProduct: null },
  'LineItemType',
);
export type LineItemType = t.TypeOf<typeof LineItemType>;

export const LineItemC = struct(
  { id: ProviderIdentity, type: LineItemType, productId: ProviderIdentity, totalPrice: MoneyC },
  {
    crossSoldFromProductId: ProviderIdentity,
    ticketing: TicketingLineItemC,
    consumable: ConsumableLineItemC,
    timeSlot: TimeSlotLineItemC,
    variableProduct: VariableProductLineItemC,
    originalTotalPrice: MoneyC,
    totalProviderDiscounts: MoneyC,
    providerDiscounts: t.array(ProviderDiscountC),
    deliveryMethodIdOptions: t.array(t.string),
    features: LineItemFeaturesC,
  },
  'LineItem',
);
export type LineItem = t.TypeOf<typeof LineItemC>;
