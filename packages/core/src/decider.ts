import type { Either } from 'fp-ts/Either';
import type { ProblemCode } from './primitives/problem-code';

/** A business refusal: never thrown, always returned (contract C-3.3, C-8.1, C-3.2 409s). */
export type DomainProblem = { readonly code: ProblemCode; readonly detail: string };

export const problem = (code: ProblemCode, detail: string): DomainProblem => ({ code, detail });

/**
 * An aggregate as a decider: `decide` answers a command on a state with the events it causes (or a
 * problem), `evolve` folds one event into the state, `initialState` is the state of an empty stream.
 * `Facts` are what the outside world answered before deciding, so that `decide` stays pure.
 */
export type Decider<Command, Event, State, Facts> = {
  readonly initialState: State;
  readonly decide: (
    command: Command,
    state: State,
    facts: Facts,
  ) => Either<DomainProblem, ReadonlyArray<Event>>;
  readonly evolve: (state: State, event: Event) => State;
};

export const fold = <Event, State>(
  evolve: (state: State, event: Event) => State,
  state: State,
  events: ReadonlyArray<Event>,
): State => events.reduce(evolve, state);
