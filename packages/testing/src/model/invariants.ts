import type { NotificationRecord, OutboxMessage } from '@basket/app';
import { capacityOf, seatResource, slotResource, stockResource } from '@basket/core';
import { expect } from 'vitest';
import { type BasketModel, callerOf, drive, type ModelBasket, type ModelSystem } from './model';
import { decodeBasket, unitsInView } from './view-units';

/** Business outcomes a command of the model may fail with (C-3.3); anything else is a bug. */
const allowedFailures: Readonly<Record<string, ReadonlyArray<string>>> = {
  selectSeats: ['seats-unavailable', 'basket-not-found'],
  selectTimeSlot: ['insufficient-capacity', 'basket-not-found'],
  addProductToBasket: ['insufficient-capacity', 'quantity-limit', 'basket-not-found'],
  deleteLineItem: ['line-item-not-found', 'provider-basket-not-found', 'basket-not-found'],
  setProviderBasketDeliveryMethod: ['provider-basket-not-found', 'basket-not-found'],
  setCustomerDetails: ['basket-not-found'],
  assignContact: ['basket-not-found'],
  // C-8.1's preconditions are decided again on the freshest state; a provider basket whose holds
  // ran out before it was confirmed counts as refused (C-8.2).
  createPaymentIntent: [
    'basket-empty',
    'delivery-not-covered',
    'customer-details-missing',
    'provider-refused',
  ],
  useSavedPaymentToken: ['payment-declined', 'payment-intent-state'],
};

const accepted = (model: BasketModel) => model.baskets.flatMap((basket) => basket.accepted);

const notificationsOf = (system: ModelSystem, model: BasketModel) =>
  Promise.all(
    accepted(model).map(async ({ notificationId, operation }) => ({
      operation,
      record: await system.storage.commands.notification(notificationId),
    })),
  );

/** Lets every accepted command finish: the processor's work, then a recovery of anything left Pending. */
export const settle = async (system: ModelSystem, model: BasketModel): Promise<void> => {
  for (let round = 0; round < 3; round += 1) {
    await drive(system, system.app.processor.idle());
    const records = await notificationsOf(system, model);
    if (records.every(({ record }) => record?.status !== 'Pending')) return;
    await drive(
      system,
      system.app.processor.recover(new Date(system.clock.millis() + 3_600_000).toISOString()),
    );
  }
};

export const allOutbox = async (system: ModelSystem): Promise<ReadonlyArray<OutboxMessage>> => {
  const messages: OutboxMessage[] = [];
  for (;;) {
    const page = await system.storage.outbox.after(messages.at(-1)?.position ?? 0, 1000);
    if (page.length === 0) return messages;
    messages.push(...page);
  }
};

/** C-5.3, C-5.4: every accepted command completed exactly once, a basket's in acceptance order. */
const checkNotifications = async (system: ModelSystem, model: BasketModel): Promise<void> => {
  for (const { operation, record } of await notificationsOf(system, model)) {
    expect(record?.status, `notification of ${operation}`).not.toBe('Pending');
    const failed: NotificationRecord | undefined = record?.status === 'Failed' ? record : undefined;
    if (failed !== undefined) expect(allowedFailures[operation] ?? []).toContain(failed.problem?.code);
  }
  const positions = new Map<string, number[]>();
  for (const message of await allOutbox(system)) {
    const id = message.notification.notificationId;
    positions.set(id, [...(positions.get(id) ?? []), message.position]);
  }
  for (const basket of model.baskets) {
    const completedAt = basket.accepted.map(({ notificationId }) => {
      expect(positions.get(notificationId), `outbox rows of ${notificationId}`).toHaveLength(1);
      return positions.get(notificationId)?.[0] ?? 0;
    });
    expect(completedAt, `completion order of basket ${basket.basketId}`).toEqual(
      [...completedAt].sort((a, b) => a - b),
    );
  }
  expect(positions.size).toBe(accepted(model).length);
};

/** No seat or slot place held by two baskets, no stock below zero; the holds store agrees with the views. */
const checkInventory = async (system: ModelSystem, model: BasketModel): Promise<void> => {
  const { event, tour, stocked } = model.targets;
  const viewUnits = new Map<string, number>();
  const seatHolders = new Map<string, string[]>();
  for (const basket of model.baskets) {
    const answer = await drive(system, system.app.api.getBasket(callerOf(system, basket), basket.basketId));
    if (basket.deleted) {
      expect(answer).toMatchObject({ status: 404 });
      continue;
    }
    expect(answer).toMatchObject({ status: 200 });
    const units = unitsInView(decodeBasket('body' in answer ? answer.body : undefined));
    for (const [resource, quantity] of units) {
      viewUnits.set(resource, (viewUnits.get(resource) ?? 0) + quantity);
      if (resource.startsWith('seat:'))
        seatHolders.set(resource, [...(seatHolders.get(resource) ?? []), basket.basketId]);
    }
  }
  for (const [seat, holders] of seatHolders) expect(holders, `holders of ${seat}`).toHaveLength(1);
  const resources = [
    ...event.seatIds.map((seat) => seatResource(event.productId, seat)),
    slotResource(tour.productId, tour.timeSlotId),
    ...stocked.map((target) => stockResource(target.productId, target.variantId)),
  ];
  const held = await system.storage.inventory.heldByOthers(resources, 'model-probe', system.clock.now());
  for (const resource of resources) {
    const capacity = capacityOf(resource, system.catalog);
    const inViews = viewUnits.get(resource) ?? 0;
    expect(inViews, `${resource} in views`).toBeLessThanOrEqual(capacity);
    expect(held.get(resource) ?? 0, `${resource} in the holds store`).toBe(inViews);
  }
};

