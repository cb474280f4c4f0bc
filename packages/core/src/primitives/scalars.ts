import * as t from 'io-ts';
import { refine } from './combinators';

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

const isInt32 = (n: number): boolean => Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX;

/** An integer in [-2^31, 2^31 - 1]; a numeric string is not one (C-1.6). */
export const Int32 = refine(
  t.number,
  isInt32,
  'Int32',
  `expected an integer from ${INT32_MIN} to ${INT32_MAX}`,
);

/** An Int32 in `[min, max]`. */
export const int32Between = (min: number, max: number) =>
  refine(
    t.number,
    (n) => isInt32(n) && n >= min && n <= max,
    `Int32 ${min}..${max}`,
    `expected an integer from ${min} to ${max}`,
  );

/** An Int32 of at least `min`. */
export const int32AtLeast = (min: number) =>
  refine(t.number, (n) => isInt32(n) && n >= min, `Int32 >= ${min}`, `expected an integer >= ${min}`);

/** An Int32 of 0 or more. */
export const NonNegativeInt32 = int32AtLeast(0);

/**
 * Whether `s` has from `min` to `max` characters, counted as JSON Schema's `minLength`/`maxLength`
 * count them (Unicode code points: an emoji is one, not the two UTF-16 units of `s.length`).
 */
export const charactersBetween = (s: string, min: number, max: number): boolean => {
  // Code points are at most `s.length` and at least half of it: most strings need no count.
  if (s.length < min || s.length / 2 > max) return false;
  if (s.length <= max && s.length / 2 >= min) return true;
  let count = 0;
  for (const _ of s) count += 1;
  return count >= min && count <= max;
};

export const NonEmptyString = refine(
  t.string,
  (s) => s.length > 0,
  'NonEmptyString',
  'expected a non-empty string',
);

/** `value` with the keys of its objects in sorted order, at every depth. */
const sortedKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  // fromEntries defines own fields, so a field named `__proto__` stays a field.
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys(Reflect.get(value, key))]),
  );
};

const anyRecord = t.record(t.string, t.unknown);

const isPlainObject = (value: object): boolean => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * The path to the first part of `value` that JSON cannot carry (a number that is not finite, as
 * `1e400` parses to; `undefined`; a function or an instance of a class), with what it is; none when
 * `value` is JSON throughout.
 */
const notJson = (
  value: unknown,
  path: ReadonlyArray<string>,
): { path: string[]; what: string } | undefined => {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number')
    return Number.isFinite(value) ? undefined : { path: [...path], what: 'a number JSON cannot carry' };
  if (typeof value === 'object' && (Array.isArray(value) || isPlainObject(value))) {
    for (const [key, item] of Object.entries(value)) {
      const found = notJson(item, [...path, key]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return { path: [...path], what: `not JSON (${typeof value})` };
};

/**
 * A JSON object of any fields (never an array), passed through untouched but for the order of its
 * keys, sorted when encoded: the same text whether it was decided in memory or read back from a
 * store that keeps no key order (PostgreSQL's jsonb). A value JSON cannot carry is refused at its
 * path, so that nothing reaches a store or an answer that cannot be written as JSON (C-1.6).
 */
export const jsonObject = (name: string) =>
  new t.DictionaryType(
    name,
    (u): u is Record<string, unknown> => anyRecord.is(u) && notJson(u, []) === undefined,
    (u, c) => {
      const record = anyRecord.validate(u, c);
      if (record._tag === 'Left') return record;
      const found = notJson(record.right, []);
      if (found === undefined) return record;
      const context: t.Context = [
        ...c,
        ...found.path.map((key) => ({ key, type: t.unknown, actual: undefined })),
      ];
      return t.failure(u, context, `expected JSON: ${found.what}`);
    },
    (a) => sortedKeys(a) as Record<string, unknown>,
    t.string,
    t.unknown,
  );

/** A free-form JSON object (see `jsonObject`). */
export const FreeFormObject = jsonObject('FreeFormObject');
export type FreeFormObject = t.TypeOf<typeof FreeFormObject>;

export interface ProviderIdentityBrand {
  readonly ProviderIdentity: unique symbol;
}
/** `<provider>|<24 lowercase alphanumerics>`, where `<provider>` is `name` or `name:sub` (C-1.5, C-7.2). */
export type ProviderIdentity = t.Branded<string, ProviderIdentityBrand>;

const PROVIDER_IDENTITY = /^[a-z0-9]{1,5}(:[a-z0-9]{1,12})?\|[a-z0-9]{24}$/;

export const isProviderIdentity = (u: unknown): u is ProviderIdentity =>
  typeof u === 'string' && PROVIDER_IDENTITY.test(u);

export const ProviderIdentity = refine(
  t.string,
  (s): s is ProviderIdentity => isProviderIdentity(s),
  'ProviderIdentity',
  "expected a ProviderIdentity '<provider>|<24 lowercase letters or digits>'",
);

/** The provider part of a ProviderIdentity: everything before `|` (C-7.2). */
export const providerOf = (id: ProviderIdentity): string => id.slice(0, id.indexOf('|'));

export interface UuidBrand {
  readonly Uuid: unique symbol;
}
/** A UUID of any RFC 9562 version (1 to 8), in canonical lowercase form. */
export type Uuid = t.Branded<string, UuidBrand>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export const isUuid = (u: unknown): u is Uuid => typeof u === 'string' && UUID.test(u);

export const Uuid = refine(
  t.string,
  (s): s is Uuid => isUuid(s),
  'Uuid',
  'expected a lowercase UUID (RFC 9562, version 1 to 8)',
);
