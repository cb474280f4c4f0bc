import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPace } from '../src/pace';

describe('pace of new baskets (a token bucket of one second)', () => {
  it('lets one second’s worth go at once, then one every 1/perSecond s', () => {
    let t = 0;
    const pace = createPace(4, () => t);
    for (let i = 0; i < 4; i++) {
      expect(pace.available()).toBe(true);
      pace.take();
    }
    expect(pace.available()).toBe(false);
    expect(pace.msUntilNext()).toBe(250);
    t = 249;
    expect(pace.available()).toBe(false);
    t = 250;
    expect(pace.available()).toBe(true);
    expect(pace.msUntilNext()).toBe(0);
  });

  it('below one a second, lets one go, then the next after 1/perSecond s', () => {
    let t = 0;
    const pace = createPace(0.5, () => t);
    expect(pace.available()).toBe(true);
    pace.take();
    expect(pace.available()).toBe(false);
    expect(pace.msUntilNext()).toBe(2000);
    t = 1999;
    expect(pace.available()).toBe(false);
    t = 2000;
    expect(pace.available()).toBe(true);
  });

  it('never lets more go in any window than one second’s worth plus the window’s share (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 200 }),
        (perSecond, gaps) => {
          let t = 0;
          const pace = createPace(perSecond, () => t);
          let gone = 0;
          for (const gap of gaps) {
            t += gap;
            if (pace.available()) {
              pace.take();
              gone += 1;
            }
          }
          expect(gone).toBeLessThanOrEqual(Math.max(1, perSecond) + Math.floor((t * perSecond) / 1000));
        },
      ),
    );
  });

  it('is always available without a pace', () => {
    const pace = createPace(0);
    for (let i = 0; i < 10; i++) pace.take();
    expect(pace.available()).toBe(true);
    expect(pace.msUntilNext()).toBe(0);
  });
});
