import {
  type BasketCommand,
  type BasketCommandOf,
  type BasketCommandType,
  type BasketState,
  CustomerDetailFieldTypes,
  type DeliveryMethod,
  exists,
  freshIdsNeeded,
  type Instant,
  isInstant,
  type Line,
  type PaymentIntentCommand,
  type PaymentIntentCommandOf,
  type PaymentIntentCommandType,
  type ProviderBasketState,
  type ProviderIdentity,
  requiredFields,
  variantIdOf,
} from '@basket/core';
import fc from 'fast-check';
import {
  demoCatalogTargets as demo,
  demoCatalog,
  demoCatalogIndex,
  detailValue,
  seatIdsOf,
  selectionFor,
} from './catalog-fixture';
import {
  arbitraryCurrency,
  arbitraryCustomerDetailFieldValue,
  arbitraryDeliveryMethodSelection,
  arbitraryFreeFormObject,
  arbitraryInstant,
  arbitraryMoney,
  arbitraryProviderIdentity,
  arbitraryUuid,
} from './wire';

/*
 * Basket and payment-intent commands for properties: arbitraries of any value their codecs accept
 * (and give back unchanged through JSON), then basket commands aimed at the demo catalog's real ids
 * and at a basket's own lines, as `histories.ts` plays them.
 */

const text = fc.string({ maxLength: 16 });
const nonEmptyText = fc.string({ minLength: 1, maxLength: 16 });
const few = <A>(arbitrary: fc.Arbitrary<A>) => fc.array(arbitrary, { maxLength: 3 });
const pid = arbitraryProviderIdentity();
const quantity = fc.integer({ min: -5, max: 120 });

/** Fresh id suffixes as commands carry them: 24 lowercase letters or digits each. */
export const arbitraryFreshIds: fc.Arbitrary<ReadonlyArray<string>> = few(
  fc.stringMatching(/^[a-z0-9]{24}$/),
).map((ids): ReadonlyArray<string> => ids);

/** `{ ...a, ...b }` of two arbitraries of objects. */
export const mergedArb = <A extends object, B extends object>(a: fc.Arbitrary<A>, b: fc.Arbitrary<B>) =>
  fc.tuple(a, b).map(([x, y]) => ({ ...x, ...y }));

const basketCommand = <T extends BasketCommandType, A extends object>(type: T, fields: fc.Arbitrary<A>) =>
  mergedArb(
    fc.record({ type: fc.constant(type), basketId: fc.oneof(arbitraryUuid, text), at: arbitraryInstant }),
    fields,
  );

const optional = <R extends Record<string, fc.Arbitrary<unknown>>>(fields: R) =>
  fc.record(fields, { requiredKeys: [] });

const rateQuantities = few(fc.record({ rateId: pid, quantity }));
const intentId = fc.oneof(arbitraryUuid, text);
const line = { providerBasketId: pid, lineItemId: pid };

