import * as t from 'io-ts';
import { struct } from '../primitives/combinators';
import { Instant } from '../primitives/instant';
import { MoneyC } from '../primitives/money';

// The match a ticketing product is for, and a ticket of a line: recorded in events (LineItemAdded,
// TicketsReplaced) and in the catalog; the interface's line item shows them as they are (C-1.1).

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
