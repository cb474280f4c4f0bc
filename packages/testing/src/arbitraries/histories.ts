import {
  type Availability,
  afterExpiry,
  type BasketCommand,
  type BasketCommandType,
  type BasketEvent,
  type BasketFacts,
  type BasketState,
  basketDecider,
  coveringMethodIds,
  customerCommandTypes,
  type Decision,
  exists,
  type Instant,
  isInstant,
  type Line,
  missingCustomerDetails,
  variantIdOf,
} from '@basket/core';
import fc from 'fast-check';
import { demoCatalogTargets, detailValue } from './catalog-fixture';
import {
  type Aim,
  type AimedCommand,
  aimedAdd,
  aimedCommands,
  aimedSelection,
  instantLater,
  seedPicker,
} from './commands';
import { type AvailabilitySeed, availabilityFor, availabilitySeedArb, demoFacts } from './facts';

/*
 * Valid basket histories: createBasket, then random commands aimed at the demo catalog's real ids
 * and at the basket's own lines (`aimedCommands`), at increasing times with fresh ids, each decided
 * by `basketDecider` with random but consistent facts (`facts.ts`); accepted decisions' events make
 * the history. Every step is drawn from a seed of numbers, so that fast-check shrinks a failing
 * history by shrinking its seeds.
 */

/** A step's command, or none when the basket does not call for it. */
type Builder = (state: BasketState, aim: Aim) => BasketCommand | undefined;

const lines = (s: BasketState): ReadonlyArray<Line> =>
  exists(s) ? s.providerBaskets.flatMap((pb) => pb.lines) : [];

/** `build`, unless the basket already has a line that `enough` takes. */
const unless =
  (enough: (line: Line) => boolean, build: AimedCommand): Builder =>
  (state, aim) =>
    lines(state).some(enough) || aim.p.chance(10) ? undefined : build(state, aim);

const ifLocked =
  (build: AimedCommand, percent = 100): Builder =>
  (state, aim) =>
    state.status === 'locked' && aim.p.chance(percent) ? build(state, aim) : undefined;

/** Adds the product a voucher of the catalog names, for the voucher to apply to (C-7.11). */
const addVoucherProduct: Builder = (state, aim) => {
  const voucher = aim.p.one(demoCatalogTargets.vouchers.filter((v) => v.validUntil === undefined));
  const present = (l: Line) => l.productId === voucher?.productId && variantIdOf(l) === voucher.variantId;
  return voucher && !lines(state).some(present)
    ? aimedAdd(voucher.productId, voucher.variantId)(state, aim)
    : undefined;
};

/** One unit of a product on sale, so that the basket is not empty (C-8.1). */
const fillIfEmpty: Builder = (state, aim) => {
  const product = aim.p.one(demoCatalogTargets.addable.filter((x) => x.onSale && x.type === 'Consumable'));
  return product && lines(state).length === 0 ? aimedAdd(product.id)(state, aim) : undefined;
};

const giveMissingDetails: Builder = (state, aim) => {
  const missing = exists(state) ? missingCustomerDetails(state) : [];
  if (missing.length === 0) return undefined;
  return {
    ...aimedCommands.SetCustomerDetails(state, aim),
    customerDetails: missing.map((type) => detailValue(type)),
  };
};

/** Selects a delivery method for the first line that none covers (C-7.9, C-8.1). */
const coverDelivery: Builder = (state, aim) => {
  for (const pb of exists(state) ? state.providerBaskets : []) {
    const covering = coveringMethodIds(pb);
    const line = pb.lines.find(
      (l) =>
        l.deliveryMethodIdOptions.length > 0 && !l.deliveryMethodIdOptions.some((id) => covering.has(id)),
    );
    const methods = pb.terms.deliveryMethods.filter((m) => line?.deliveryMethodIdOptions.includes(m.id));
    const method = methods.find((m) => m.type !== 'InSeat') ?? methods[0];
    if (method) {
      const selection = aimedSelection(method, pb, state, aim);
      return { ...aimedCommands.SetDeliveryMethod(state, aim), providerBasketId: pb.id, selection };
    }
  }
  return undefined;
};