/** One arbitrary per basket command type. */
export const basketCommandArbitraries: {
  readonly [T in BasketCommandType]: fc.Arbitrary<BasketCommandOf<T>>;
} = {
  CreateBasket: basketCommand('CreateBasket', fc.record({ storeId: text, currency: arbitraryCurrency })),
  DeleteBasket: basketCommand('DeleteBasket', fc.constant({})),
  AssignContact: basketCommand('AssignContact', fc.record({ contactId: text })),
  AddProduct: basketCommand(
    'AddProduct',
    mergedArb(
      fc.record({ productId: pid, quantity, freshIds: arbitraryFreshIds }),
      optional({
        crossSoldFromProductId: pid,
        crossSoldFromLineItemId: pid,
        productGroupId: text,
        kioskId: text,
        timestreamId: text,
        productVariantId: text,
        currency: text,
      }),
    ),
  ),
  SelectSeats: basketCommand(
    'SelectSeats',
    mergedArb(
      fc.record({ productId: pid, freshIds: arbitraryFreshIds }),
      optional({ rates: rateQuantities, seats: few(fc.record({ rateId: pid, seatId: nonEmptyText })) }),
    ),
  ),
  SelectTimeSlot: basketCommand(
    'SelectTimeSlot',
    fc.record({ productId: pid, timeSlotId: pid, rates: rateQuantities, freshIds: arbitraryFreshIds }),
  ),
  DeleteLineItem: basketCommand('DeleteLineItem', fc.record(line)),
  UpdateTimeSlotLine: basketCommand('UpdateTimeSlotLine', mergedArb(fc.record(line), optional({ quantity }))),
  UpdateLineItemQuantity: basketCommand('UpdateLineItemQuantity', fc.record({ ...line, quantity })),
  SetDeliveryMethod: basketCommand(
    'SetDeliveryMethod',
    fc.record({ providerBasketId: pid, selection: arbitraryDeliveryMethodSelection }),
  ),
  SetCustomerDetails: basketCommand(
    'SetCustomerDetails',
    fc.record({ customerDetails: few(arbitraryCustomerDetailFieldValue) }),
  ),
  AddVoucher: basketCommand('AddVoucher', fc.record({ voucherCode: text })),
  RemoveVoucher: basketCommand('RemoveVoucher', fc.record({ voucherCode: text })),
  ExpireHolds: basketCommand('ExpireHolds', fc.constant({})),
  LockForPayment: basketCommand('LockForPayment', fc.record({ paymentIntentId: intentId })),
  ConfirmProviderBasket: basketCommand(
    'ConfirmProviderBasket',
    fc.record({ paymentIntentId: intentId, providerBasketId: pid }),
  ),
  UnlockAfterPayment: basketCommand(
    'UnlockAfterPayment',
    fc.record({
      paymentIntentId: intentId,
      reason: fc.constantFrom('cancelled' as const, 'provider-refused' as const),
    }),
  ),
  CheckOut: basketCommand('CheckOut', fc.record({ paymentIntentId: intentId })),
};

export const basketCommandTypes = Object.keys(basketCommandArbitraries) as ReadonlyArray<BasketCommandType>;

/** Any basket command, of any type. */
export const arbitraryBasketCommand: fc.Arbitrary<BasketCommand> = fc.oneof(
  ...basketCommandTypes.map((type): fc.Arbitrary<BasketCommand> => basketCommandArbitraries[type]),
);

const intentCommand = <T extends PaymentIntentCommandType, A extends object>(
  type: T,
  fields: fc.Arbitrary<A>,
) =>
  mergedArb(
    fc.record({ type: fc.constant(type), paymentIntentId: arbitraryUuid, at: arbitraryInstant }),
    fields,
  );

/** A payment's parts in one currency (C-1.4, C-8.2). */
export const arbitraryPaymentParts = arbitraryCurrency.chain((currency) =>
  fc.record({
    totalPaid: arbitraryMoney(currency),
    components: few(fc.record({ providerBasketId: pid, portionOfTotalPaid: arbitraryMoney(currency) })),
  }),
);

const pbAnswer = fc.record({ providerBasketId: pid });

/** One arbitrary per payment-intent command type. */
export const paymentIntentCommandArbitraries: {
  readonly [T in PaymentIntentCommandType]: fc.Arbitrary<PaymentIntentCommandOf<T>>;
} = {
  StartPaymentIntent: intentCommand(
    'StartPaymentIntent',
    mergedArb(
      mergedArb(
        fc.record({
          basketId: text,
          storeId: text,
          notificationId: arbitraryUuid,
          providerBasketIds: few(pid),
        }),
        arbitraryPaymentParts,
      ),
      optional({ contactId: text, payload: arbitraryFreeFormObject }),
    ),
  ),
  RecordProviderAnswer: intentCommand(
    'RecordProviderAnswer',
    fc.record({ providerBasketId: pid, answer: fc.constantFrom('confirmed' as const, 'refused' as const) }),
  ),
  RecordPaymentSession: intentCommand(
    'RecordPaymentSession',
    fc.record({ pspPaymentreference: pid, pspPayload: arbitraryFreeFormObject }),
  ),
  RequestCancellation: intentCommand('RequestCancellation', fc.record({ notificationId: arbitraryUuid })),
  RecordConfirmationReleased: intentCommand('RecordConfirmationReleased', pbAnswer),
  RecordSessionVoided: intentCommand('RecordSessionVoided', fc.constant({})),
  RecordPayment: intentCommand(
    'RecordPayment',
    fc.record({ tokenId: nonEmptyText, outcome: fc.constantFrom('succeeded' as const, 'declined' as const) }),
  ),
};

