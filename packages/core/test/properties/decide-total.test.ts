import {
  aimedCommandArb,
  arbitraryBasketCommand,
  basketCommandTypes,
  basketHistoryArb,
  basketStateArb,
  demoFacts,
  instantLater,
} from '@basket/testing';
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import {
  type BasketCommand,
  type BasketCommandType,
  type BasketFacts,
  type BasketState,
  basketDecider,
  customerCommandTypes,
} from '../../src';
import { commandMayRecord, commandTransitions, statusProblems } from '../../src/basket/machine';
import { foldInTable } from '../../src/basket/table-check';

/*
 * The basket's transition table decides status (basket/machine.ts): decide answers every command on
 * every state with events the table allows or a DomainProblem, and never throws (C-1.7, C-8.3, C-8.5).
 */

const availabilityArb = fc
  .array(fc.tuple(fc.string(), fc.integer({ min: -2, max: 5 })), { maxLength: 5 })
  .map((entries) => new Map(entries));

const anyStateArb: fc.Arbitrary<BasketState> = fc.oneof(
  basketStateArb(),
  basketStateArb().map((state): BasketState => ({ ...state, status: 'deleted' })),
  fc.constant<BasketState>({ status: 'none' }),
);

/** A generated history and a command of `types` aimed at it, up to an hour after its last one. */
const aimedAt = (types: ReadonlyArray<BasketCommandType>) =>
  fc
    .tuple(basketHistoryArb({ maxSteps: 12 }), fc.integer({ min: 0, max: 60 * 60_000 }))
    .chain(([history, later]) =>
      aimedCommandArb(history.state, instantLater(history.at, later), types).map((aimed) => ({
        history,
        aimed,
      })),
    );

/** Decides, and checks the answer keeps to the table from `state`. */
const decidesWithinTable = (command: BasketCommand, state: BasketState, facts: BasketFacts): void => {
  let answer: ReturnType<typeof basketDecider.decide> | undefined;
  expect(() => {
    answer = basketDecider.decide(command, state, facts);
  }).not.toThrow();
  if (answer !== undefined && E.isRight(answer))
    expect(E.isRight(foldInTable(state, answer.right))).toBe(true);
};

describe('the basket decide is total and keeps to its transition table', () => {
  it('never throws on any generated command and any generated state, of any status', () => {
    fc.assert(
      fc.property(arbitraryBasketCommand, anyStateArb, availabilityArb, (command, state, availability) => {
        decidesWithinTable(command, state, demoFacts(availability));
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on commands of every type aimed at generated histories, and answers within the table', () => {
    fc.assert(
      fc.property(aimedAt(basketCommandTypes), ({ history, aimed }) =>
        decidesWithinTable(aimed.command, history.state, aimed.facts),
      ),
      { numRuns: 150 },
    );
  });

  it("C-1.7, C-8.3, C-8.5: a customer command whose transition the status's row refuses gets the status's problem", () => {
    const before = new Set(['contact-conflict', 'provider-basket-not-found', 'line-item-not-found']);
    fc.assert(
      fc.property(aimedAt(customerCommandTypes), ({ history, aimed }) => {
        const { state } = history;
        const asked = commandTransitions[aimed.command.type];
        fc.pre(state.status !== 'none' && asked !== undefined && !commandMayRecord(state.status, asked));
        const answer = basketDecider.decide(aimed.command, state, aimed.facts);
        expect(E.isLeft(answer)).toBe(true);
        if (E.isLeft(answer) && !before.has(answer.left.code)) {
          expect([statusProblems[state.status], 'basket-not-found']).toContain(answer.left.code);
        }
      }),
      { numRuns: 150 },
    );
  });
});
