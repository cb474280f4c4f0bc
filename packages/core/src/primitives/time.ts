import type { Instant } from './instant';

/** Pure instant arithmetic on canonical UTC strings (C-1.3); no clock is read here. */
/** Minutes as whole milliseconds (truncated, as an instant holds no less): one rounding for every use. */
export const minutesMs = (minutes: number): number => Math.trunc(minutes * 60_000);

export const addMinutes = (at: Instant, minutes: number): Instant =>
  new Date(Date.parse(at) + minutesMs(minutes)).toISOString() as Instant;

export const isBefore = (a: string, b: string): boolean => Date.parse(a) < Date.parse(b);
