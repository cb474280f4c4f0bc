import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAdmissionQueue } from '../src/admission-queue';
import { createLineMover } from '../src/line-mover';
import { createPace } from '../src/pace';

/**
 * A clock that, once set going, moves on by one of `steps` (ms) each time it is read, and timers
 * run by hand.
 */
const world = (steps: ReadonlyArray<number>) => {
  let t = 0;
  let reads = 0;
  let going = false;
  const timers: Array<{ at: number; run: () => void }> = [];
  return {
    now: () => {
      if (going) t += steps[reads++ % steps.length] ?? 0;
      return t;
    },
    go: () => {
      going = true;
    },
    schedule: (run: () => void, ms: number) => {
      timers.push({ at: t + ms, run });
    },
    /** Runs the timers due next, the clock moved to their time; false when none is left. */
    next: (): boolean => {
      timers.sort((a, b) => a.at - b.at);
      const timer = timers.shift();
      if (timer === undefined) return false;
      t = Math.max(t, timer.at);
      timer.run();
      return true;
    },
  };
};

describe('the line of new baskets (line-mover.ts)', () => {
  it('lets in a new basket held back by the pace alone, whatever the clock reads between two looks (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.double({ min: 0, max: 400, noNaN: true }), { minLength: 1, maxLength: 8 }),
        async (perSecond, steps) => {
          const clock = world(steps);
          const pace = createPace(perSecond, clock.now);
          // One second's worth gone: the next must wait for the pace.
          while (pace.available()) pace.take();
          const queue = createAdmissionQueue(1, 60_000);
          let admitted = 0;
          const waiting = queue.wait(new AbortController().signal, () => {
            admitted += 1;
            pace.take();
          });
          const move = createLineMover(queue, pace, () => true, clock.schedule);
          clock.go();
          move();
          // No request finishes: only the timers the line set can let it in.
          for (let i = 0; i < 1000 && admitted === 0 && clock.next(); i += 1);
          expect(admitted).toBe(1);
          expect(await waiting).toBe('admitted');
        },
      ),
    );
  });

  it('sets no timer while the requests in flight, not the pace, hold the line back', () => {
    const clock = world([1]);
    const pace = createPace(0, clock.now);
    const queue = createAdmissionQueue(1, 60_000);
    void queue.wait(new AbortController().signal, () => {});
    createLineMover(queue, pace, () => false, clock.schedule)();
    expect(clock.next()).toBe(false);
    expect(queue.waiting()).toBe(1);
  });
});
