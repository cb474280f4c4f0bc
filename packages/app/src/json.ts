import type { Json, JsonObject } from './ports/json';

const isPlainObject = (value: object): boolean => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** Whether `value` is JSON as it is: plain data, finite numbers, no `undefined` anywhere. */
const isJson = (value: unknown): value is Json => {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  if (typeof value === 'object' && isPlainObject(value)) return Object.values(value).every(isJson);
  return false;
};

/**
 * A copy of `value` without its `undefined` fields (at any depth). Anything else that is not JSON
 * (a function, a class instance, a non-finite number, an undefined array element) throws: codec
 * outputs are plain data, so it is a bug.
 */
const withoutUndefined = (value: unknown): Json => {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (Array.isArray(value)) {
    return value.map((item: unknown) => {
      if (item === undefined) throw new Error('expected JSON: an undefined array element');
      return withoutUndefined(item);
    });
  }
  if (typeof value === 'object' && isPlainObject(value)) {
    // fromEntries defines own fields, so a field named `__proto__` stays a field, as JSON.parse keeps it.
    return Object.fromEntries(
      Object.entries(value).flatMap(
        ([key, field]: [string, unknown]): Array<[string, Json]> =>
          field === undefined ? [] : [[key, withoutUndefined(field)]],
      ),
    );
  }
  throw new Error('expected JSON');
};

const isJsonObject = (json: Json): json is JsonObject =>
  typeof json === 'object' && json !== null && !Array.isArray(json);

/**
 * The JSON object a codec's output is, without its `undefined` fields (C-1.2): the value itself
 * when it is JSON as it is (JSON values here are never changed once made), else a copy without
 * them. Codec outputs are plain data, so anything else is a bug and throws.
 */
export const toJsonObject = (value: unknown): JsonObject => {
  const json = isJson(value) ? value : withoutUndefined(value);
  if (!isJsonObject(json)) throw new Error('expected a JSON object');
  return json;
};
