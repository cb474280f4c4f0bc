import * as t from 'io-ts';

export interface InstantBrand {
  readonly Instant: unique symbol;
}
/** A point in time in the canonical wire form `2026-11-21T18:04:05.123Z` (C-1.3). */
export type Instant = t.Branded<string, InstantBrand>;

const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** ISO 8601 date-time with an offset: seconds and a fraction of any length are optional. */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;

const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

const daysInMonth = (year: number, month: number): number => {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
};

/**
 * The canonical form of an ISO 8601 date-time with an offset, or undefined when it is not one or
 * names a date that does not exist. Digits beyond milliseconds are truncated.
 */
const toCanonical = (text: string): string | undefined => {
  const match = ISO_DATE_TIME.exec(text);
  if (match === null) return undefined;
  const [, year, month, day, hour, minute, second, fraction, sign, offsetHours, offsetMinutes] = match;
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const h = Number(hour);
  const mi = Number(minute);
  const s = Number(second ?? '0');
  const oh = Number(offsetHours ?? '0');
  const om = Number(offsetMinutes ?? '0');
  const exists = mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo) && h <= 23 && mi <= 59 && s <= 59;
  if (!exists || oh > 23 || om > 59) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, Number((fraction ?? '').padEnd(3, '0').slice(0, 3)));
  const offsetMillis = (sign === '-' ? -1 : 1) * (oh * 60 + om) * 60_000;
  const utc = new Date(date.getTime() - offsetMillis);
  return Number.isNaN(utc.getTime()) ? undefined : utc.toISOString();
};

/** Whether a string in the canonical form names a time that exists: it reads back as itself. */
const readsBackAsItself = (text: string): boolean => {
  const ms = Date.parse(text);
  return Number.isFinite(ms) && new Date(ms).toISOString() === text;
};

/** The last string found to be an Instant: a request checks its own time many times over. */
let lastInstant = '';

/** Whether `u` is an Instant in canonical form (UTC, milliseconds). */
export const isInstant = (u: unknown): u is Instant => {
  if (u === lastInstant) return true;
  if (typeof u !== 'string' || !CANONICAL.test(u) || !readsBackAsItself(u)) return false;
  lastInstant = u;
  return true;
};

/**
 * Decodes any ISO 8601 date-time with an offset (`Z` or `±hh:mm`, C-1.7) to its canonical UTC form
 * with milliseconds (C-1.3); encodes as is.
 */
export const Instant = new t.RefinementType<t.StringC, Instant, string, unknown>(
  'Instant',
  isInstant,
  (u, c) => {
    if (typeof u !== 'string') return t.failure(u, c);
    const canonical = toCanonical(u);
    return isInstant(canonical)
      ? t.success(canonical)
      : t.failure(u, c, 'expected an ISO 8601 date-time with an offset, e.g. 2026-11-21T18:04:05.123Z');
  },
  t.identity,
  t.string,
  isInstant,
);
