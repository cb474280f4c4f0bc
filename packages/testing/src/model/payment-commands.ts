import fc from 'fast-check';
import { expect } from 'vitest';
import { command, hasBaskets, type ModelCommand } from './command';
import { allOutbox } from './invariants';
import {
  type BasketModel,
  callerOf,
  drive,
  expectAccepted,
  type ModelBasket,
  type ModelSystem,
  pickBasket,
} from './model';
import type { ModelTargets, StockedTarget } from './targets';
import { decodeBasket, unitsInView } from './view-units';

const ADDRESS = { StreetLine1: '1 Fan Street', City: 'Leeds', CountryCode: 'GB', PostalCode: 'LS2 2AA' };
const NAME = { name: 'Alice' };

/** Every customer detail any provider of the demo catalog asks for (C-7.12). */
const CUSTOMER_DETAILS = [
  { type: 'Email', value: { email: 'alice@example.com' } },
  { type: 'FirstName', value: NAME },
  { type: 'LastName', value: NAME },
  { type: 'PhoneNumber', value: { phoneNumber: '+441132960000' } },
  { type: 'BillingAddress', value: ADDRESS },
  { type: 'BillingFirstName', value: NAME },
  { type: 'BillingLastName', value: NAME },
];

/** A delivery selection covering every product of a provider of the model (C-7.9); none for the tours' e-ticket. */
const deliveryFor = (providerId: string, now: number): Readonly<Record<string, unknown>> | undefined => {
  switch (providerId) {
    case 'tix:arena':
      return { type: 'Digital', id: 'tix-mobile' };
    case 'shop':
      return { type: 'Address', id: 'shop-collect', addressEntryId: 'club-shop' };
    case 'fnb:arena':
      return {
        type: 'KioskCollection',
        id: 'fnb-kiosk',
        kioskId: 'kiosk-north',
        collectionTime: new Date(now + 7 * 86_400_000).toISOString(),
        collectionId: 'c-1',
        seatId: 'my-seat',
      };
    default:
      return undefined;
  }
};

/** Units of each resource the basket's view shows it holding. */
const unitsOf = async (system: ModelSystem, basket: ModelBasket): Promise<ReadonlyMap<string, number>> => {
  const answer = await drive(system, system.app.api.getBasket(callerOf(system, basket), basket.basketId));
  expect(answer).toMatchObject({ status: 200 });
  return unitsInView(decodeBasket('body' in answer ? answer.body : undefined));
};

/**
 * Takes into the model the notifications of `operation` that a synchronous answer (200 intent, 204,
 * 402, 409 after processing) does not name: they are the basket's completed ones the model lacks.
 */
const adoptNotifications = async (system: ModelSystem, basket: ModelBasket, operation: string) => {
  const known = new Set(basket.accepted.map(({ notificationId }) => notificationId));
  for (const { notification } of await allOutbox(system)) {
    if (notification.basketId !== basket.basketId || known.has(notification.notificationId)) continue;
    expect(notification.operation).toBe(operation);
    basket.accepted.push({ notificationId: notification.notificationId, operation });
  }
};

/** The basket a payment command's `pick` names, among those with a payment intent (deleted ones too). */
const pickWithIntent = (model: BasketModel, pick: number): ModelBasket | undefined => {
  const candidates = model.baskets.filter((basket) => basket.intents.length > 0);
  return candidates[pick % Math.max(1, candidates.length)];
};

/** Delivery for each provider basket and every customer detail, so that the basket can be paid (C-8.1). */
const makePayable = (pick: number): ModelCommand =>
  command(`makePayable(#${pick})`, hasBaskets, async (model, system) => {
    const basket = pickBasket(model, pick);
    if (basket !== undefined) await prepare(system, basket);
  });

