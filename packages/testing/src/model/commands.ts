import type { Caller } from '@basket/app';
import fc from 'fast-check';
import { expect } from 'vitest';
import { command, hasBaskets, type ModelCommand } from './command';
import { allOutbox, checkSettled } from './invariants';
import { callerOf, drive, expectAccepted, expectStateRefusal, liveBaskets, pickBasket } from './model';
import { paymentCommands } from './payment-commands';
import type { ModelTargets } from './targets';
import { decodeBasket, linesInView } from './view-units';

export type { ModelCommand } from './command';

const MAX_BASKETS = 4;

const createBasket = (): ModelCommand =>
  command(
    'createBasket',
    (model) => liveBaskets(model).length < MAX_BASKETS,
    async (model, system) => {
      const answer = await drive(system, system.app.api.createBasket(system.caller));
      expect(answer).toMatchObject({ status: 200 });
      const basket = decodeBasket('body' in answer ? answer.body : undefined);
      model.baskets.push({
        basketId: basket.id,
        deleted: false,
        accepted: [],
        status: 'open',
        intents: [],
        conditional: [],
      });
    },
  );

const deleteBasket = (pick: number): ModelCommand =>
  command(`deleteBasket(#${pick})`, hasBaskets, async (model, system) => {
    const basket = pickBasket(model, pick);
    if (basket === undefined) return;
    const answer = await drive(
      system,
      system.app.api.deleteBasket(callerOf(system, basket), basket.basketId),
    );
    // C-7.14: answers the basket as it was; from then on it is 404. Locked or paid: 409 (C-8.3, C-8.5).
    if (basket.deleted) expect(answer).toMatchObject({ status: 404 });
    else if (!expectStateRefusal(basket, answer)) {
      expect(answer).toMatchObject({ status: 200 });
      basket.deleted = true;
    }
  });

type SeatsBody =
  | { readonly rates: ReadonlyArray<{ readonly rateId: string; readonly quantity: number }> }
  | { readonly seats: ReadonlyArray<{ readonly rateId: string; readonly seatId: string }> };

const selectSeats = (targets: ModelTargets, pick: number, body: SeatsBody): ModelCommand =>
  command(`selectSeats(#${pick}, ${JSON.stringify(body)})`, hasBaskets, async (model, system) => {
    const basket = pickBasket(model, pick);
    if (basket === undefined) return;
    const { productId } = targets.event;
    const answer = await drive(
      system,
      system.app.api.selectSeats(callerOf(system, basket), basket.basketId, productId, body),
    );
    expectAccepted(basket, 'selectSeats', answer);
  });

const selectSlot = (targets: ModelTargets, pick: number, quantities: ReadonlyArray<number>): ModelCommand => {
  const { productId, timeSlotId, rateIds } = targets.tour;
  const rates = quantities.flatMap((quantity, index) => {
    const rateId = rateIds[index];
    return rateId === undefined ? [] : [{ rateId, quantity }];
  });
  return command(
    `selectTimeSlot(#${pick}, ${JSON.stringify(quantities)})`,
    hasBaskets,
    async (model, system) => {
      const basket = pickBasket(model, pick);
      if (basket === undefined) return;
      const body = { timeSlotId, rates };
      const answer = await drive(
        system,
        system.app.api.selectTimeSlot(callerOf(system, basket), basket.basketId, productId, body),
      );
      expectAccepted(basket, 'selectTimeSlot', answer);
    },
  );
};

const addProduct = (targets: ModelTargets, pick: number, target: number, quantity: number): ModelCommand => {
  const stocked = targets.stocked[target % targets.stocked.length];
  return command(
    `addProduct(#${pick}, ${JSON.stringify(stocked)} x${quantity})`,
    hasBaskets,
    async (model, system) => {
      const basket = pickBasket(model, pick);
      if (basket === undefined || stocked === undefined) return;
      const body =
        stocked.variantId === undefined ? { quantity } : { quantity, productVariantId: stocked.variantId };
      const answer = await drive(
        system,
        system.app.api.addProduct(callerOf(system, basket), basket.basketId, stocked.productId, body),
      );
      expectAccepted(basket, 'addProductToBasket', answer);
    },
  );
};

const deleteLine = (pick: number, line: number): ModelCommand =>
  command(`deleteLineItem(#${pick}, line ${line})`, hasBaskets, async (model, system) => {
    const basket = pickBasket(model, pick);
    if (basket === undefined || basket.deleted) return;
    const read = await drive(system, system.app.api.getBasket(callerOf(system, basket), basket.basketId));
    const lines = linesInView(decodeBasket('body' in read ? read.body : undefined));
    const chosen = lines[line % Math.max(1, lines.length)];
    if (chosen === undefined) return;
    const [providerBasketId, lineItemId] = chosen;
    const answer = await drive(
      system,
      system.app.api.deleteLineItem(callerOf(system, basket), basket.basketId, providerBasketId, lineItemId),
    );
    // The processor may have removed the line since it was read (a selection replaced, a hold expired).
    expectAccepted(basket, 'deleteLineItem', answer, ['line-item-not-found', 'provider-basket-not-found']);
  });

let keys = 0;

/**
 * `count` concurrent addProduct with the basket's current version as If-Match (C-6.4), each with an
 * Idempotency-Key of its own when `keyed` (C-6.3: each is then resent and answers as first). The
 * ones refused answer 412 (or the basket's state); the accepted ones are recorded with their
 * If-Match for the invariant that at most one of them takes effect.
 */
