import type { RecordedEvent } from '../ports/event-store';
import type { Json, JsonObject } from '../ports/json';

/** What replaces a customer detail value in the history (C-4.4, C-2.8). */
export const REDACTED = '[redacted]';

const redactDetail = (detail: Json): Json =>
  detail !== null && typeof detail === 'object' && !Array.isArray(detail) && 'value' in detail
    ? { ...detail, value: REDACTED }
    : detail;

/** An event's data with customer detail values redacted: they are stored, but never shown (C-7.12). */
const redact = (event: RecordedEvent): JsonObject => {
  const details = event.data.customerDetails;
  return Array.isArray(details) ? { ...event.data, customerDetails: details.map(redactDetail) } : event.data;
};

/** The basket's history, oldest first: `{ events: [{ version, type, recorded, data }] }` (C-4.4). */
export const listEvents = (recorded: ReadonlyArray<RecordedEvent>): JsonObject => ({
  events: recorded.map((event) => ({
    version: event.version,
    type: event.type,
    recorded: event.recorded,
    data: redact(event),
  })),
});