export const paymentIntentCommandTypes = Object.keys(
  paymentIntentCommandArbitraries,
) as ReadonlyArray<PaymentIntentCommandType>;

/** Any payment-intent command, of any type. */
export const arbitraryPaymentIntentCommand: fc.Arbitrary<PaymentIntentCommand> = fc.oneof(
  ...paymentIntentCommandTypes.map(
    (type): fc.Arbitrary<PaymentIntentCommand> => paymentIntentCommandArbitraries[type],
  ),
);

/* Commands aimed at the demo catalog and at a basket's lines, drawn from a seed of numbers. */

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

const head = <T extends BasketCommandType>(type: T, { basketId, at }: Aim) => ({ type, basketId, at });

/** The fresh id suffixes the `n`th command may use: unique within a history. */
const withFreshIds = <C extends BasketCommand & { readonly freshIds: ReadonlyArray<string> }>(
  command: C,
  n: number,
): C => ({
  ...command,
  freshIds: Array.from({ length: freshIdsNeeded(command) }, (_, k) => `c${n}i${k}`.padEnd(24, 'z')),
});

const defined = <A>(items: ReadonlyArray<A | undefined>): ReadonlyArray<A> => [
  ...new Set(items.filter((a): a is A => a !== undefined)),
];

type Placed = { readonly pb: ProviderBasketState; readonly line: Line };
const providerBaskets = (s: BasketState) => (exists(s) ? s.providerBaskets : []);
const placed = (s: BasketState): ReadonlyArray<Placed> =>
  providerBaskets(s).flatMap((pb) => pb.lines.map((line) => ({ pb, line })));
const lineRef = (found: Placed | undefined) =>
  found
    ? { providerBasketId: found.pb.id, lineItemId: found.line.id }
    : { providerBasketId: demo.unknownProviderBasketId, lineItemId: demo.unknownLineItemId };
/** A line of the basket, mostly one that `wanted` takes. */
const lineFor = (state: BasketState, p: Picker, wanted: (line: Line) => boolean) => {
  const all = placed(state);
  return (p.chance(90) ? p.one(all.filter(({ line }) => wanted(line))) : undefined) ?? p.one(all);
};
const intentOf = (state: BasketState, aim: Aim) =>
  (exists(state) ? state.activePaymentIntentId : undefined) ?? intentIdOf(aim.n);

/** A selection of one of `pb`'s methods; `spoilt` ones have a collection time in the past (C-7.9). */
export const aimedSelection = (
  method: DeliveryMethod,
  pb: ProviderBasketState,
  state: BasketState,
  { at, n, p }: Aim,
  spoilt = false,
) => {
  const seats = placed(state).flatMap(({ line }) =>
    line.type === 'Ticketing' ? line.tickets.map((t) => t.providerSeatId) : [],
  );
  const entry = method.type === 'Address' && p.chance(50) ? p.one(method.entries) : undefined;
  const kioskId = spoilt && p.chance(50) ? undefined : p.one(pb.terms.kioskIds);
  return selectionFor(method, {
    ...(entry === undefined ? {} : { addressEntryId: entry.id }),
    ...(kioskId === undefined ? {} : { kioskId }),
    ...(method.type === 'InSeat' && seats.length > 0 ? { seatId: p.one(seats) } : {}),
    collectionTime: instantLater(at, spoilt ? -60_000 : 7_200_000),
    reference: String(n),
  });
};