const racingIfMatch = (
  targets: ModelTargets,
  pick: number,
  target: number,
  count: number,
  keyed: boolean,
): ModelCommand => {
  const stocked = targets.stocked[target % targets.stocked.length];
  return command(
    `racingIfMatch(#${pick}, ${JSON.stringify(stocked)}, ${count}${keyed ? ', keyed' : ''})`,
    hasBaskets,
    async (model, system) => {
      const basket = pickBasket(model, pick);
      if (basket === undefined || stocked === undefined || basket.deleted) return;
      const caller = callerOf(system, basket);
      const read = await drive(system, system.app.api.getBasket(caller, basket.basketId));
      const ifMatch = 'version' in read ? read.version : undefined;
      if (ifMatch === undefined) return;
      const body =
        stocked.variantId === undefined
          ? { quantity: 1 }
          : { quantity: 1, productVariantId: stocked.variantId };
      const callers = Array.from({ length: count }, (): Caller => {
        keys += 1;
        return keyed
          ? {
              ...caller,
              idempotency: { key: `model-${keys}`, fingerprint: `add ${basket.basketId} ${keys}` },
            }
          : caller;
      });
      const send = (who: Caller) =>
        system.app.api.addProduct(who, basket.basketId, stocked.productId, body, { ifMatch });
      const answers = await drive(system, Promise.all(callers.map(send)));
      const first = basket.accepted.length;
      for (const answer of answers) {
        if (answer.status === 412) {
          expect(answer).toMatchObject({ problem: { code: 'precondition-failed' } });
          continue;
        }
        const before = basket.accepted.length;
        expectAccepted(basket, 'addProductToBasket', answer);
        const added = basket.accepted[before];
        if (added !== undefined) basket.conditional?.push({ ifMatch, notificationId: added.notificationId });
      }
      // Concurrent requests are accepted in an order of the storage's choosing: the model takes it
      // from the outbox (a command decided in its request is completed as it is accepted, C-5.4).
      const raced = basket.accepted.splice(first);
      const positions = new Map(
        (await allOutbox(system)).map((m) => [m.notification.notificationId, m.position] as const),
      );
      raced.sort((a, b) => (positions.get(a.notificationId) ?? 0) - (positions.get(b.notificationId) ?? 0));
      basket.accepted.push(...raced);
      if (!keyed) return;
      // C-6.3: each key answers its first answer again, whatever happened since, and changes nothing.
      for (const [index, who] of callers.entries()) {
        expect(await drive(system, send(who))).toEqual(answers[index]);
      }
    },
  );
};

/** Moves the clock past a provider's hold time and sweeps (C-7.8): expired holds are released. */
const expireHolds = (minutes: number): ModelCommand =>
  command(
    `advanceClock(${minutes} min) + sweep`,
    () => true,
    async (model, system) => {
      system.clock.advance(minutes * 60_000);
      // Holds of an unlocked basket run out again (C-7.8); those of a locked or paid one do not.
      for (const basket of model.baskets) {
        if (basket.status === 'open' || basket.status === 'unlocking') basket.frozen = undefined;
      }
      await drive(system, system.app.sweepExpiredHolds());
    },
  );

/** Waits for every accepted command, then checks the invariants. */
const settleAndCheck = (): ModelCommand =>
  command(
    'settle',
    () => true,
    (model, system) => checkSettled(system, model),
  );

/** The commands of the model, over baskets picked by index among those made. */
export const basketModelCommands = (targets: ModelTargets): Array<fc.Arbitrary<ModelCommand>> => {
  const pick = fc.nat({ max: MAX_BASKETS * 2 });
  const rateId = fc.constantFrom(...targets.event.rateIds);
  const seatsBody: fc.Arbitrary<SeatsBody> = fc.oneof(
    fc.record({
      rates: fc.array(fc.record({ rateId, quantity: fc.integer({ min: 1, max: 3 }) }), {
        minLength: 1,
        maxLength: 2,
      }),
    }),
    fc.record({
      seats: fc
        .uniqueArray(fc.constantFrom(...targets.event.seatIds), { minLength: 1, maxLength: 3 })
        .chain((seatIds) =>
          fc.tuple(...seatIds.map((seatId) => rateId.map((id) => ({ rateId: id, seatId })))),
        ),
    }),
  );
  const slotQuantities = fc
    .array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: targets.tour.rateIds.length })
    .filter((quantities) => quantities.some((quantity) => quantity > 0));
  return [
    fc.constant(createBasket()),
    fc.constant(createBasket()),
    pick.map(deleteBasket),
    fc.tuple(pick, seatsBody).map(([p, body]) => selectSeats(targets, p, body)),
    fc.tuple(pick, seatsBody).map(([p, body]) => selectSeats(targets, p, body)),
    fc.tuple(pick, slotQuantities).map(([p, quantities]) => selectSlot(targets, p, quantities)),
    fc
      .tuple(pick, fc.nat({ max: targets.stocked.length - 1 }), fc.integer({ min: 1, max: 3 }))
      .map(([p, target, quantity]) => addProduct(targets, p, target, quantity)),
    fc.tuple(pick, fc.nat({ max: 5 })).map(([p, line]) => deleteLine(p, line)),
    fc.integer({ min: 1, max: 20 }).map(expireHolds),
    fc
      .tuple(pick, fc.nat({ max: targets.stocked.length - 1 }), fc.integer({ min: 2, max: 4 }), fc.boolean())
      .map(([p, target, count, keyed]) => racingIfMatch(targets, p, target, count, keyed)),
    ...paymentCommands(targets, pick),
    fc.constant(settleAndCheck()),
  ];
};
