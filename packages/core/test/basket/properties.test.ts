import * as fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import type { DeliveryMethodSelection, Instant } from '../../src';
import type { BasketCommand } from '../../src/basket/commands';
import { providerBasketExpires } from '../../src/basket/decide-expiry';
import { basketDecider } from '../../src/basket/decider';
import type { BasketEvent } from '../../src/basket/events';
import { holdsOf } from '../../src/basket/holds';
import { unitsOf, variantIdOf } from '../../src/basket/line';
import { capacityOf } from '../../src/basket/resources-to-check';
import type { BasketState } from '../../src/basket/state';
import { allLines, exists } from '../../src/basket/state';
import { isBefore } from '../../src/primitives/time';
import {
  addPie,
  addShirt,
  catalog,
  cmd,
  created,
  freshIds,
  minutesLater,
  PROGRAMME,
  pickSeats,
  pickTour,
  plentyFor,
  SLOT_10,
  SLOT_14,
  SMALL_ADULT,
  SMALL_MATCH,
  stateOf,
  T0,
} from './fixtures';

/* Random runs of commands, decided one after the other with nobody else holding anything. */

/** A command, possibly after others that prepare it (decided at the same time). */
type Planned = BasketCommand & { readonly prepare?: ReadonlyArray<BasketCommand> };
type Step = { readonly minutes: number; readonly action: (state: BasketState, i: number) => Planned };

const lineAt = (state: BasketState, index: number) => {
  if (!exists(state)) return undefined;
  const found = state.providerBaskets.flatMap((pb) => pb.lines.map((line) => ({ pb, line })));
  return found.length === 0 ? undefined : found[index % found.length];
};
const intentOf = (state: BasketState) =>
  exists(state) ? (state.activePaymentIntentId ?? 'pi-none') : 'pi-none';
const details = [
  { type: 'Email', value: { email: 'ann@example.com' } },
  { type: 'FirstName', value: { name: 'Ann' } },
  { type: 'LastName', value: { name: 'Lee' } },
  { type: 'PhoneNumber', value: { phoneNumber: '+441132960000' } },
  { type: 'BillingFirstName', value: { name: 'Ann' } },
  { type: 'BillingLastName', value: { name: 'Lee' } },
  {
    type: 'BillingAddress',
    value: { StreetLine1: '1 Main St', City: 'Leeds', CountryCode: 'GB', PostalCode: 'LS1 1AA' },
  },
] as const;

/** A selection that covers the lines of a provider's basket (C-7.9); tours need none (always included). */
const deliveryFor = (provider: string): DeliveryMethodSelection | undefined => {
  switch (provider) {
    case 'tix:arena':
      return { type: 'Digital', id: 'tix-mobile' };
    case 'fnb:arena':
      return {
        type: 'KioskCollection',
        id: 'fnb-kiosk',
        kioskId: 'kiosk-north',
        collectionTime: minutesLater(1000),
        collectionId: 'order-1',
        seatId: 'ref-1',
      };
    case 'shop':
      return { type: 'Address', id: 'shop-collect', addressEntryId: 'club-shop' };
    default:
      return undefined;
  }
};

/** Whatever a basket still needs before payment: a covering delivery per provider basket, every detail. */
const preparations = (s: BasketState): ReadonlyArray<BasketCommand> => [
  ...(exists(s) ? s.providerBaskets : []).flatMap((pb) => {
    const selection = deliveryFor(pb.terms.providerId);
    return selection ? [cmd('SetDeliveryMethod', { providerBasketId: pb.id, selection })] : [];
  }),
  cmd('SetCustomerDetails', { customerDetails: details }),
];

