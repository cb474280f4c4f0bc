import {
  type BasketCommand,
  type BasketCommandType,
  type BasketState,
  exists,
  freshIdsNeeded,
  type Instant,
  isInstant,
  type Line,
  type ProviderBasketState,
} from '@basket/core';
import { demoCatalogTargets as demo } from './catalog-fixture';

/* What an aimed command is drawn from: a seed's choices (`Picker`), its basket, time and number (`Aim`). */

/** Deterministic choices read in turn from a seed's numbers. */
export type Picker = {
  readonly int: (min: number, max: number) => number;
  readonly chance: (percent: number) => boolean;
  readonly one: <A>(items: ReadonlyArray<A>) => A | undefined;
};

export const seedPicker = (picks: ReadonlyArray<number>): Picker => {
  let i = 0;
  const next = () => picks[i++ % Math.max(picks.length, 1)] ?? 0;
  return {
    int: (min, max) => min + (next() % (max - min + 1)),
    // A seed shrunk to zeros takes no chances: the plainest command.
    chance: (percent) => next() % 100 >= 100 - percent,
    one: (items) => items[next() % Math.max(items.length, 1)],
  };
};

/** Where an aimed command goes: its basket, its time, its number in the history, its choices. */
export type Aim = { readonly basketId: string; readonly at: Instant; readonly n: number; readonly p: Picker };

/** Builds a command aimed at `state`, a basket whose holds that ran out by `aim.at` are gone. */
export type AimedCommand = (state: BasketState, aim: Aim) => BasketCommand;

export const instantLater = (at: Instant, ms: number): Instant => {
  const instant = new Date(Date.parse(at) + ms).toISOString();
  if (!isInstant(instant)) throw new Error(`not an instant: ${instant}`);
  return instant;
};

/** A payment intent id (a UUID, as the app issues them) for the `n`th command. */
export const intentIdOf = (n: number): string =>
  `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const head = <T extends BasketCommandType>(type: T, { basketId, at }: Aim) => ({ type, basketId, at });

/** The fresh id suffixes the `n`th command may use: unique within a history. */
export const withFreshIds = <C extends BasketCommand & { readonly freshIds: ReadonlyArray<string> }>(
  command: C,
  n: number,
): C => ({
  ...command,
  freshIds: Array.from({ length: freshIdsNeeded(command) }, (_, k) => `c${n}i${k}`.padEnd(24, 'z')),
});

export const defined = <A>(items: ReadonlyArray<A | undefined>): ReadonlyArray<A> => [
  ...new Set(items.filter((a): a is A => a !== undefined)),
];

type Placed = { readonly pb: ProviderBasketState; readonly line: Line };
export const providerBaskets = (s: BasketState) => (exists(s) ? s.providerBaskets : []);
export const placed = (s: BasketState): ReadonlyArray<Placed> =>
  providerBaskets(s).flatMap((pb) => pb.lines.map((line) => ({ pb, line })));
export const lineRef = (found: Placed | undefined) =>
  found
    ? { providerBasketId: found.pb.id, lineItemId: found.line.id }
    : { providerBasketId: demo.unknownProviderBasketId, lineItemId: demo.unknownLineItemId };
/** A line of the basket, mostly one that `wanted` takes. */
export const lineFor = (state: BasketState, p: Picker, wanted: (line: Line) => boolean) => {
  const all = placed(state);
  return (p.chance(90) ? p.one(all.filter(({ line }) => wanted(line))) : undefined) ?? p.one(all);
};
export const intentOf = (state: BasketState, aim: Aim) =>
  (exists(state) ? state.activePaymentIntentId : undefined) ?? intentIdOf(aim.n);