const addProduct: AimedCommand = (state, aim) => {
  const { p } = aim;
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
  const kioskId = p.chance(30) ? p.one(entry?.provider.kiosks.map((k) => k.id) ?? []) : undefined;
  const crossSold = parent && (crossSells.includes(productId) || p.chance(5));
  return withFreshIds(
    {
      ...head('AddProduct', aim),
      productId,
      quantity: p.int(1, 3),
      freshIds: [],
      ...(crossSold ? { crossSoldFromLineItemId: parent.line.id } : {}),
      ...(crossSold && p.chance(50) ? { crossSoldFromProductId: parent.line.productId } : {}),
      ...(variant === undefined ? {} : { productVariantId: variant }),
      ...(kioskId === undefined ? (p.chance(2) ? { kioskId: demo.unknownKioskId } : {}) : { kioskId }),
      ...(p.chance(10) ? { productGroupId: 'matchday' } : {}),
      ...(p.chance(10) ? { timestreamId: 'half-time' } : {}),
      ...(p.chance(10) ? { currency: p.chance(20) ? 'EUR' : demoCatalog.currency.code } : {}),
    },
    aim.n,
  );
};

/** A plain addProductToBasket of one unit of `productId` (of `variantId`), nothing else asked. */
export const aimedAdd =
  (productId: ProviderIdentity, variantId?: string): AimedCommand =>
  (_state, aim) =>
    withFreshIds(
      {
        ...head('AddProduct', aim),
        productId,
        quantity: 1,
        freshIds: [],
        ...(variantId === undefined ? {} : { productVariantId: variantId }),
      },
      aim.n,
    );

const selectSeats: AimedCommand = (_state, aim) => {
  const { p } = aim;
  const event = p.one(demo.events);
  const rateId = () => (p.chance(3) ? undefined : p.one(event?.rates ?? [])?.id) ?? demo.unknownRateId;
  const seatId = () => (p.chance(3) ? undefined : p.one(event ? seatIdsOf(event) : [])) ?? demo.unknownSeatId;
  const count = p.int(1, 3);
  const choice = p.chance(50)
    ? {
        seats: defined(Array.from({ length: count }, seatId)).map((seat) => ({
          rateId: rateId(),
          seatId: seat,
        })),
      }
    : {
        rates: defined(Array.from({ length: 2 }, rateId)).map((rate) => ({
          rateId: rate,
          quantity: p.int(1, 3),
        })),
      };
  return withFreshIds(
    { ...head('SelectSeats', aim), productId: event?.id ?? demo.unknownProductId, freshIds: [], ...choice },
    aim.n,
  );
};

const selectTimeSlot: AimedCommand = (_state, aim) => {
  const { p } = aim;
  const tour = p.one(demo.tours);
  const timeSlotId = (p.chance(3) ? undefined : p.one(tour?.timeSlots ?? [])?.id) ?? demo.unknownTimeSlotId;
  const asked = (tour?.rates ?? []).map((rate) => ({ rateId: rate.id, quantity: p.int(0, 2) }));
  const rates = asked.map((r, k) =>
    k === 0 && asked.every((q) => q.quantity === 0) ? { ...r, quantity: 1 } : r,
  );
  const unknownRate = p.chance(3) ? [{ rateId: demo.unknownRateId, quantity: 1 }] : [];
  return withFreshIds(
    {
      ...head('SelectTimeSlot', aim),
      productId: tour?.id ?? demo.unknownProductId,
      timeSlotId,
      rates: [...rates, ...unknownRate],
      freshIds: [],
    },
    aim.n,
  );
};

const setDeliveryMethod: AimedCommand = (state, aim) => {
  const pb = aim.p.one(providerBaskets(state));
  const method = pb && !aim.p.chance(5) ? aim.p.one(pb.terms.deliveryMethods) : undefined;
  return {
    ...head('SetDeliveryMethod', aim),
    providerBasketId: pb?.id ?? demo.unknownProviderBasketId,
    selection:
      pb && method
        ? aimedSelection(method, pb, state, aim, aim.p.chance(5))
        : { type: 'Digital', id: 'no-such-method' },
  };
};

