import {
  type Address,
  type Availability,
  afterExpiry,
  type BasketCommand,
  type BasketCommandType,
  type BasketEvent,
  type BasketFacts,
  type BasketState,
  basketDecider,
  type CustomerDetailFieldType,
  CustomerDetailFieldTypes,
  type CustomerDetailFieldValue,
  coveringMethodIds,
  customerCommandTypes,
  type Decision,
  type DeliveryMethod,
  type DeliveryMethodSelection,
  exists,
  freshIdsNeeded,
  type Instant,
  isInstant,
  type Line,
  missingCustomerDetails,
  type ProviderBasketState,
  requiredFields,
  variantIdOf,
} from '@basket/core';
import fc from 'fast-check';
import { demoTargets as demo, demoCatalog, demoCatalogIndex, seatIdsOf } from './catalog-fixture';
import { type AvailabilitySeed, availabilityFor, availabilitySeedArb, demoFacts } from './facts';

/*
 * Valid basket histories: random commands aimed at the demo catalog's real ids and at the basket's
 * own lines, at increasing times with fresh ids, decided one after the other by `basketDecider`
 * with random but consistent facts (`facts.ts`). Accepted decisions' events make the history.
 * Each step is drawn from a seed of numbers, so that fast-check shrinks a failing history.
 */

/** Deterministic choices read in turn from a seed's numbers. */
type Picker = {
  readonly int: (min: number, max: number) => number;
  readonly chance: (percent: number) => boolean;
  readonly one: <A>(items: ReadonlyArray<A>) => A | undefined;
};

const picker = (picks: ReadonlyArray<number>): Picker => {
  let i = 0;
  const next = () => picks[i++ % Math.max(picks.length, 1)] ?? 0;
  return {
    int: (min, max) => min + (next() % (max - min + 1)),
    // A seed shrunk to zeros takes no chances: the plainest command.
    chance: (percent) => next() % 100 >= 100 - percent,
    one: (items) => items[next() % Math.max(items.length, 1)],
  };
};

type Ctx = { readonly basketId: string; readonly at: Instant; readonly n: number; readonly p: Picker };
/** Builds a command aimed at `state` (holds that ran out by `ctx.at` already gone), or none. */
type Builder = (state: BasketState, ctx: Ctx) => BasketCommand | undefined;
type Single = (state: BasketState, ctx: Ctx) => BasketCommand;

const later = (at: Instant, ms: number): Instant => {
  const instant = new Date(Date.parse(at) + ms).toISOString();
  if (!isInstant(instant)) throw new Error(`not an instant: ${instant}`);
  return instant;
};

const head = <T extends BasketCommandType>(type: T, { basketId, at }: Ctx) => ({ type, basketId, at });

/** `count` fresh id suffixes of the `n`th command: unique within a history. */
const freshIds = (n: number, count: number): ReadonlyArray<string> =>
  Array.from({ length: count }, (_, k) => `c${n}i${k}`.padEnd(24, 'z'));

