import * as t from 'io-ts';
import { struct } from '../primitives/combinators';
import { Instant } from '../primitives/instant';
import { FreeFormObject, int32AtLeast, NonEmptyString } from '../primitives/scalars';

/** One stored event of a basket's history, as `GET /baskets/{id}/events` lists it (C-4.4). */
export const ListedEvent = struct(
  { version: int32AtLeast(1), type: NonEmptyString, recorded: Instant, data: FreeFormObject },
  {},
  'ListedEvent',
);
export type ListedEvent = t.TypeOf<typeof ListedEvent>;

/**
 * A page of a basket's history, oldest first (C-4.4); `nextAfter`, when more events follow, is the
 * `after` of the next page.
 */
export const EventListing = struct(
  { events: t.array(ListedEvent) },
  { nextAfter: int32AtLeast(1) },
  'EventListing',
);
export type EventListing = t.TypeOf<typeof EventListing>;