const action: fc.Arbitrary<Step['action']> = fc.oneof(
  fc.record({ q: fc.integer({ min: 1, max: 4 }), west: fc.boolean() }).map(
    ({ q, west }) =>
      (_s: BasketState, i: number) =>
        addPie(q, { freshIds: freshIds(`p${i}y`), ...(west ? { kioskId: 'kiosk-west' } : {}) }),
  ),
  fc
    .record({
      v: fc.constantFrom('home-shirt-m', 'home-shirt-m', 'home-shirt-s', 'home-shirt-xl'),
      q: fc.integer({ min: 1, max: 3 }),
    })
    .map(({ v, q }) => (_s: BasketState, i: number) => ({ ...addShirt(v, q), freshIds: freshIds(`s${i}y`) })),
  fc
    .subarray(['N-C-1', 'N-C-2', 'N-C-3', 'W-B-1', 'N-A-1'], { minLength: 1, maxLength: 3 })
    .map((seats) => (_s: BasketState, i: number) => ({
      ...pickSeats(...seats),
      freshIds: freshIds(`t${i}y`),
    })),
  fc.integer({ min: 1, max: 4 }).map(
    (q) => (_s: BasketState, i: number) =>
      cmd('SelectSeats', {
        productId: SMALL_MATCH,
        rates: [{ rateId: SMALL_ADULT, quantity: q }],
        freshIds: freshIds(`a${i}y`),
      }),
  ),
  fc
    .record({ a: fc.integer({ min: 0, max: 4 }), c: fc.integer({ min: 0, max: 2 }), small: fc.boolean() })
    .map(({ a, c, small }) => (_s: BasketState, i: number) => ({
      ...pickTour(a, c, small ? SLOT_14 : SLOT_10),
      freshIds: freshIds(`o${i}y`),
    })),
  fc.boolean().map((anyLine) => (s: BasketState, i: number) => {
    // Mostly from a ticket line (whose event lists the programme), now and then from any line.
    const lines = exists(s) ? allLines(s) : [];
    const parent = anyLine ? lines[i % Math.max(lines.length, 1)] : lines.find((l) => l.type === 'Ticketing');
    return cmd('AddProduct', {
      productId: PROGRAMME,
      quantity: 1,
      freshIds: freshIds(`x${i}y`),
      ...(parent ? { crossSoldFromLineItemId: parent.id } : {}),
    });
  }),
  fc.record({ n: fc.nat(), parentFirst: fc.boolean() }).map(({ n, parentFirst }) => (s: BasketState) => {
    // Half the time a line that others were cross-sold from, when there is one (C-7.4's cascade).
    const lines = exists(s) ? allLines(s) : [];
    const parent = lines.findIndex((l) => lines.some((c) => c.crossSoldFromLineItemId === l.id));
    const found = lineAt(s, parentFirst && parent >= 0 ? parent : n);
    return found
      ? cmd('DeleteLineItem', { providerBasketId: found.pb.id, lineItemId: found.line.id })
      : cmd('ExpireHolds', {});
  }),
  fc.record({ n: fc.nat(), q: fc.integer({ min: 1, max: 6 }) }).map(({ n, q }) => (s: BasketState) => {
    const found = lineAt(s, n);
    return found
      ? cmd('UpdateLineItemQuantity', {
          providerBasketId: found.pb.id,
          lineItemId: found.line.id,
          quantity: q,
        })
      : cmd('ExpireHolds', {});
  }),
  fc.nat().map((n) => (s: BasketState) => {
    const pb = exists(s) ? s.providerBaskets[n % Math.max(s.providerBaskets.length, 1)] : undefined;
    const selection = pb ? deliveryFor(pb.terms.providerId) : undefined;
    return pb && selection
      ? cmd('SetDeliveryMethod', { providerBasketId: pb.id, selection })
      : cmd('SetCustomerDetails', { customerDetails: details });
  }),
  fc.constantFrom<Step['action']>(
    () => cmd('AddVoucher', { voucherCode: 'SHIRT10' }),
    () => cmd('RemoveVoucher', { voucherCode: 'SHIRT10' }),
  ),
  fc.constantFrom<Step['action']>(
    () => cmd('SetCustomerDetails', { customerDetails: details }),
    () => cmd('ExpireHolds', {}),
    () => cmd('DeleteBasket', {}),
  ),
);

/** The payment saga's commands, for the intent that locked the basket when there is one. */
const payment = fc.constantFrom<Step['action']>(
  (_s, i) => cmd('LockForPayment', { paymentIntentId: `pi-${i}` }),
  (s, i) => ({ ...cmd('LockForPayment', { paymentIntentId: `pi-${i}` }), prepare: preparations(s) }),
  (s) => cmd('UnlockAfterPayment', { paymentIntentId: intentOf(s), reason: 'cancelled' }),
  (s) => cmd('CheckOut', { paymentIntentId: intentOf(s) }),
  (s, i) => {
    const pb = exists(s) ? s.providerBaskets[i % Math.max(s.providerBaskets.length, 1)] : undefined;
    return pb
      ? cmd('ConfirmProviderBasket', { paymentIntentId: intentOf(s), providerBasketId: pb.id })
      : cmd('ExpireHolds', {});
  },
);