/** A payment intent id (a UUID, as the app issues) for the `n`th command. */
export const intentIdOf = (n: number): string =>
  `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const unique = <A>(items: ReadonlyArray<A | undefined>): ReadonlyArray<A> => [
  ...new Set(items.filter((a): a is A => a !== undefined)),
];

type Placed = { readonly pb: ProviderBasketState; readonly line: Line };
const providerBaskets = (s: BasketState) => (exists(s) ? s.providerBaskets : []);
const placed = (s: BasketState): ReadonlyArray<Placed> =>
  providerBaskets(s).flatMap((pb) => pb.lines.map((line) => ({ pb, line })));
const activeIntent = (s: BasketState) => (exists(s) ? s.activePaymentIntentId : undefined);
const lineRef = (found: Placed | undefined) =>
  found
    ? { providerBasketId: found.pb.id, lineItemId: found.line.id }
    : { providerBasketId: demo.unknownProviderBasketId, lineItemId: demo.unknownLineItemId };

const address: Address = {
  StreetLine1: '1 Arena Way',
  City: 'Leeds',
  CountryCode: 'GB',
  PostalCode: 'LS1 1AA',
};

/** A valid value of each customer detail type (C-7.12), in two versions. */
export const detailValue = (type: CustomerDetailFieldType, alt = false): CustomerDetailFieldValue => {
  const name = { name: alt ? 'Bob' : 'Alice' };
  switch (type) {
    case 'Email':
      return { type, value: { email: alt ? 'bob@example.com' : 'alice@example.com' } };
    case 'PhoneNumber':
      return { type, value: { phoneNumber: alt ? '+447700900123' : '+441132960000' } };
    case 'BillingAddress':
    case 'DeliveryAddress':
      return { type, value: alt ? { ...address, StreetLine1: '2 Arena Way' } : address };
    default:
      return { type, value: name };
  }
};

/** A selection of `method` for `pb` (C-7.9): valid unless `spoilt` (its collection time then past). */
const selectionFor = (
  method: DeliveryMethod,
  pb: ProviderBasketState,
  state: BasketState,
  { at, n, p }: Ctx,
  spoilt: boolean,
): DeliveryMethodSelection => {
  switch (method.type) {
    case 'Digital':
      return { type: 'Digital', id: method.id };
    case 'Address': {
      const entry = p.one(method.entries);
      return entry && p.chance(50)
        ? { type: 'Address', id: method.id, addressEntryId: entry.id }
        : { type: 'Address', id: method.id, address };
    }
    case 'KioskCollection':
    case 'InSeat': {
      const seats = placed(state).flatMap(({ line }) =>
        line.type === 'Ticketing' ? line.tickets.map((t) => t.providerSeatId) : [],
      );
      return {
        type: method.type,
        id: method.id,
        kioskId: (spoilt && p.chance(50) ? undefined : p.one(pb.terms.kioskIds)) ?? demo.unknownKioskId,
        collectionTime: later(at, spoilt ? -60_000 : 7_200_000),
        collectionId: `collect-${n}`,
        seatId: method.type === 'InSeat' ? (p.one(seats) ?? demo.unknownSeatId) : `ref-${n}`,
      };
    }
  }
};

const withFreshIds = <C extends BasketCommand & { readonly freshIds: ReadonlyArray<string> }>(
  command: C,
  n: number,
): C => ({ ...command, freshIds: freshIds(n, freshIdsNeeded(command)) });

const addProduct: Single = (state, ctx) => {
  const { p } = ctx;
  const parent = p.chance(30) ? p.one(placed(state)) : undefined;
  const crossSells =
    (parent && demoCatalogIndex.products.get(parent.line.productId)?.product.crossSells) ?? [];
  const productId =
    p.one(crossSells) ??
    (p.chance(8)
      ? p.one([...demo.notAddable.map((x) => x.id), demo.unknownProductId])
      : p.one(demo.addable)?.id) ??
    demo.unknownProductId;
  const entry = demoCatalogIndex.products.get(productId);
  const variants = entry?.product.type === 'VariableProduct' ? entry.product.variants.map((v) => v.id) : [];
  const variant =
    variants.length === 0 || p.chance(4) ? undefined : p.chance(3) ? demo.unknownVariantId : p.one(variants);
  const kiosks = entry?.provider.kiosks.map((k) => k.id) ?? [];
  const kioskId = p.chance(30) ? p.one(kiosks) : p.chance(2) ? demo.unknownKioskId : undefined;
  const crossSold = parent && (crossSells.includes(productId) || p.chance(5));
  return withFreshIds(
    {
      ...head('AddProduct', ctx),
      productId,
      quantity: p.int(1, 3),
      freshIds: [],
      ...(crossSold ? { crossSoldFromLineItemId: parent.line.id } : {}),
      ...(crossSold && p.chance(50) ? { crossSoldFromProductId: parent.line.productId } : {}),
      ...(variant === undefined ? {} : { productVariantId: variant }),
      ...(kioskId === undefined ? {} : { kioskId }),
      ...(p.chance(10) ? { productGroupId: 'matchday' } : {}),
      ...(p.chance(10) ? { timestreamId: 'half-time' } : {}),
      ...(p.chance(10) ? { currency: p.chance(20) ? 'EUR' : demoCatalog.currency.code } : {}),
    },
    ctx.n,
  );
};

const selectSeats: Single = (_state, ctx) => {
  const { p } = ctx;
  const event = p.one(demo.events);
  const productId = event?.id ?? demo.unknownProductId;
  const rateId = () => (p.chance(3) ? undefined : p.one(event?.rates ?? [])?.id) ?? demo.unknownRateId;
  const seatId = () => (p.chance(3) ? undefined : p.one(event ? seatIdsOf(event) : [])) ?? demo.unknownSeatId;
  const count = p.int(1, 3);
  const choice = p.chance(50)
    ? {
        seats: unique(Array.from({ length: count }, seatId)).map((seat) => ({
          rateId: rateId(),
          seatId: seat,
        })),
      }
    : {
        rates: unique(Array.from({ length: count - (count > 2 ? 1 : 0) }, rateId)).map((rate) => ({
          rateId: rate,
          quantity: p.int(1, 3),
        })),
      };
  return withFreshIds({ ...head('SelectSeats', ctx), productId, freshIds: [], ...choice }, ctx.n);
};

const selectTimeSlot: Single = (_state, ctx) => {
  const { p } = ctx;
  const tour = p.one(demo.tours);
  const timeSlotId = (p.chance(3) ? undefined : p.one(tour?.timeSlots ?? [])?.id) ?? demo.unknownTimeSlotId;
  const quantities = (tour?.rates ?? []).map((rate) => ({ rateId: rate.id, quantity: p.int(0, 3) }));
  const rates = quantities.some((q) => q.quantity > 0)
    ? quantities
    : quantities.map((q, k) => (k === 0 ? { ...q, quantity: 1 } : q));
  const extra = p.chance(3) ? [{ rateId: demo.unknownRateId, quantity: 1 }] : [];
  return withFreshIds(
    {
      ...head('SelectTimeSlot', ctx),
      productId: tour?.id ?? demo.unknownProductId,
      timeSlotId,
      rates: [...rates, ...extra],
      freshIds: [],
    },
    ctx.n,
  );
};

/** A line of the basket, mostly one that `wanted` takes. */
const lineFor = (state: BasketState, p: Picker, wanted: (line: Line) => boolean) => {
  const all = placed(state);
  return (p.chance(90) ? p.one(all.filter(({ line }) => wanted(line))) : undefined) ?? p.one(all);
};

const deleteLineItem: Single = (state, ctx) => ({
  ...head('DeleteLineItem', ctx),
  ...lineRef(ctx.p.one(placed(state))),
});

const updateTimeSlotLine: Single = (state, ctx) => ({
  ...head('UpdateTimeSlotLine', ctx),
  ...lineRef(lineFor(state, ctx.p, (line) => line.type === 'TimeSlot')),
  ...(ctx.p.chance(10) ? {} : { quantity: ctx.p.int(1, 4) }),
});

const updateLineItemQuantity: Single = (state, ctx) => ({
  ...head('UpdateLineItemQuantity', ctx),
  ...lineRef(lineFor(state, ctx.p, (line) => line.type !== 'Ticketing')),
  quantity: ctx.p.int(1, 4),
});

const setDeliveryMethod: Single = (state, ctx) => {
  const { p } = ctx;
  const pb = p.one(providerBaskets(state));
  const method = pb && !p.chance(5) ? p.one(pb.terms.deliveryMethods) : undefined;
  return {
    ...head('SetDeliveryMethod', ctx),
    providerBasketId: pb?.id ?? demo.unknownProviderBasketId,
    selection:
      pb && method
        ? selectionFor(method, pb, state, ctx, p.chance(5))
        : { type: 'Digital', id: 'no-such-method' },
  };
};

const setCustomerDetails: Single = (state, ctx) => {
  const { p } = ctx;
  const required = requiredFields(providerBaskets(state).map((pb) => pb.terms.requiredCustomerDetails));
  const pool = required.length > 0 && p.chance(80) ? required : CustomerDetailFieldTypes;
  const types = unique(Array.from({ length: p.int(1, 3) }, () => p.one(pool)));
  return {
    ...head('SetCustomerDetails', ctx),
    customerDetails: types.map((type) => (p.chance(10) ? { type } : detailValue(type, p.chance(30)))),
  };
};

const addVoucher: Single = (state, ctx) => {
  const { p } = ctx;
  const lines = placed(state).map(({ line }) => line);
  const matching = demo.vouchers.filter((v) =>
    lines.some((l) => l.productId === v.productId && variantIdOf(l) === v.variantId),
  );
  const code =
    (p.chance(75) ? p.one(matching)?.code : undefined) ??
    (p.chance(10) ? undefined : p.one(demo.voucherCodes));
  return { ...head('AddVoucher', ctx), voucherCode: code ?? demo.unknownVoucherCode };
};

const removeVoucher: Single = (state, ctx) => {
  const on = exists(state) ? state.vouchers.map((v) => v.code) : [];
  const code = (ctx.p.chance(80) ? ctx.p.one(on) : undefined) ?? ctx.p.one(demo.voucherCodes);
  return { ...head('RemoveVoucher', ctx), voucherCode: code ?? demo.unknownVoucherCode };
};

const assignContact: Single = (state, ctx) => {
  const current = exists(state) ? state.contactId : undefined;
  const contactId = (ctx.p.chance(60) ? current : undefined) ?? ctx.p.one(demo.contactIds) ?? 'contact-alice';
  return { ...head('AssignContact', ctx), contactId };
};

const intentOf = (state: BasketState, ctx: Ctx) => activeIntent(state) ?? intentIdOf(ctx.n);
const unconfirmed = (state: BasketState) => providerBaskets(state).filter((pb) => !pb.confirmed);

const builders: { readonly [T in BasketCommandType]: Single } = {
  CreateBasket: (_s, ctx) => ({
    ...head('CreateBasket', ctx),
    storeId: ctx.p.one(demo.storeIds) ?? 'arena-web',
    currency: demoCatalog.currency,
  }),
  DeleteBasket: (_s, ctx) => head('DeleteBasket', ctx),
  AssignContact: assignContact,
  AddProduct: addProduct,
  SelectSeats: selectSeats,
  SelectTimeSlot: selectTimeSlot,
  DeleteLineItem: deleteLineItem,
  UpdateTimeSlotLine: updateTimeSlotLine,
  UpdateLineItemQuantity: updateLineItemQuantity,
  SetDeliveryMethod: setDeliveryMethod,
  SetCustomerDetails: setCustomerDetails,
  AddVoucher: addVoucher,
  RemoveVoucher: removeVoucher,
  ExpireHolds: (_s, ctx) => head('ExpireHolds', ctx),
  LockForPayment: (_s, ctx) => ({ ...head('LockForPayment', ctx), paymentIntentId: intentIdOf(ctx.n) }),
  ConfirmProviderBasket: (state, ctx) => ({
    ...head('ConfirmProviderBasket', ctx),
    paymentIntentId: intentOf(state, ctx),
    providerBasketId: ctx.p.one(unconfirmed(state))?.id ?? demo.unknownProviderBasketId,
  }),
  UnlockAfterPayment: (state, ctx) => ({
    ...head('UnlockAfterPayment', ctx),
    paymentIntentId: intentOf(state, ctx),
    reason: ctx.p.chance(30) ? 'provider-refused' : 'cancelled',
  }),
  CheckOut: (state, ctx) => ({ ...head('CheckOut', ctx), paymentIntentId: intentOf(state, ctx) }),
};

/* What the payment saga does around createPaymentIntent: make the basket payable, lock, confirm. */

const onSalePie = demo.addable.find((product) => product.onSale && product.type === 'Consumable');

const fillIfEmpty: Builder = (state, ctx) =>
  placed(state).length > 0 || !onSalePie
    ? undefined
    : withFreshIds({ ...head('AddProduct', ctx), productId: onSalePie.id, quantity: 1, freshIds: [] }, ctx.n);

const giveMissingDetails: Builder = (state, ctx) => {
  const missing = exists(state) ? missingCustomerDetails(state) : [];
  return missing.length === 0
    ? undefined
    : { ...head('SetCustomerDetails', ctx), customerDetails: missing.map((type) => detailValue(type)) };
};

/** Selects a delivery method for the first line that none covers (C-7.9, C-8.1). */
const coverDelivery: Builder = (state, ctx) => {
  for (const pb of providerBaskets(state)) {
    const covering = coveringMethodIds(pb);
    const line = pb.lines.find(
      (l) =>
        l.deliveryMethodIdOptions.length > 0 && !l.deliveryMethodIdOptions.some((id) => covering.has(id)),
    );
    const methods = pb.terms.deliveryMethods.filter((m) => line?.deliveryMethodIdOptions.includes(m.id));
    const method = methods.find((m) => m.type !== 'InSeat') ?? methods[0];
    if (method) {
      const selection = selectionFor(method, pb, state, ctx, false);
      return { ...head('SetDeliveryMethod', ctx), providerBasketId: pb.id, selection };
    }
  }
  return undefined;
};

const ifLocked =
  (build: Single, percent = 100): Builder =>
  (state, ctx) =>
    state.status === 'locked' && ctx.p.chance(percent) ? build(state, ctx) : undefined;

const confirmNext = (percent: number) =>
  ifLocked(
    (state, ctx) => ({
      ...head('ConfirmProviderBasket', ctx),
      paymentIntentId: intentOf(state, ctx),
      providerBasketId: unconfirmed(state)[0]?.id ?? demo.unknownProviderBasketId,
    }),
    percent,
  );

type Settle = 'cancel' | 'wait' | 'pay';

const paymentAttempt = (settle: Settle): ReadonlyArray<Builder> => [
  fillIfEmpty,
  giveMissingDetails,
  ...Array.from({ length: 6 }, () => coverDelivery),
  builders.LockForPayment,
  ...Array.from({ length: 5 }, () => confirmNext(settle === 'pay' ? 100 : 60)),
  ...(settle === 'cancel' ? [ifLocked(builders.UnlockAfterPayment)] : []),
  ...(settle === 'pay' ? [builders.CheckOut] : []),
];

/* Histories: a created basket, a body of random steps, and an ending that leaves it in a chosen status. */

type Kind = BasketCommandType | 'PayThenCancel' | 'PayAndWait';
export type HistoryEnding = 'open' | 'locked' | 'checkedOut' | 'deleted';

const bodyKinds: ReadonlyArray<readonly [Kind, number]> = [
  ['AddProduct', 6],
  ['SelectSeats', 4],
  ['SelectTimeSlot', 3],
  ['DeleteLineItem', 2],
  ['UpdateTimeSlotLine', 1],
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

const planOf = (kind: Kind): ReadonlyArray<Builder> => {
  switch (kind) {
    case 'PayThenCancel':
      return paymentAttempt('cancel');
    case 'PayAndWait':
      return paymentAttempt('wait');
    default:
      return [builders[kind]];
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
      return [ifLocked(builders.UnlockAfterPayment), builders.DeleteBasket];
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
    { weight: 7, arbitrary: fc.integer({ min: 0, max: 3 }) },
    fc.integer({ min: 8, max: 40 }),
  ),
  picks: fc.array(fc.noBias(fc.nat({ max: 9999 })), { minLength: 12, maxLength: 12 }),
  availability: availabilitySeedArb,
});

/** One decision of a history: the command, the availability it was decided with, and what came of it. */
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

type HistorySeed = {
  readonly basketId: string;
  readonly start: number;
  readonly plans: ReadonlyArray<readonly [StepSeed, ReadonlyArray<Builder>]>;
};

const play = ({ basketId, start, plans }: HistorySeed): BasketHistory => {
  const steps: HistoryStep[] = [];
  const events: BasketEvent[] = [];
  let state = basketDecider.initialState;
  let at = later(new Date(start).toISOString() as Instant, 0);
  for (const [seed, plan] of plans) {
    at = later(at, seed.minutes * 60_000);
    const p = picker(seed.picks);
    for (const build of plan) {
      at = later(at, 1000);
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
  // Printed by fast-check when a property fails: one line per decision.
  Object.defineProperty(history, fc.toStringMethod, { value: () => steps.map(describeStep).join('\n') });
  return history;
};

export type BasketHistoryOptions = {
  /** Random steps after createBasket (each one or a few commands); 30 by default. */
  readonly maxSteps?: number;
  /** How the history ends; any of the four by default (an ending may not be reached). */
  readonly ending?: HistoryEnding;
};

const kindArb = fc.oneof(...bodyKinds.map(([kind, weight]) => ({ weight, arbitrary: fc.constant(kind) })));
const endingArb = fc.constantFrom<HistoryEnding>('open', 'locked', 'checkedOut', 'deleted');
const FROM = Date.parse('2026-01-01T00:00:00.000Z');
const TO = Date.parse('2026-12-31T00:00:00.000Z');

/**
 * Valid histories of one basket of the demo catalog: createBasket, then random commands aimed at
 * the catalog and the basket's lines, then an ending (lock, pay, delete or nothing).
 */
export const basketHistoryArb = (options: BasketHistoryOptions = {}): fc.Arbitrary<BasketHistory> =>
  fc
    .record({
      basketId: fc.uuid({ version: [4, 7] }),
      start: fc.integer({ min: FROM, max: TO }),
      first: stepSeedArb,
      body: fc.array(fc.tuple(kindArb, stepSeedArb), { maxLength: options.maxSteps ?? 30 }),
      ending: options.ending === undefined ? endingArb : fc.constant(options.ending),
      last: stepSeedArb,
    })
    .map(({ basketId, start, first, body, ending, last }) =>
      play({
        basketId,
        start,
        plans: [
          [first, [builders.CreateBasket]],
          ...body.map(([kind, seed]) => [seed, planOf(kind)] as const),
          [last, endingPlan(ending)],
        ],
      }),
    );

/** A command of one of `types` aimed at `state` at `at`, with random but consistent facts for it. */
export const aimedCommandArb = (
  state: BasketState,
  at: Instant,
  types: ReadonlyArray<BasketCommandType> = customerCommandTypes,
): fc.Arbitrary<{ readonly command: BasketCommand; readonly facts: BasketFacts }> =>
  fc.tuple(fc.constantFrom(...types), stepSeedArb).map(([type, seed]) => {
    const basketId = exists(state) ? state.id : 'no-basket';
    const command = builders[type](afterExpiry(state, at), {
      basketId,
      at,
      n: 999_999,
      p: picker(seed.picks),
    });
    return { command, facts: demoFacts(availabilityFor(command, state, seed.availability)) };
  });
