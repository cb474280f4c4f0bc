import {
  type Availability,
  afterExpiry,
  type BasketCommand,
  type BasketCommandType,
  type BasketEvent,
  type BasketFacts,
  type BasketState,
  basketDecider,
  customerCommandTypes,
  type Decision,
  exists,
  type Instant,
  isInstant,
} from '@basket/core';
import fc from 'fast-check';
import { instantLater, seedPicker } from './aim';
import { aimedCommands } from './aimed-commands';
import { type AvailabilitySeed, availabilityFor, availabilitySeedArb, demoFacts } from './facts';
import { bodyKinds, endingPlan, type HistoryEnding, planOf, type StepPart } from './history-plans';

/*
 * Valid basket histories: createBasket, then random commands aimed at the demo catalog's real ids
 * and at the basket's own lines (`aimedCommands`), at increasing times with fresh ids, each decided
 * by `basketDecider` with random but consistent facts (`facts.ts`); accepted decisions' events make
 * the history. Every step is drawn from a seed of numbers, so that fast-check shrinks a failing
 * history by shrinking its seeds.
 */

type StepSeed = {
  /** Minutes before the step: mostly a few, now and then enough for holds to run out (C-7.8). */
  readonly minutes: number;
  readonly picks: ReadonlyArray<number>;
  readonly availability: AvailabilitySeed;
};

const stepSeedArb: fc.Arbitrary<StepSeed> = fc.record({
  minutes: fc.oneof(
    { weight: 12, arbitrary: fc.integer({ min: 0, max: 3 }) },
    fc.integer({ min: 5, max: 35 }),
  ),
  picks: fc.array(fc.noBias(fc.nat({ max: 9999 })), { minLength: 16, maxLength: 16 }),
  availability: availabilitySeedArb,
});

/** One decision of a history: the command, the availability it was decided with, what came of it. */
export type HistoryStep = {
  readonly command: BasketCommand;
  readonly availability: Availability;
  readonly before: BasketState;
  readonly outcome: Decision;
  readonly after: BasketState;
};

export type BasketHistory = {
  readonly basketId: string;
  readonly steps: ReadonlyArray<HistoryStep>;
  /** The events of the accepted decisions, in order. */
  readonly events: ReadonlyArray<BasketEvent>;
  /** The state built step by step while deciding. */
  readonly state: BasketState;
  /** The time of the last command. */
  readonly at: Instant;
};

/** What a command was given besides its type, time and basket, as JSON: its product, seats, quantity... */
const argumentsOf = (command: BasketCommand): string => {
  const given = Object.fromEntries(
    Object.entries(command).filter(([key]) => key !== 'type' && key !== 'at' && key !== 'basketId'),
  );
  return Object.keys(given).length === 0 ? '' : ` ${JSON.stringify(given)}`;
};

const describeStep = ({ command, outcome }: HistoryStep): string =>
  `${command.at} ${command.type}${argumentsOf(command)} → ${
    outcome._tag === 'Left' ? outcome.left.code : outcome.right.map((e) => e.type).join(', ') || 'no change'
  }`;

type Plan = readonly [StepSeed, ReadonlyArray<StepPart>];

const play = (basketId: string, start: Instant, plans: ReadonlyArray<Plan>): BasketHistory => {
  const steps: HistoryStep[] = [];
  const events: BasketEvent[] = [];
  let state = basketDecider.initialState;
  let at = start;
  for (const [seed, plan] of plans) {
    at = instantLater(at, seed.minutes * 60_000);
    const p = seedPicker(seed.picks);
    for (const build of plan) {
      if (typeof build !== 'function') {
        at = instantLater(at, build.waitMinutes * 60_000);
        continue;
      }
      at = instantLater(at, 1000);
      const command = build(afterExpiry(state, at), { basketId, at, n: steps.length, p });
      if (command === undefined) continue;
      const availability = availabilityFor(command, state, seed.availability);
      const outcome = basketDecider.decide(command, state, demoFacts(availability));
      const after = outcome._tag === 'Right' ? outcome.right.reduce(basketDecider.evolve, state) : state;
      steps.push({ command, availability, before: state, outcome, after });
      if (outcome._tag === 'Right') events.push(...outcome.right);
      state = after;
    }
  }
  const history: BasketHistory = { basketId, steps, events, state, at };
  // What fast-check prints for a failing history: one line per decision.
  Object.defineProperty(history, fc.toStringMethod, { value: () => steps.map(describeStep).join('\n') });
  return history;
};

export type BasketHistoryOptions = {
  /** Random steps after createBasket (each one command or a few); 30 at most by default. */
  readonly maxSteps?: number;
  /** How the history tries to end; any of the four by default (a lock may be refused). */
  readonly ending?: HistoryEnding;
};

const kindArb = fc.oneof(...bodyKinds.map(([kind, weight]) => ({ weight, arbitrary: fc.constant(kind) })));
const endingArb = fc.constantFrom<HistoryEnding>('open', 'locked', 'checkedOut', 'deleted');
const startArb = fc
  .integer({ min: Date.parse('2026-01-01T00:00:00.000Z'), max: Date.parse('2026-12-31T00:00:00.000Z') })
  .map((ms) => new Date(ms).toISOString())
  .filter(isInstant);

/**
 * Valid histories of one basket of the demo catalog: createBasket, random commands aimed at the
 * catalog and the basket's lines, then an ending (a lock, a payment, a deletion or nothing).
 */
export const basketHistoryArb = (options: BasketHistoryOptions = {}): fc.Arbitrary<BasketHistory> =>
  fc
    .record({
      basketId: fc.uuid({ version: [4, 7] }),
      start: startArb,
      first: stepSeedArb,
      body: fc.array(fc.tuple(kindArb, stepSeedArb), { maxLength: options.maxSteps ?? 30, size: 'max' }),
      ending: options.ending === undefined ? endingArb : fc.constant(options.ending),
      last: stepSeedArb,
    })
    .map(({ basketId, start, first, body, ending, last }) =>
      play(basketId, start, [
        [first, [aimedCommands.CreateBasket]],
        ...body.map(([kind, seed]): Plan => [seed, planOf(kind)]),
        [last, endingPlan(ending)],
      ]),
    );

/** A command of one of `types` aimed at `state` at `at`, with random but consistent facts for it. */
export const aimedCommandArb = (
  state: BasketState,
  at: Instant,
  types: ReadonlyArray<BasketCommandType> = customerCommandTypes,
): fc.Arbitrary<{ readonly command: BasketCommand; readonly facts: BasketFacts }> =>
  fc.tuple(fc.constantFrom(...types), stepSeedArb).map(([type, seed]) => {
    const basketId = exists(state) ? state.id : 'no-such-basket';
    const aim = { basketId, at, n: 999_999, p: seedPicker(seed.picks) };
    const command = aimedCommands[type](afterExpiry(state, at), aim);
    return { command, facts: demoFacts(availabilityFor(command, state, seed.availability)) };
  });

export type { HistoryEnding } from './history-plans';
