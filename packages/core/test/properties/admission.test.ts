import { basketHistoryArb } from '@basket/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterExpiry, type BasketCommand, nothingToChange, syncRefusal } from '../../src';
import { addMinutes } from '../../src/primitives/time';

/** What the app answers at once to `command` on `state`: a refusal's code, a 204, or acceptance. */
const answerOf = (command: BasketCommand, state: Parameters<typeof syncRefusal>[1]) =>
  syncRefusal(command, state)?.code ?? (nothingToChange(command, state) ? 204 : 'accepted');

describe('synchronous answers of generated histories', () => {
  it('C-7.8, C-4.1, C-1.7: the answer given at once is the same whether the holds that ran out were recorded yet or not', () => {
    fc.assert(
      fc.property(basketHistoryArb(), fc.integer({ min: 0, max: 180 }), (history, minutes) => {
        for (const { before, command } of history.steps) {
          const later = { ...command, at: addMinutes(command.at, minutes) };
          expect(answerOf(later, before)).toEqual(answerOf(later, afterExpiry(before, later.at)));
        }
      }),
      { numRuns: 100 },
    );
  });
});