const prepare = async (system: ModelSystem, basket: ModelBasket): Promise<void> => {
  const caller = callerOf(system, basket);
  if (!basket.deleted) {
    const read = await drive(system, system.app.api.getBasket(caller, basket.basketId));
    for (const providerBasket of decodeBasket('body' in read ? read.body : undefined).providerBaskets) {
      const deliveryMethod = deliveryFor(providerBasket.id.split('|')[0] ?? '', system.clock.millis());
      if (deliveryMethod === undefined) continue;
      const answer = await drive(
        system,
        system.app.api.setProviderBasketDeliveryMethod(caller, basket.basketId, providerBasket.id, {
          deliveryMethod,
        }),
      );
      // The provider basket may have gone since it was read (its last line's hold expired).
      expectAccepted(basket, 'setProviderBasketDeliveryMethod', answer, ['provider-basket-not-found']);
    }
  }
  const answer = await drive(
    system,
    system.app.api.setCustomerDetails(caller, basket.basketId, { customerDetails: CUSTOMER_DETAILS }),
  );
  expectAccepted(basket, 'setCustomerDetails', answer, [], [202, 204]);
};

/** assignContact with the payer's token (C-2.5, C-2.6): from then on the basket is the payer's. */
const assignContact = (pick: number): ModelCommand =>
  command(`assignContact(#${pick})`, hasBaskets, async (model, system) => {
    const basket = pickBasket(model, pick);
    if (basket === undefined) return;
    const answer = await drive(system, system.app.api.assignContact(system.payer, basket.basketId));
    expectAccepted(basket, 'assignContact', answer, [], [200, 204]);
    if (!basket.deleted && answer.status < 300) basket.contactId = system.payer.contactId;
  });

/** Problems createPaymentIntent answers synchronously for a basket that is not payable (C-8.1). */
const unpayable = ['basket-empty', 'delivery-not-covered', 'customer-details-missing'];

/**
 * createPaymentIntent (C-8.1, C-8.2, C-4.2): waits for the creation machine, so that the model knows
 * whether the basket is locked when the command ends.
 */
const createPaymentIntent = (pick: number, prepared: StockedTarget | undefined): ModelCommand =>
  command(
    `createPaymentIntent(#${pick}${prepared === undefined ? '' : `, after adding ${JSON.stringify(prepared)} and making it payable`})`,
    hasBaskets,
    async (model, system) => {
      const basket = pickBasket(model, pick);
      if (basket === undefined) return;
      if (prepared !== undefined) {
        // A line, delivery and details, given time to take effect, so that C-8.1's checks pass.
        const body =
          prepared.variantId === undefined
            ? { quantity: 1 }
            : { quantity: 1, productVariantId: prepared.variantId };
        const added = await drive(
          system,
          system.app.api.addProduct(callerOf(system, basket), basket.basketId, prepared.productId, body),
        );
        expectAccepted(basket, 'addProductToBasket', added);
        await drive(system, system.app.processor.idle());
        await prepare(system, basket);
        await drive(system, system.app.processor.idle());
      }
      const answer = await drive(
        system,
        system.app.api.createPaymentIntent(callerOf(system, basket), basket.basketId, {}),
      );
      const active = basket.intents.at(-1);
      if (basket.deleted) {
        expect(answer).toMatchObject({ status: 404, problem: { code: 'basket-not-found' } });
        return;
      }
      const answeredId = 'body' in answer && answer.status === 200 ? answer.body.id : undefined;
      if (basket.status === 'checkedOut') {
        expect(answer).toMatchObject({ status: 409, problem: { code: 'basket-checked-out' } });
        return;
      }
      // An active intent is answered again instead of a second one (C-8.1).
      if (basket.status === 'locked') {
        expect(answer).toMatchObject({ status: 200, body: { id: active, status: 'AwaitingPayment' } });
        return;
      }
      // Being cancelled: answered again, or already Cancelled by the time it is read.
      if (basket.status === 'unlocking' && answeredId === active) return;
      basket.status = 'open';
      if ('problem' in answer) {
        expect(answer.status, JSON.stringify(answer)).toBe(422);
        expect(unpayable).toContain(answer.problem.code);
        return;
      }
      if (answer.status === 202) {
        const notificationId = answer.body.notificationId;
        if (typeof notificationId !== 'string') return expect.fail('202 without a notification id');
        basket.accepted.push({ notificationId, operation: 'createPaymentIntent' });
        await drive(system, system.app.processor.idle());
        const record = await system.storage.commands.notification(notificationId);
        expect(record?.paymentIntentId).toBeDefined();
        // A refusal leaves a Cancelled intent (C-8.2); a precondition failing at the lock leaves none.
        const started = record?.status === 'Succeeded' || record?.problem?.code === 'provider-refused';
        if (record?.paymentIntentId !== undefined && started) basket.intents.push(record.paymentIntentId);
        if (record?.status !== 'Succeeded') return;
      } else {
        expect(answer, JSON.stringify(answer)).toMatchObject({
          status: 200,
          body: { status: 'AwaitingPayment' },
        });
        if (typeof answeredId !== 'string') return expect.fail('an intent without an id');
        expect(basket.intents).not.toContain(answeredId);
        basket.intents.push(answeredId);
        await adoptNotifications(system, basket, 'createPaymentIntent');
      }
      basket.status = 'locked';
      basket.frozen = await unitsOf(system, basket);
    },
  );

