import { basketEventSchema, type FieldError, upcastStoredEvent } from '@basket/core';
import * as E from 'fp-ts/Either';
import { toJsonObject } from '../json';
import { basketStream, type EventStore, type RecordedEvent } from '../ports/event-store';
import type { Json, JsonObject } from '../ports/json';

/** One page of a basket's history: the events after version `after`, at most `limit` of them (C-4.4). */
export type EventPage = { readonly after?: number; readonly limit?: number };

/** The most events one answer holds, and the page size when none is asked for. */
export const MAX_EVENT_PAGE = 1000;
const MAX_VERSION = 2_147_483_647;

/** What is wrong with a page (each a 400 field): `after` 0 to 2^31−1, `limit` 1 to 1000, integers. */
export const eventPageErrors = (page: EventPage): FieldError[] => [
  ...(page.after === undefined ||
  (Number.isInteger(page.after) && page.after >= 0 && page.after <= MAX_VERSION)
    ? []
    : [{ path: 'after', message: `expected an integer from 0 to ${MAX_VERSION}` }]),
  ...(page.limit === undefined ||
  (Number.isInteger(page.limit) && page.limit >= 1 && page.limit <= MAX_EVENT_PAGE)
    ? []
    : [{ path: 'limit', message: `expected an integer from 1 to ${MAX_EVENT_PAGE}` }]),
];

/** What replaces a customer detail value in the history (C-4.4, C-2.8). */
export const REDACTED = '[redacted]';

const redactDetail = (detail: Json): Json =>
  detail !== null && typeof detail === 'object' && !Array.isArray(detail) && 'value' in detail
    ? { ...detail, value: REDACTED }
    : detail;

/** An event's data in its type's current shape: events of older schema versions go through the upcasters. */
const currentData = (event: RecordedEvent): JsonObject => {
  const stored = { type: event.type, schemaVersion: event.schemaVersion ?? 1, data: event.data };
  const upcast = upcastStoredEvent(basketEventSchema, stored);
  return E.isRight(upcast) ? toJsonObject(upcast.right.data) : event.data;
};

/** An event's data with customer detail values redacted: they are stored, but never shown (C-7.12). */
const redact = (event: RecordedEvent): JsonObject => {
  const data = currentData(event);
  const details = data.customerDetails;
  return Array.isArray(details) ? { ...data, customerDetails: details.map(redactDetail) } : data;
};

/**
 * One page of the basket's history, oldest first: `{ events: [{ version, type, recorded, data }],
 * nextAfter? }` (C-4.4). `nextAfter`, present when more events follow, is the `after` of the next page.
 * Reads one event more than the page holds to know.
 */
export const readEventPage = async (
  events: EventStore,
  basketId: string,
  page: EventPage,
): Promise<{ readonly body: JsonObject; readonly lastVersion: number | undefined }> => {
  const limit = page.limit ?? MAX_EVENT_PAGE;
  const read = await events.readStream(basketStream(basketId), page.after ?? 0, limit + 1);
  const shown = read.slice(0, limit);
  const last = shown.at(-1)?.version;
  return {
    body: {
      events: shown.map((event) => ({
        version: event.version,
        type: event.type,
        recorded: event.recorded,
        data: redact(event),
      })),
      ...(read.length > limit && last !== undefined ? { nextAfter: last } : {}),
    },
    lastVersion: read.at(-1)?.version,
  };
};