/** Mostly short pauses, now and then one long enough for holds to run out (10 to 30 minutes, C-7.8). */
const minutes = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 0, max: 3 }) },
  fc.integer({ min: 8, max: 31 }),
);

const steps = fc.array(
  fc.record({
    minutes,
    action: fc.oneof({ weight: 3, arbitrary: action }, { weight: 2, arbitrary: payment }),
  }),
  {
    minLength: 5,
    maxLength: 30,
    size: 'max',
  },
);

/** What every state a decision leaves must satisfy. */
const checkInvariants = (state: BasketState, at: Instant): void => {
  if (!exists(state) || state.status === 'deleted') return;
  const lines = allLines(state);
  expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
  expect(lines.length).toBeLessThanOrEqual(100);
  expect(state.providerBaskets.length).toBeLessThanOrEqual(10);
  for (const [productId, entry] of catalog.products) {
    const units = lines.filter((l) => l.productId === productId).reduce((n, l) => n + unitsOf(l), 0);
    expect(units).toBeLessThanOrEqual(entry.product.maxPerBasket);
  }
  for (const hold of holdsOf(state))
    expect(hold.quantity).toBeLessThanOrEqual(capacityOf(hold.resource, catalog));
  if (state.status === 'checkedOut') return;
  for (const pb of state.providerBaskets) {
    const expires = providerBasketExpires(pb);
    expect(expires === undefined || isBefore(at, expires)).toBe(true);
    if (state.status === 'open') expect(pb.lines.length).toBeGreaterThan(0);
  }
  for (const v of state.vouchers) {
    expect(lines.some((l) => l.productId === v.productId && variantIdOf(l) === v.variantId)).toBe(true);
  }
};

/** Decides the run's commands in order; `check` sees every accepted decision and the state it leaves. */
const play = (
  run: ReadonlyArray<Step>,
  check: (events: ReadonlyArray<BasketEvent>, state: BasketState, at: Instant) => void,
): void => {
  let state = stateOf([created]);
  let at: Instant = T0;
  run.forEach((step, i) => {
    at = minutesLater(step.minutes, at);
    const { prepare = [], ...planned } = step.action(state, i);
    for (const next of [...prepare, planned as BasketCommand]) {
      const command = { ...next, at };
      const facts = plentyFor(command, state);
      const decision = basketDecider.decide(command, state, facts);
      expect(basketDecider.decide(command, state, facts)).toEqual(decision);
      if (E.isLeft(decision)) continue;
      state = decision.right.reduce(basketDecider.evolve, state);
      check(decision.right, state, at);
    }
  });
};

describe('basket decider properties', () => {
  it('the generated runs reach every status and the interesting events (so the property below says something)', () => {
    const statuses = new Set<string>();
    const events = new Set<string>();
    for (const run of fc.sample(steps, { numRuns: 500, seed: 3 })) {
      play(run, (decided, state) => {
        statuses.add(state.status);
        for (const e of decided) events.add(e.type === 'LineItemRemoved' ? `${e.type}:${e.reason}` : e.type);
      });
    }
    expect([...statuses].sort()).toEqual(['checkedOut', 'deleted', 'locked', 'open']);
    for (const type of [
      'ProviderBasketExpired',
      'ProviderBasketClosed',
      'LineItemRemoved:cross-sell-parent-removed',
      'LineItemRemoved:replaced',
      'TicketsReplaced',
      'VoucherAdded',
      'VoucherRemoved',
    ]) {
      expect(events).toContain(type);
    }
  });

  it('every accepted decision evolves cleanly, deterministically, into a state that keeps the rules (C-7.2, C-7.3a, C-7.8, C-7.11, C-7.13)', () => {
    fc.assert(
      fc.property(steps, (run) => play(run, (_events, state, at) => checkInvariants(state, at))),
      { numRuns: 100 },
    );
  });
});
