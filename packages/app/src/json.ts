import type { Json, JsonObject } from './ports/json';

const isPlainObject = (value: object): boolean => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * Whether `value`, JSON but for `undefined` fields, has any such field (at any depth). Anything
 * that is not JSON (a function, a class instance, a non-finite number) throws: codec outputs are
 * plain data, so it is a bug.
 */
const hasUndefinedFields = (value: unknown): boolean => {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return false;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return false;
  } else if (Array.isArray(value)) {
    let found = false;
    for (const item of value) {
      if (item === undefined) throw new Error('expected JSON: an undefined array element');
      if (hasUndefinedFields(item)) found = true;
    }
    return found;
  } else if (typeof value === 'object' && isPlainObject(value)) {
    let found = false;
    for (const field of Object.values(value)) {
      if (field === undefined || hasUndefinedFields(field)) found = true;
    }
    return found;
  }
  throw new Error('expected JSON');
};

/** A copy of `value` (checked by `hasUndefinedFields`) without its `undefined` fields. */
const withoutUndefined = (value: unknown): Json => {
  if (Array.isArray(value)) return value.map(withoutUndefined);
  if (typeof value !== 'object' || value === null) return value as Json;
  // fromEntries defines own fields, so a field named `__proto__` stays a field, as JSON.parse keeps it.
  return Object.fromEntries(
    Object.entries(value).flatMap(
      ([key, field]): Array<[string, Json]> => (field === undefined ? [] : [[key, withoutUndefined(field)]]),
    ),
  );
};

/**
 * The JSON object a codec's output is, without its `undefined` fields (C-1.2): the value itself
 * when it has none (JSON values here are never changed once made), else a copy without them.
 * Codec outputs are plain data, so anything else is a bug and throws.
 */
export const toJsonObject = (value: unknown): JsonObject => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('expected a JSON object');
  }
  return (hasUndefinedFields(value) ? withoutUndefined(value) : value) as JsonObject;
};
