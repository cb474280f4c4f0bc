import * as fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import { describe, expect, it } from 'vitest';
import { Instant, isInstant } from '../../src';

describe('Instant', () => {
  it.each([
    ['2026-11-21T18:04:05.123Z', '2026-11-21T18:04:05.123Z'],
    ['2026-11-21T18:04:05Z', '2026-11-21T18:04:05.000Z'],
    ['2026-11-21T18:04Z', '2026-11-21T18:04:00.000Z'],
    ['2026-11-21T19:04:05.123+01:00', '2026-11-21T18:04:05.123Z'],
    ['2026-11-21T12:34:05.1-05:30', '2026-11-21T18:04:05.100Z'],
    ['2026-11-21T18:04:05.123456789Z', '2026-11-21T18:04:05.123Z'],
    ['2026-01-01T00:30:00+01:00', '2025-12-31T23:30:00.000Z'],
    ['2024-02-29T12:00:00-00:00', '2024-02-29T12:00:00.000Z'],
    ['0050-06-01T00:00:00Z', '0050-06-01T00:00:00.000Z'],
  ])('decodes %s to %s', (input, canonical) => {
    expect(Instant.decode(input)).toEqual(E.right(canonical));
  });

  it.each([
    '2026-11-21T18:04:05',
    '2026-11-21 18:04:05Z',
    '2026-11-21',
    '2026-02-29T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-00-10T00:00:00Z',
    '2026-11-21T24:00:00Z',
    '2026-11-21T18:60:00Z',
    '2026-11-21T18:04:60Z',
    '2026-11-21T18:04:05+0100',
    '2026-11-21T18:04:05+01',
    '2026-11-21T18:04:05+24:00',
    '2026-11-21T18:04:05.Z',
    '0000-01-01T00:00:00+00:01',
    '9999-12-31T23:59:59-00:01',
    '',
    1_700_000_000_000,
  ])('rejects %s', (input) => {
    expect(E.isLeft(Instant.decode(input))).toBe(true);
  });

  it('decodes any canonical instant to itself and encodes it unchanged', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0000-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59.999Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const text = date.toISOString();
          expect(pipe(Instant.decode(text), E.map(Instant.encode))).toEqual(E.right(text));
          expect(isInstant(text)).toBe(true);
        },
      ),
    );
  });

  it('normalises any offset to the same point in time', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-02T00:00:00Z'),
          max: new Date('2099-12-30T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
        (date, offsetMinutes) => {
          const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 23);
          const sign = offsetMinutes < 0 ? '-' : '+';
          const abs = Math.abs(offsetMinutes);
          const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
          expect(Instant.decode(`${local}${offset}`)).toEqual(E.right(date.toISOString()));
        },
      ),
    );
  });

  it('is not a canonical instant unless in UTC with milliseconds', () => {
    expect(isInstant('2026-11-21T18:04:05Z')).toBe(false);
    expect(isInstant('2026-11-21T19:04:05.000+01:00')).toBe(false);
    expect(isInstant('2026-02-30T18:04:05.000Z')).toBe(false);
  });

  it('is a canonical instant exactly when the calendar has that day and time, whatever was checked before', () => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    // Day 0 of the next month is the month's last; setUTCFullYear, unlike Date.UTC, takes years 0–99 as written.
    const daysIn = (year: number, month: number) => {
      const last = new Date(0);
      last.setUTCFullYear(year, month, 0);
      return last.getUTCDate();
    };
    // Fields past their ranges too: month 0–19, day 0–39, hour 0–29, minute and second 0–69.
    const shaped = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 19 }),
        fc.integer({ min: 0, max: 39 }),
        fc.integer({ min: 0, max: 29 }),
        fc.integer({ min: 0, max: 69 }),
        fc.integer({ min: 0, max: 69 }),
        fc.integer({ min: 0, max: 999 }),
      )
      .map(([y, mo, d, h, mi, s, ms]) => ({
        text: `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}.${pad(ms, 3)}Z`,
        exists: mo >= 1 && mo <= 12 && d >= 1 && d <= daysIn(y, mo) && h <= 23 && mi <= 59 && s <= 59,
      }));
    fc.assert(
      fc.property(shaped, shaped, (earlier, value) => {
        isInstant(earlier.text); // remembered when it is one: must not change the next answer
        expect(isInstant(value.text)).toBe(value.exists);
        expect(E.isRight(Instant.decode(value.text))).toBe(value.exists);
      }),
      { numRuns: 2000 },
    );
  });
});
