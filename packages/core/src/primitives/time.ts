import type { Instant } from './instant';

/** Pure instant arithmetic on canonical UTC strings (C-1.3); no clock is read here. */
export const addMinutes = (at: Instant, minutes: number): Instant =>
  new Date(Date.parse(at) + minutes * 60_000).toISOString() as Instant;

export const isBefore = (a: string, b: string): boolean => Date.parse(a) < Date.parse(b);
