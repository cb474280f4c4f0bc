import { arbitraryBasketEvent, basketHistoryArb } from '@basket/testing';
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import {
  BasketEvent,
  type BasketState,
  basketDecider,
  basketTransitions,
  fold,
  transitionOf,
} from '../../src';

/* A basket's state is its events folded (architecture: "Core"): replays agree, and keep to the table. */

const replay = (events: ReadonlyArray<BasketEvent>): BasketState =>
  fold(basketDecider.evolve, basketDecider.initialState, events);

describe('replaying generated histories', () => {
  it('replaying any generated history twice gives equal states, equal to the state built while deciding', () => {
    fc.assert(
      fc.property(basketHistoryArb(), (history) => {
        const first = replay(history.events);
        expect(replay(history.events)).toEqual(first);
        expect(first).toEqual(history.state);
        let state = basketDecider.initialState;
        for (const step of history.steps) {
          if (E.isRight(step.outcome)) state = fold(basketDecider.evolve, state, step.outcome.right);
          expect(state).toEqual(step.after);
        }
      }),
    );
  });

  it('C-4.4, C-6.1: a history read back from storage (JSON, decoded) replays to the same state', () => {
    fc.assert(
      fc.property(basketHistoryArb(), (history) => {
        const stored = history.events.map((event) => BasketEvent.decode(JSON.parse(JSON.stringify(event))));
        const decoded = stored.flatMap((e) => (E.isRight(e) ? [e.right] : []));
        expect(decoded).toHaveLength(history.events.length);
        expect(replay(decoded)).toEqual(history.state);
      }),
    );
  });

  it('C-8.6, C-7.14, C-8.3: no generated history reaches a transition outside the basket lifecycle table', () => {
    fc.assert(
      fc.property(basketHistoryArb(), (history) => {
        let state = basketDecider.initialState;
        for (const event of history.events) {
          const next = basketTransitions[state.status][event.type];
          expect(next, `${event.type} in status ${state.status}`).toBeDefined();
          state = basketDecider.evolve(state, event);
          expect(state.status).toBe(next);
        }
      }),
    );
  });

  it('an event the table does not allow in a status is never folded: evolve throws rather than guess', () => {
    fc.assert(
      fc.property(basketHistoryArb({ maxSteps: 10 }), arbitraryBasketEvent, (history, event) => {
        fc.pre(transitionOf(history.state.status, event.type) === undefined);
        expect(() => basketDecider.evolve(history.state, event)).toThrow();
      }),
    );
  });
});
