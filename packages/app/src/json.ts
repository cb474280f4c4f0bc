import type { Json, JsonObject } from './ports/json';

const isJson = (value: unknown): value is Json => {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  if (typeof value === 'object') return Object.values(value).every((v) => v === undefined || isJson(v));
  return false;
};

/**
 * The JSON object a codec's output is, without its `undefined` fields (C-1.2). Codec outputs are
 * plain data, so anything else (a function, a non-finite number) is a bug and throws.
 */
export const toJsonObject = (value: unknown): JsonObject => {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !isJson(value)) {
    throw new Error('expected a JSON object');
  }
  return JSON.parse(JSON.stringify(value)) as JsonObject;
};
