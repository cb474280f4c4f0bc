import type { JsonObject } from '@basket/app';
import type { Row } from './db';

/** Converters from driver values (pg gives bigints as strings, PGlite as numbers) to port values. */

export const int = (row: Row, column: string): number => {
  const value = row[column];
  if (typeof value === 'number') return value;
  if (typeof value === 'string' || typeof value === 'bigint') return Number(value);
  throw new Error(`column ${column} is not a number`);
};

export const text = (row: Row, column: string): string => {
  const value = row[column];
  if (typeof value !== 'string') throw new Error(`column ${column} is not text`);
  return value;
};

export const optionalText = (row: Row, column: string): string | undefined => {
  const value = row[column];
  return value === null || value === undefined ? undefined : text(row, column);
};

/** An instant as the contract writes it: ISO 8601 UTC with milliseconds (C-1.3). */
export const instant = (row: Row, column: string): string => {
  const value = row[column];
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return new Date(value).toISOString();
  throw new Error(`column ${column} is not a timestamp`);
};

export const optionalInstant = (row: Row, column: string): string | undefined => {
  const value = row[column];
  return value === null || value === undefined ? undefined : instant(row, column);
};

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const jsonObject = (row: Row, column: string): JsonObject => {
  const raw = row[column];
  const value: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  if (!isJsonObject(value)) throw new Error(`column ${column} is not a JSON object`);
  return value;
};

export const optionalJsonObject = (row: Row, column: string): JsonObject | undefined => {
  const value = row[column];
  return value === null || value === undefined ? undefined : jsonObject(row, column);
};

/** Parameters for jsonb columns are sent as JSON text (pg would turn a JS array into a SQL array). */
export const jsonParam = (value: unknown): string => JSON.stringify(value);

/** Instants are normalised before they reach SQL, so any ISO 8601 offset is accepted. */
export const instantParam = (value: string): string => {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new Error(`not an instant: ${value}`);
  return new Date(ms).toISOString();
};
