import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';

/** A JSON object as stored: an event's data, without its type. */
export type StoredData = { readonly [field: string]: unknown };

/**
 * An event as the storage holds it: its type, the schema version its data was written in, and the
 * data (the encoded event without its type). Rows written before versions existed are version 1.
 */
export type StoredEvent = {
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: StoredData;
};

/** Turns the data of `type` at version `from` into its data at version `from + 1`. */
export type Upcaster = {
  readonly type: string;
  readonly from: number;
  /** What changed, for docs and failures: e.g. "code renamed voucherCode". */
  readonly change: string;
  readonly up: (data: StoredData) => StoredData;
};

/**
 * The storage contract of one stream's events: the codec of the current events, the current
 * schema version of each event type, and the upcasters from every older version. Events are
 * written at their current version and read back through the upcasters.
 */
export type EventSchema<Ev extends { readonly type: string }, O extends { readonly type: string }> = {
  readonly name: string;
  readonly codec: t.Type<Ev, O, unknown>;
  readonly versions: Readonly<Record<Ev['type'], number>>;
  readonly upcasters: ReadonlyArray<Upcaster>;
};

/** Why a stored event could not be read: never thrown by core, the reader decides. */
export type StoredEventProblem = {
  readonly _tag: 'UnknownType' | 'NewerVersion' | 'NoUpcaster' | 'DoesNotDecode';
  readonly detail: string;
};

const failure = (_tag: StoredEventProblem['_tag'], detail: string): Either<StoredEventProblem, never> =>
  E.left({ _tag, detail });

const currentVersionOf = <Ev extends { readonly type: string }, O extends { readonly type: string }>(
  schema: EventSchema<Ev, O>,
  type: string,
): number | undefined =>
  Object.hasOwn(schema.versions, type) ? (schema.versions as Record<string, number>)[type] : undefined;

/** `event` as the storage keeps it, at its type's current schema version. */
export const writeStoredEvent = <Ev extends { readonly type: string }, O extends { readonly type: string }>(
  schema: EventSchema<Ev, O>,
  event: Ev,
): StoredEvent => {
  const { type: _type, ...data } = schema.codec.encode(event);
  return { type: event.type, schemaVersion: schema.versions[event.type as Ev['type']], data };
};

/** The stored event brought to its type's current version, one upcaster at a time. */
export const upcastStoredEvent = <Ev extends { readonly type: string }, O extends { readonly type: string }>(
  schema: EventSchema<Ev, O>,
  stored: StoredEvent,
): Either<StoredEventProblem, StoredEvent> => {
  const current = currentVersionOf(schema, stored.type);
  if (current === undefined) return failure('UnknownType', `${schema.name} has no event type ${stored.type}`);
  if (!Number.isInteger(stored.schemaVersion) || stored.schemaVersion < 1 || stored.schemaVersion > current) {
    return failure(
      'NewerVersion',
      `${stored.type} version ${stored.schemaVersion} is not one this reader knows (1 to ${current})`,
    );
  }
  let data = stored.data;
  for (let version = stored.schemaVersion; version < current; version += 1) {
    const upcaster = schema.upcasters.find((u) => u.type === stored.type && u.from === version);
    if (upcaster === undefined) {
      return failure('NoUpcaster', `no upcaster of ${stored.type} from version ${version}`);
    }
    data = upcaster.up(data);
  }
  return E.right({ type: stored.type, schemaVersion: current, data });
};

/** Reads a stored event of any known version as the current event. */
export const readStoredEvent = <Ev extends { readonly type: string }, O extends { readonly type: string }>(
  schema: EventSchema<Ev, O>,
  stored: StoredEvent,
): Either<StoredEventProblem, Ev> =>
  E.flatMap(upcastStoredEvent(schema, stored), (upcast) => {
    const decoded = schema.codec.decode({ ...upcast.data, type: upcast.type });
    return E.isRight(decoded)
      ? E.right(decoded.right)
      : failure('DoesNotDecode', `${stored.type} version ${stored.schemaVersion} does not decode`);
  });

/**
 * What is wrong with a schema's registry: every version above 1 needs exactly one upcaster from
 * each older version, and no upcaster may start at or beyond its type's current version.
 */
export const eventSchemaProblems = <
  Ev extends { readonly type: string },
  O extends { readonly type: string },
>(
  schema: EventSchema<Ev, O>,
): ReadonlyArray<string> => {
  const problems: string[] = [];
  for (const [type, current] of Object.entries<number>(schema.versions)) {
    for (let from = 1; from < current; from += 1) {
      const count = schema.upcasters.filter((u) => u.type === type && u.from === from).length;
      if (count !== 1) problems.push(`${type}: ${count} upcasters from version ${from}, expected 1`);
    }
  }
  for (const u of schema.upcasters) {
    const current = currentVersionOf(schema, u.type);
    if (current === undefined || u.from >= current) {
      problems.push(`${u.type}: upcaster from version ${u.from} leads past the current version`);
    }
  }
  return problems;
};