const setCustomerDetails: AimedCommand = (state, aim) => {
  const { p } = aim;
  const required = requiredFields(providerBaskets(state).map((pb) => pb.terms.requiredCustomerDetails));
  const pool = required.length > 0 && p.chance(80) ? required : CustomerDetailFieldTypes;
  const types = defined(Array.from({ length: p.int(1, 3) }, () => p.one(pool)));
  return {
    ...head('SetCustomerDetails', aim),
    customerDetails: types.map((type) => (p.chance(10) ? { type } : detailValue(type, p.chance(30)))),
  };
};

const addVoucher: AimedCommand = (state, aim) => {
  const { p } = aim;
  const lines = placed(state).map(({ line }) => line);
  const matching = demo.vouchers.filter((v) =>
    lines.some((l) => l.productId === v.productId && variantIdOf(l) === v.variantId),
  );
  const code =
    (p.chance(80) ? p.one(matching)?.code : undefined) ??
    (p.chance(10) ? undefined : p.one(demo.voucherCodes));
  return { ...head('AddVoucher', aim), voucherCode: code ?? demo.unknownVoucherCode };
};

const removeVoucher: AimedCommand = (state, aim) => {
  const on = exists(state) ? state.vouchers.map((v) => v.code) : [];
  const code = (aim.p.chance(80) ? aim.p.one(on) : undefined) ?? aim.p.one(demo.voucherCodes);
  return { ...head('RemoveVoucher', aim), voucherCode: code ?? demo.unknownVoucherCode };
};

/**
 * One aimed command builder per basket command type: real ids of the demo catalog and of the
 * basket's own lines, with now and then a mistake a client makes (an unknown id, a spoilt value).
 */
export const aimedCommands: { readonly [T in BasketCommandType]: AimedCommand } = {
  CreateBasket: (_s, aim) => ({
    ...head('CreateBasket', aim),
    storeId: aim.p.one(demo.storeIds) ?? 'arena-web',
    currency: demoCatalog.currency,
  }),
  DeleteBasket: (_s, aim) => head('DeleteBasket', aim),
  AssignContact: (state, aim) => ({
    ...head('AssignContact', aim),
    contactId:
      (aim.p.chance(60) && exists(state) ? state.contactId : undefined) ??
      aim.p.one(demo.contactIds) ??
      'nobody',
  }),
  AddProduct: addProduct,
  SelectSeats: selectSeats,
  SelectTimeSlot: selectTimeSlot,
  DeleteLineItem: (state, aim) => ({ ...head('DeleteLineItem', aim), ...lineRef(aim.p.one(placed(state))) }),
  UpdateTimeSlotLine: (state, aim) => ({
    ...head('UpdateTimeSlotLine', aim),
    ...lineRef(lineFor(state, aim.p, (line) => line.type === 'TimeSlot')),
    ...(aim.p.chance(10) ? {} : { quantity: aim.p.int(1, 4) }),
  }),
  UpdateLineItemQuantity: (state, aim) => ({
    ...head('UpdateLineItemQuantity', aim),
    ...lineRef(lineFor(state, aim.p, (line) => line.type !== 'Ticketing')),
    quantity: aim.p.int(1, 4),
  }),
  SetDeliveryMethod: setDeliveryMethod,
  SetCustomerDetails: setCustomerDetails,
  AddVoucher: addVoucher,
  RemoveVoucher: removeVoucher,
  ExpireHolds: (_s, aim) => head('ExpireHolds', aim),
  LockForPayment: (_s, aim) => ({ ...head('LockForPayment', aim), paymentIntentId: intentIdOf(aim.n) }),
  ConfirmProviderBasket: (state, aim) => ({
    ...head('ConfirmProviderBasket', aim),
    paymentIntentId: intentOf(state, aim),
    providerBasketId:
      aim.p.one(providerBaskets(state).filter((pb) => !pb.confirmed))?.id ?? demo.unknownProviderBasketId,
  }),
  UnlockAfterPayment: (state, aim) => ({
    ...head('UnlockAfterPayment', aim),
    paymentIntentId: intentOf(state, aim),
    reason: aim.p.chance(30) ? 'provider-refused' : 'cancelled',
  }),
  CheckOut: (state, aim) => ({ ...head('CheckOut', aim), paymentIntentId: intentOf(state, aim) }),
};
