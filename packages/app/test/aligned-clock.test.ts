import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alignedClock } from '../src/index';

/**
 * A machine clock and a reference `skew` ms ahead of it; each reading of the reference takes the
 * round trip of its turn (half on the way there, when the reference reads its clock).
 */
const world = (skew: number, roundTrips: ReadonlyArray<number>) => {
  let machine = 1_750_000_000_000;
  let turn = 0;
  return {
    machine: () => machine,
    reference: async () => {
      const trip = roundTrips[turn++ % roundTrips.length] ?? 0;
      machine += trip / 2;
      const at = machine + skew;
      machine += trip / 2;
      return at;
    },
    advance: (ms: number) => {
      machine += ms;
    },
  };
};

describe('alignedClock: the time of a reference every process shares', () => {
  it('tells the reference time within half the shortest round trip of a sync, whatever the skew', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -86_400_000, max: 86_400_000 }),
        fc.array(fc.integer({ min: 0, max: 2_000 }), { minLength: 3, maxLength: 3 }),
        async (skew, roundTrips) => {
          const w = world(skew, roundTrips);
          const clock = alignedClock(w.reference, w.machine);
          expect(clock.offsetMs()).toBe(0);
          const offset = await clock.sync();
          expect(Math.abs(offset - skew)).toBeLessThanOrEqual(Math.min(...roundTrips) / 2 + 1);
          w.advance(12_345);
          expect(Math.abs(clock.nowMs() - (w.machine() + skew))).toBeLessThanOrEqual(
            Math.min(...roundTrips) / 2 + 1,
          );
          expect(Date.parse(clock.now())).toBe(clock.nowMs());
        },
      ),
    );
  });

  it('keeps the last offset when the reference fails', async () => {
    let failing = false;
    const w = world(90_000, [4]);
    const clock = alignedClock(async () => {
      if (failing) throw new Error('database unreachable');
      return w.reference();
    }, w.machine);
    expect(await clock.sync()).toBe(90_000);
    failing = true;
    await expect(clock.sync()).rejects.toThrow('database unreachable');
    expect(clock.offsetMs()).toBe(90_000);
  });
});
