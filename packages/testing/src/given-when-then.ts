import type { Either } from 'fp-ts/Either';
import { expect } from 'vitest';

/**
 * The part of a decider that a spec drives. Structural, so that any aggregate's decider fits
 * without this file depending on `@basket/core`. `Code` is its problems' codes (core's deciders:
 * `ProblemCode`), so that `thenFails` takes only those.
 */
export type SpecDecider<Command, Event, State, Facts, Code extends string = string> = {
  readonly initialState: State;
  readonly decide: (
    command: Command,
    state: State,
    facts: Facts,
  ) => Either<{ readonly code: Code; readonly detail?: string }, ReadonlyArray<Event>>;
  readonly evolve: (state: State, event: Event) => State;
};

export type Outcome<Event, State, Code extends string = string> = {
  /** The events the command caused, checked; answers the state after them for further checks. */
  readonly then: (expected: ReadonlyArray<Event>) => State;
  /** The command was refused with `code`; answers the problem's detail. */
  readonly thenFails: (code: Code) => string | undefined;
  /** The events the command caused, unchecked but required to be a success (for partial checks). */
  readonly events: () => ReadonlyArray<Event>;
  /** The state after the events the command caused (a success is required). */
  readonly state: () => State;
};

export type Given<Command, Event, State, Facts, Code extends string = string> = {
  /** The state the given history folds to. */
  readonly state: State;
  readonly when: (command: Command, facts: Facts) => Outcome<Event, State, Code>;
};

const describeFailure = (result: Either<{ readonly code: string }, unknown>): string =>
  result._tag === 'Left' ? `refused with ${JSON.stringify(result.left)}` : 'succeeded';

/**
 * A decider spec: `given(decider, history).when(command, facts).then(events)` or
 * `.thenFails(code)`. Replaying `history` goes through the decider's own `evolve`, so an event its
 * status does not allow fails loudly there (one naming an id the history never made does not).
 */
export const given = <Command, Event, State, Facts, Code extends string = string>(
  decider: SpecDecider<Command, Event, State, Facts, Code>,
  history: ReadonlyArray<Event>,
): Given<Command, Event, State, Facts, Code> => {
  const state = history.reduce(decider.evolve, decider.initialState);
  return {
    state,
    when: (command, facts) => {
      const result = decider.decide(command, state, facts);
      const success = (): ReadonlyArray<Event> => {
        if (result._tag === 'Left') {
          throw new Error(`expected the command to succeed, but it was ${describeFailure(result)}`);
        }
        return result.right;
      };
      return {
        // biome-ignore lint/suspicious/noThenProperty: the given/when/then vocabulary; outcomes are never awaited
        then: (expected) => {
          const events = success();
          expect(events).toEqual(expected);
          return events.reduce(decider.evolve, state);
        },
        thenFails: (code) => {
          if (result._tag === 'Right') {
            throw new Error(
              `expected a refusal with ${code}, but the command succeeded with ${JSON.stringify(result.right)}`,
            );
          }
          expect(result.left.code).toBe(code);
          return result.left.detail;
        },
        events: success,
        state: () => success().reduce(decider.evolve, state),
      };
    },
  };
};