const sorted = (units: ReadonlyMap<string, number>) => [...units].sort(([a], [b]) => a.localeCompare(b));

/** What a modifying command must meet on a locked (C-8.3) or paid (C-8.5) basket. */
const refusalOf: Partial<Record<ModelBasket['status'], string>> = {
  locked: 'basket-locked',
  checkedOut: 'basket-checked-out',
};

/** The intent's status that the basket's status implies (C-8.2 to C-8.5). */
const intentStatusOf: Record<ModelBasket['status'], string> = {
  open: 'Cancelled',
  unlocking: 'Cancelled',
  locked: 'AwaitingPayment',
  checkedOut: 'PaymentComplete',
};

/**
 * The payment side of a settled basket: its status through getBasket and its latest intent, the
 * lock or checkout refusing a modifying command, the units held while locked, after payment and
 * after a cancellation (C-8.4, C-8.5), and at most one payment taken per basket (C-8.6), counted
 * both by the payment provider and by the succeeded payment notifications.
 */
const checkPayments = async (system: ModelSystem, model: BasketModel): Promise<void> => {
  const paid = new Map<string, number>();
  for (const message of await allOutbox(system)) {
    const { operation, status, basketId } = message.notification;
    if (operation === 'useSavedPaymentToken' && status === 'Succeeded')
      paid.set(basketId, (paid.get(basketId) ?? 0) + 1);
  }
  for (const basket of model.baskets) {
    let charges = 0;
    for (const intent of basket.intents) charges += await system.chargesTaken(intent);
    const paidOnce = basket.status === 'checkedOut' ? 1 : 0;
    expect(charges, `payments taken for basket ${basket.basketId}`).toBe(paidOnce);
    expect(paid.get(basket.basketId) ?? 0, `paid notifications of ${basket.basketId}`).toBe(paidOnce);
    if (basket.deleted) continue;
    // Every accepted cancellation has run by now (C-8.4).
    if (basket.status === 'unlocking') basket.status = 'open';
    const caller = callerOf(system, basket);
    const answer = await drive(system, system.app.api.getBasket(caller, basket.basketId));
    const view = decodeBasket('body' in answer ? answer.body : undefined);
    const active = basket.intents.at(-1);
    // C-8.3 names the intent while locked; after payment the contract allows it to stay named.
    const named =
      basket.status === 'checkedOut'
        ? [undefined, active]
        : [basket.status === 'locked' ? active : undefined];
    expect(named, `active intent of ${basket.basketId}`).toContain(view.activePaymentIntentId);
    if (basket.frozen !== undefined)
      expect(sorted(unitsInView(view)), `units kept by ${basket.basketId} (${basket.status})`).toEqual(
        sorted(basket.frozen),
      );
    if (active !== undefined) {
      const intent = await drive(system, system.app.api.getPaymentIntent(caller, basket.basketId, active));
      expect(intent).toMatchObject({ status: 200, body: { status: intentStatusOf[basket.status] } });
    }
    const refusal = refusalOf[basket.status];
    if (refusal !== undefined) {
      const probe = await drive(
        system,
        system.app.api.addVoucherToBasket(caller, basket.basketId, { voucherCode: 'SHIRT10' }),
      );
      expect(probe, `a modifying command on a ${basket.status} basket`).toMatchObject({
        status: 409,
        problem: { code: refusal },
      });
    }
  }
};

/** C-6.4: of the accepted commands that named one version in If-Match, at most one took effect. */
const checkIfMatchWinners = async (system: ModelSystem, model: BasketModel): Promise<void> => {
  for (const basket of model.baskets) {
    const succeededBy = new Map<number, string[]>();
    for (const { ifMatch, notificationId } of basket.conditional ?? []) {
      const notification = await system.storage.commands.notification(notificationId);
      if (notification?.status !== 'Succeeded') continue;
      succeededBy.set(ifMatch, [...(succeededBy.get(ifMatch) ?? []), notificationId]);
    }
    for (const [ifMatch, winners] of succeededBy) {
      expect(
        winners,
        `commands with If-Match ${ifMatch} that took effect on ${basket.basketId}`,
      ).toHaveLength(1);
    }
  }
};

/** Settles the system, then checks every invariant of the model. */
export const checkSettled = async (system: ModelSystem, model: BasketModel): Promise<void> => {
  await settle(system, model);
  await checkIfMatchWinners(system, model);
  await checkNotifications(system, model);
  await checkInventory(system, model);
  await checkPayments(system, model);
};
