import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { toJsonObject } from '../json';
import type { NewEvent, RecordedEvent } from '../ports/event-store';

/** A stored event is its type plus the rest of the encoded event as `data`. */
export const toNewEvent =
  <A extends { readonly type: string }>(codec: t.Encoder<A, unknown>) =>
  (event: A): NewEvent => {
    const { type: _type, ...data } = toJsonObject(codec.encode(event));
    return { type: event.type, data };
  };

/** Decodes a stored event; a stored event that does not decode is a bug of the writer, so it throws. */
export const fromRecorded =
  <A>(codec: t.Decoder<unknown, A>) =>
  (recorded: RecordedEvent): A => {
    const decoded = codec.decode({ ...recorded.data, type: recorded.type });
    if (E.isLeft(decoded)) {
      throw new Error(`event ${recorded.version} of ${recorded.streamId} (${recorded.type}) does not decode`);
    }
    return decoded.right;
  };
