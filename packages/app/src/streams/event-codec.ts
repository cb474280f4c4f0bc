import { type EventSchema, readStoredEvent, writeStoredEvent } from '@basket/core';
import * as E from 'fp-ts/Either';
import { toJsonObject } from '../json';
import type { NewEvent, RecordedEvent } from '../ports/event-store';

/**
 * A stored event is its type, its schema version (kept only above 1, see NewEvent) and the rest of
 * the encoded event as `data`.
 */
export const toNewEvent =
  <A extends { readonly type: string }, O extends { readonly type: string }>(schema: EventSchema<A, O>) =>
  (event: A): NewEvent => {
    const stored = writeStoredEvent(schema, event);
    const data = toJsonObject(stored.data);
    return stored.schemaVersion === 1
      ? { type: stored.type, data }
      : { type: stored.type, data, schemaVersion: stored.schemaVersion };
  };

/**
 * Decodes a stored event of any schema version through the schema's upcasters; a stored event that
 * does not decode is a bug of the writer, so it throws.
 */
export const fromRecorded =
  <A extends { readonly type: string }, O extends { readonly type: string }>(schema: EventSchema<A, O>) =>
  (recorded: RecordedEvent): A => {
    const read = readStoredEvent(schema, {
      type: recorded.type,
      schemaVersion: recorded.schemaVersion ?? 1,
      data: recorded.data,
    });
    if (E.isLeft(read)) {
      throw new Error(
        `event ${recorded.version} of ${recorded.streamId} (${recorded.type}) does not decode: ${read.left.detail}`,
      );
    }
    return read.right;
  };
