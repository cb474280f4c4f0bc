import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Admission, createAdmissionQueue } from '../src/admission-queue';

type Step =
  | { readonly kind: 'join' }
  | { readonly kind: 'leave'; readonly which: number }
  | { readonly kind: 'admit'; readonly places: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>({ kind: 'join' }),
  fc.nat(20).map((which): Step => ({ kind: 'leave', which })),
  fc.nat(3).map((places): Step => ({ kind: 'admit', places })),
);

describe('admission queue (a waiting room at the door)', () => {
  it('lets waiters in in order of arrival, skipping those who left, never past its capacity', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 60 }),
        fc.integer({ min: 1, max: 5 }),
        async (steps, capacity) => {
          const queue = createAdmissionQueue(capacity, 60_000);
          const joined: Array<{ readonly id: number; readonly leave: AbortController }> = [];
          const outcomes = new Map<number, Promise<Admission>>();
          const admittedAt: number[] = [];
          const left = new Set<number>();
          const refused = new Set<number>();
          for (const s of steps) {
            if (s.kind === 'join') {
              const id = joined.length;
              const leave = new AbortController();
              const waitingBefore = queue.waiting();
              joined.push({ id, leave });
              outcomes.set(
                id,
                queue.wait(leave.signal, () => admittedAt.push(id)),
              );
              if (waitingBefore >= capacity) refused.add(id);
              expect(queue.waiting()).toBeLessThanOrEqual(capacity);
            } else if (s.kind === 'leave') {
              const waiter = joined[s.which];
              if (waiter !== undefined && !waiter.leave.signal.aborted) {
                waiter.leave.abort();
                if (!admittedAt.includes(waiter.id) && !refused.has(waiter.id)) left.add(waiter.id);
              }
            } else {
              let places = s.places;
              queue.admit(() => places-- > 0);
            }
          }
          queue.close();
          // Admitted in order of arrival, and none of those who had left or were turned away.
          expect(admittedAt).toEqual([...admittedAt].sort((a, b) => a - b));
          for (const id of admittedAt) expect(left.has(id) || refused.has(id)).toBe(false);
          for (const [id, outcome] of outcomes) {
            const expected = admittedAt.includes(id)
              ? 'admitted'
              : refused.has(id)
                ? 'full'
                : left.has(id)
                  ? 'gone'
                  : 'closed';
            expect(await outcome).toBe(expected);
          }
          expect(queue.waiting()).toBe(0);
        },
      ),
    );
  });

  it('answers `out` to a waiter whose longest wait passed, and forgets it', async () => {
    const queue = createAdmissionQueue(1, 5);
    const outcome = await queue.wait(new AbortController().signal, () => undefined);
    expect(outcome).toBe('out');
    expect(queue.waiting()).toBe(0);
  });
});
