import type { NotificationRecord, OutboxMessage } from '@basket/app';
import { capacityOf, seatResource, slotResource, stockResource } from '@basket/core';
import { expect } from 'vitest';
import { type BasketModel, drive, type ModelSystem } from './model';
import { decodeBasket, unitsInView } from './view-units';

/** Business outcomes a command of the model may fail with (C-3.3); anything else is a bug. */
const allowedFailures: Readonly<Record<string, ReadonlyArray<string>>> = {
  selectSeats: ['seats-unavailable', 'basket-not-found'],
  selectTimeSlot: ['insufficient-capacity', 'basket-not-found'],
  addProductToBasket: ['insufficient-capacity', 'quantity-limit', 'basket-not-found'],
  deleteLineItem: ['line-item-not-found', 'provider-basket-not-found', 'basket-not-found'],
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

const allOutbox = async (system: ModelSystem): Promise<ReadonlyArray<OutboxMessage>> => {
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
    const answer = await drive(system, system.app.api.getBasket(system.caller, basket.basketId));
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

/** Settles the system, then checks every invariant of the model. */
export const checkSettled = async (system: ModelSystem, model: BasketModel): Promise<void> => {
  await settle(system, model);
  await checkNotifications(system, model);
  await checkInventory(system, model);
};