/** deletePaymentIntent of the basket's latest intent (C-8.4): cancels it through the basket's queue. */
const deletePaymentIntent = (pick: number): ModelCommand =>
  command(`deletePaymentIntent(#${pick})`, hasBaskets, async (model, system) => {
    const basket = pickWithIntent(model, pick);
    const intent = basket?.intents.at(-1);
    if (basket === undefined || intent === undefined) return;
    const answer = await drive(
      system,
      system.app.api.deletePaymentIntent(callerOf(system, basket), basket.basketId, intent),
    );
    if (basket.deleted) {
      expect(answer).toMatchObject({ status: 404, problem: { code: 'basket-not-found' } });
      return;
    }
    if (basket.status === 'checkedOut') {
      expect(answer).toMatchObject({ status: 409, problem: { code: 'payment-intent-state' } });
      return;
    }
    expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200 });
    const notificationId = 'body' in answer ? answer.body.notificationId : undefined;
    if (typeof notificationId !== 'string') return expect.fail('no notification id');
    basket.accepted.push({ notificationId, operation: 'deletePaymentIntent' });
    if (basket.status === 'locked') basket.status = 'unlocking';
  });

/** Endpoint 17 with the payer's saved token (C-2.7, C-4.3): `tok_alice_visa` pays, `tok_alice_declined` declines. */
const useSavedToken = (pick: number, tokenId: string): ModelCommand =>
  command(`useSavedPaymentToken(#${pick}, ${tokenId})`, hasBaskets, async (model, system) => {
    const basket = pickWithIntent(model, pick);
    const paymentIntentId = basket?.intents.at(-1);
    if (basket === undefined || paymentIntentId === undefined) return;
    const answer = await drive(
      system,
      system.app.api.useSavedPaymentToken(system.payer, { paymentIntentId, tokenId }),
    );
    if (basket.deleted) {
      expect(answer).toMatchObject({ status: 404, problem: { code: 'payment-intent-not-found' } });
      return;
    }
    await adoptNotifications(system, basket, 'useSavedPaymentToken');
    if (basket.status !== 'locked') {
      // Cancelled (or being cancelled, which runs first in the basket's queue) or already paid (C-8.6).
      expect(answer, JSON.stringify(answer)).toMatchObject({
        status: 409,
        problem: { code: 'payment-intent-state' },
      });
      return;
    }
    if (tokenId === 'tok_alice_visa') {
      expect(answer, JSON.stringify(answer)).toMatchObject({ status: 204 });
      basket.status = 'checkedOut';
    } else {
      expect(answer, JSON.stringify(answer)).toMatchObject({
        status: 402,
        problem: { code: 'payment-declined' },
      });
    }
  });

/** The payment commands of the model. */
export const paymentCommands = (
  targets: ModelTargets,
  pick: fc.Arbitrary<number>,
): Array<fc.Arbitrary<ModelCommand>> => [
  pick.map(makePayable),
  pick.map(assignContact),
  pick.map((p) => createPaymentIntent(p, undefined)),
  fc.tuple(pick, fc.constantFrom(...targets.stocked)).map(([p, target]) => createPaymentIntent(p, target)),
  fc.tuple(pick, fc.constantFrom(...targets.stocked)).map(([p, target]) => createPaymentIntent(p, target)),
  pick.map(deletePaymentIntent),
  fc
    .tuple(pick, fc.constantFrom('tok_alice_visa', 'tok_alice_declined'))
    .map(([p, token]) => useSavedToken(p, token)),
  fc
    .tuple(pick, fc.constantFrom('tok_alice_visa', 'tok_alice_declined'))
    .map(([p, token]) => useSavedToken(p, token)),
];
