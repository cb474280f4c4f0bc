import { readFileSync } from 'node:fs';
import { given } from '@basket/testing';
import * as E from 'fp-ts/Either';
import type { Instant, Money, ProviderIdentity } from '../../src';
import { isInstant, isProviderIdentity } from '../../src';
import type { BasketCommand, BasketCommandOf, BasketCommandType } from '../../src/basket/commands';
import { basketDecider } from '../../src/basket/decider';
import type { BasketEvent } from '../../src/basket/events';
import type { BasketFacts } from '../../src/basket/facts';
import { capacityOf, resourcesToCheck } from '../../src/basket/resources-to-check';
import type { BasketState } from '../../src/basket/state';
import { catalogIndex, parseCatalog } from '../../src/catalog';
import { fold } from '../../src/decider';

/* The demo catalog (a copy of the shared fixtures/catalog.json) and helpers for basket decider specs. */

const catalogFile = new URL('../../../testing/src/arbitraries/demo-catalog.json', import.meta.url);
const parsed = parseCatalog(JSON.parse(readFileSync(catalogFile, 'utf8')));
if (E.isLeft(parsed)) throw new Error(`demo catalog refused: ${JSON.stringify(parsed.left.errors)}`);
/** The demo catalog as parsed (for a variant of it), and indexed. */
export const demoCatalog = parsed.right;
export const catalog = catalogIndex(parsed.right);

export const instant = (s: string): Instant => {
  if (!isInstant(s)) throw new Error(`not a canonical instant: ${s}`);
  return s;
};
export const pid = (s: string): ProviderIdentity => {
  if (!isProviderIdentity(s)) throw new Error(`not a ProviderIdentity: ${s}`);
  return s;
};
/** A fresh id suffix (24 lowercase alphanumerics) recognisable by its tag. */
export const fresh = (tag: string): string => tag.padEnd(24, 'z');
export const idOf = (provider: string, tag: string): ProviderIdentity => pid(`${provider}|${fresh(tag)}`);

export const T0 = instant('2026-11-21T18:00:00.000Z');
export const minutesLater = (minutes: number, from: Instant = T0): Instant =>
  instant(new Date(Date.parse(from) + minutes * 60_000).toISOString());

export const gbp = (minorUnits: number): Money => ({ minorUnits, currencyCode: 'GBP', precision: 2 });

export const BASKET = '0190f5a2-7c1e-7a3b-9c4d-5e6f7a8b9c0d';

// Products of the demo catalog.
export const MATCH = pid('tix:arena|1fed8c284c51a8c8a88c6b61');
export const MATCH_ADULT = pid('tix:arena|04fa8b0f000f5e75539db368');
export const MATCH_CHILD = pid('tix:arena|d6e22ee6aa373db7d5324cd1');
export const NORTH = pid('tix:arena|d47f078166936792a9ef1c40');
export const WEST = pid('tix:arena|759974f706950ad4086b9ef2');
export const SMALL_MATCH = pid('tix:arena|9c1c19f15ccff4a22c6f1e97');
export const SMALL_ADULT = pid('tix:arena|ef6924a59944c11d2d8d5090');
export const PIE = pid('fnb:arena|46602259e87b5062c3ef0e0f');
export const VEGGIE = pid('fnb:arena|44a4f65e4bc3086b9d13baa7');
export const PROGRAMME = pid('fnb:arena|763e81f85290d131d3d94f93');
export const HOT_CHOCOLATE = pid('fnb:arena|1094aaa1bc9ef308ab51b591');
export const TOUR = pid('tsl:tours|39ced27e9e7be42a13773e41');
export const TOUR_ADULT = pid('tsl:tours|64b47d3a61c49aee86035d6e');
export const TOUR_CHILD = pid('tsl:tours|d231f77d48abe1b4e472419c');
export const SLOT_10 = pid('tsl:tours|5664ed686977667429c0cad2');
export const SLOT_12 = pid('tsl:tours|e82a36541a91ff2b16b81593');
export const SLOT_14 = pid('tsl:tours|6506fe8e20105bedbc24398b');
export const SHIRT = pid('shop|b4fc97c45b14a06fbcbdf88d');
export const SCARF = pid('shop|8b0ed14002fe2ef6394d95a2');
export const UNKNOWN_PRODUCT = pid('fnb:arena|000000000000000000000000');