/** The provider of the first unconfirmed provider basket confirms it (C-8.2). */
const confirmOne =
  (percent: number): Builder =>
  (state, aim) => {
    const pb = exists(state) ? state.providerBaskets.find((p) => !p.confirmed) : undefined;
    const command = ifLocked(aimedCommands.ConfirmProviderBasket, percent)(state, aim);
    return pb && command?.type === 'ConfirmProviderBasket'
      ? { ...command, providerBasketId: pb.id }
      : undefined;
  };

/** What the payment saga does for createPaymentIntent (C-8.1 to C-8.5), the basket made payable first. */
const paymentAttempt = (settle: 'cancel' | 'wait' | 'pay'): ReadonlyArray<Builder> => [
  fillIfEmpty,
  giveMissingDetails,
  ...Array.from({ length: 6 }, () => coverDelivery),
  aimedCommands.LockForPayment,
  ...Array.from({ length: 5 }, () => confirmOne(settle === 'pay' ? 100 : 60)),
  ...(settle === 'cancel' ? [ifLocked(aimedCommands.UnlockAfterPayment)] : []),
  ...(settle === 'pay' ? [ifLocked(aimedCommands.CheckOut)] : []),
];

type Kind = BasketCommandType | 'PayThenCancel' | 'PayAndWait';
export type HistoryEnding = 'open' | 'locked' | 'checkedOut' | 'deleted';

const bodyKinds: ReadonlyArray<readonly [Kind, number]> = [
  ['AddProduct', 6],
  ['SelectSeats', 4],
  ['SelectTimeSlot', 3],
  ['DeleteLineItem', 2],
  ['UpdateTimeSlotLine', 2],
  ['UpdateLineItemQuantity', 2],
  ['SetDeliveryMethod', 2],
  ['SetCustomerDetails', 2],
  ['AddVoucher', 2],
  ['RemoveVoucher', 1],
  ['AssignContact', 1],
  ['ExpireHolds', 1],
  ['LockForPayment', 1],
  ['ConfirmProviderBasket', 1],
  ['UnlockAfterPayment', 1],
  ['PayThenCancel', 2],
  ['PayAndWait', 1],
];

/** A step's commands: mostly its own, made possible first where the basket lacks what it needs. */
const planOf = (kind: Kind): ReadonlyArray<Builder> => {
  switch (kind) {
    case 'PayThenCancel':
      return paymentAttempt('cancel');
    case 'PayAndWait':
      return paymentAttempt('wait');
    case 'DeleteLineItem':
      return [unless(() => true, aimedCommands.AddProduct), aimedCommands.DeleteLineItem];
    case 'UpdateTimeSlotLine':
      return [
        unless((l) => l.type === 'TimeSlot', aimedCommands.SelectTimeSlot),
        aimedCommands.UpdateTimeSlotLine,
      ];
    case 'UpdateLineItemQuantity':
      return [
        unless((l) => l.type !== 'Ticketing', aimedCommands.AddProduct),
        aimedCommands.UpdateLineItemQuantity,
      ];
    case 'AddVoucher':
      return [addVoucherProduct, aimedCommands.AddVoucher];
    case 'RemoveVoucher':
      return [addVoucherProduct, aimedCommands.AddVoucher, aimedCommands.RemoveVoucher];
    default:
      return [aimedCommands[kind]];
  }
};

const endingPlan = (ending: HistoryEnding): ReadonlyArray<Builder> => {
  switch (ending) {
    case 'open':
      return [];
    case 'locked':
      return paymentAttempt('wait');
    case 'checkedOut':
      return paymentAttempt('pay');
    case 'deleted':
      return [ifLocked(aimedCommands.UnlockAfterPayment), aimedCommands.DeleteBasket];
  }
};

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

const describeStep = ({ command, outcome }: HistoryStep): string =>
  `${command.at} ${command.type} → ${
    outcome._tag === 'Left' ? outcome.left.code : outcome.right.map((e) => e.type).join(', ') || 'no change'
  }`;

type Plan = readonly [StepSeed, ReadonlyArray<Builder>];

const play = (basketId: string, start: Instant, plans: ReadonlyArray<Plan>): BasketHistory => {
  const steps: HistoryStep[] = [];
  const events: BasketEvent[] = [];
  let state = basketDecider.initialState;
  let at = start;
  for (const [seed, plan] of plans) {
    at = instantLater(at, seed.minutes * 60_000);
    const p = seedPicker(seed.picks);
    for (const build of plan) {
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
