import type { AdmissionQueue } from './admission-queue';
import type { Pace } from './pace';

/** Runs `run` after `ms`, without keeping the process alive for it. */
export type Schedule = (run: () => void, ms: number) => void;

const unrefTimer: Schedule = (run, ms) => {
  setTimeout(run, ms).unref();
};

/**
 * Moves the line of new baskets: lets in the longest waiting while there is room (`hasCap`, the
 * requests in flight, and the pace), and when some still wait while only the pace holds them back,
 * comes back when it allows the next. Called as requests finish and when new baskets join.
 *
 * The pace is read again after the admission, not taken from it: the clock moves between two reads,
 * so a pace that said no to the admission may say yes a moment later. Deciding then that nothing
 * was to be waited for left the line with no timer and, if no request finished afterwards, its
 * waiters until their longest wait (the overload test saw it on a loaded machine). Now a line held
 * back by the pace alone always has a timer: due at once when the pace allows by now.
 */
export const createLineMover = (
  queue: AdmissionQueue | undefined,
  pace: Pace,
  hasCap: () => boolean,
  schedule: Schedule = unrefTimer,
): (() => void) => {
  let scheduled = false;
  const move = (): void => {
    if (queue === undefined) return;
    queue.admit(() => hasCap() && pace.available());
    if (queue.waiting() === 0 || scheduled || !hasCap()) return;
    scheduled = true;
    schedule(() => {
      scheduled = false;
      move();
    }, pace.msUntilNext());
  };
  return move;
};