/** Fresh id suffixes for a command: `<tag>1`, `<tag>2`, … */
export const freshIds = (tag: string, count = 12): ReadonlyArray<string> =>
  Array.from({ length: count }, (_, i) => fresh(`${tag}${i + 1}`));

type Without<T extends BasketCommandType> = Omit<BasketCommandOf<T>, 'type' | 'basketId' | 'at'> & {
  at?: Instant;
};

/** A command on the test basket at T0 (unless `at` is given). */
export const cmd = <T extends BasketCommandType>(type: T, fields: Without<T>): BasketCommandOf<T> =>
  ({ type, basketId: BASKET, at: T0, ...fields }) as BasketCommandOf<T>;

export const created: BasketEvent = {
  type: 'BasketCreated',
  at: T0,
  basketId: BASKET,
  storeId: 'arena-web',
  currency: { code: 'GBP', precision: 2 },
};

/** Facts with the given availability (resources left out have none free). */
export const factsWith = (availability: Record<string, number> = {}): BasketFacts => ({
  catalog,
  availability: new Map(Object.entries(availability)),
});

/** Facts in which nobody else holds anything: every resource the command touches is free to capacity. */
export const plentyFor = (
  command: BasketCommand,
  state: BasketState,
  override: Record<string, number> = {},
) =>
  factsWith({
    ...Object.fromEntries(resourcesToCheck(command, state, catalog).map((r) => [r, capacityOf(r, catalog)])),
    ...override,
  });

/**
 * The history a basket gets from `commands` decided one after the other (from BasketCreated), with
 * nobody else holding anything. Fails the test when one is refused.
 */
export const historyOf = (...commands: ReadonlyArray<BasketCommand>): ReadonlyArray<BasketEvent> => {
  const history: BasketEvent[] = [created];
  for (const command of commands) {
    const state = stateOf(history);
    const result = basketDecider.decide(command, state, plentyFor(command, state));
    if (E.isLeft(result)) throw new Error(`${command.type} refused: ${JSON.stringify(result.left)}`);
    history.push(...result.right);
  }
  return history;
};

export const stateOf = (history: ReadonlyArray<BasketEvent>): BasketState =>
  fold(basketDecider.evolve, basketDecider.initialState, history);

export const spec = (history: ReadonlyArray<BasketEvent>) => given(basketDecider, history);

/** A spec whose facts are "plenty" for the command on the given history, with overrides. */
export const whenPlenty = (
  history: ReadonlyArray<BasketEvent>,
  command: BasketCommand,
  override: Record<string, number> = {},
) => spec(history).when(command, plentyFor(command, stateOf(history), override));

// Ids the histories below produce.
export const FNB_PB = idOf('fnb:arena', 'pie1');
export const PIE_LINE = idOf('fnb:arena', 'pie2');
export const TIX_PB = idOf('tix:arena', 'seat1');
export const MATCH_LINE = idOf('tix:arena', 'seat2');
export const SHOP_PB = idOf('shop', 'shirt1');
export const SHIRT_LINE = idOf('shop', 'shirt2');
export const TSL_PB = idOf('tsl:tours', 'tour1');

export const addPie = (quantity = 2, extra: Partial<Without<'AddProduct'>> = {}) =>
  cmd('AddProduct', { productId: PIE, quantity, freshIds: freshIds('pie'), ...extra });
export const addShirt = (variant = 'home-shirt-m', quantity = 1) =>
  cmd('AddProduct', { productId: SHIRT, quantity, productVariantId: variant, freshIds: freshIds('shirt') });
export const pickSeats = (...seatIds: ReadonlyArray<string>) =>
  cmd('SelectSeats', {
    productId: MATCH,
    seats: seatIds.map((seatId) => ({ rateId: MATCH_ADULT, seatId })),
    freshIds: freshIds('seat'),
  });
export const pickTour = (adults: number, children = 0, slot: ProviderIdentity = SLOT_10) =>
  cmd('SelectTimeSlot', {
    productId: TOUR,
    timeSlotId: slot,
    rates: [
      { rateId: TOUR_ADULT, quantity: adults },
      { rateId: TOUR_CHILD, quantity: children },
    ],
    freshIds: freshIds('tour'),
  });
