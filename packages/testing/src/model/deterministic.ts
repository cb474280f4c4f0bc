import type { Clock, Ids } from '@basket/app';

/** A clock that moves only when told, so that hold expiry (C-7.8) is driven by the test. */
export type ManualClock = Clock & { readonly advance: (ms: number) => void; readonly millis: () => number };

export const manualClock = (start: string): ManualClock => {
  let now = Date.parse(start);
  return {
    now: () => new Date(now).toISOString(),
    advance: (ms) => {
      now += ms;
    },
    millis: () => now,
  };
};

/** Ids from a counter: valid v4-shaped UUIDs and ProviderIdentity suffixes, the same on every replay. */
export const countingIds = (): Ids => {
  let next = 0;
  const count = (): number => {
    next += 1;
    return next;
  };
  return {
    uuid: () => `00000000-0000-4000-8000-${count().toString(16).padStart(12, '0')}`,
    providerSuffix: () => count().toString(36).padStart(24, '0'),
  };
};
