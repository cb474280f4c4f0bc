import { type Instant, isInstant } from '@basket/core';
import type { Clock } from './ports/providers';

/** The clock's time as a canonical Instant (C-1.3). */
export const nowOf = (clock: Clock): Instant => {
  const now = clock.now();
  if (isInstant(now)) return now;
  const canonical = new Date(now).toISOString();
  if (!isInstant(canonical)) throw new Error('the clock answered something that is not a time');
  return canonical;
};

/** `at` moved by `ms` milliseconds. */
export const shift = (at: string, ms: number): string => new Date(Date.parse(at) + ms).toISOString();

/** The promise's answer, or `fallback` when it has not answered within `ms` (0: wait as long as it takes). */
export const answerWithin = async <A>(answer: Promise<A>, ms: number, fallback: A): Promise<A> => {
  if (ms <= 0) return answer;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<A>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
};
