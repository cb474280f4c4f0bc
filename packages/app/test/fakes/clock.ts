import type { Clock, Ids } from '../../src/index';

export type ManualClock = Clock & {
  readonly advance: (ms: number) => void;
  readonly set: (at: string) => void;
};

/** A clock that moves only when the test says so. */
export const manualClock = (start = '2026-11-21T18:00:00.000Z'): ManualClock => {
  let now = Date.parse(start);
  return {
    now: () => new Date(now).toISOString(),
    advance: (ms) => {
      now += ms;
    },
    set: (at) => {
      now = Date.parse(at);
    },
  };
};

/** Predictable ids: UUIDs (v4 form) and provider suffixes counted up. */
export const sequentialIds = (): Ids => {
  let uuids = 0;
  let suffixes = 0;
  return {
    uuid: () => `00000000-0000-4000-8000-${String(++uuids).padStart(12, '0')}`,
    providerSuffix: () => `s${String(++suffixes).padStart(23, '0')}`,
  };
};

export const MINUTE = 60_000;
