import type { Storage } from '@basket/app';
import { createMemoryStorage } from '@basket/store-memory';
import { createPostgresStorage, openPglite } from '@basket/store-postgres';
import { describe, expect, it } from 'vitest';
import { readyBasket } from './steps';
import {
  alice,
  basket,
  bodyOf,
  expectProblem,
  lineItems,
  providerBaskets,
  text,
  type World,
  world,
} from './support';

const MINUTE = 60_000;
const TIMEOUT = 30 * MINUTE;

const storages: ReadonlyArray<[string, () => Promise<Storage>]> = [
  ['memory', async () => createMemoryStorage()],
  ['PGlite', async () => createPostgresStorage({ db: await openPglite('memory') })],
];

/** A ready basket's payment intent, AwaitingPayment; answers its id. */
const intentOf = async (w: World, basketId: string): Promise<string> => {
  const created = await w.app.api.createPaymentIntent(alice, basketId, {});
  expect(created.status).toBe(200);
  return text(bodyOf(created), 'id');
};

/** The app's sweep of unpaid intents, with the cancellations it started carried out. */
const cancelUnpaid = async (w: World): Promise<ReadonlyArray<string>> => {
  const cancelled = await w.app.cancelUnpaidPaymentIntents();
  await w.app.processor.idle();
  return cancelled;
};

/**
 * The intent made just now is left alone until the timeout and cancelled once just past it; answers
 * its basket, unlocked with its lines (C-8.4).
 */
const cancelledAtTimeout = async (w: World, id: string, intentId: string) => {
  w.clock.advance(TIMEOUT - 1000);
  expect(await cancelUnpaid(w)).toEqual([]);
  expect(bodyOf(await w.app.api.getPaymentIntent(alice, id, intentId)).status).not.toBe('Cancelled');
  w.clock.advance(2000);
  expect(await cancelUnpaid(w)).toEqual([intentId]);
  expect(bodyOf(await w.app.api.getPaymentIntent(alice, id, intentId)).status).toBe('Cancelled');
  const unlocked = await basket(w, alice, id);
  expect(unlocked.activePaymentIntentId).toBeUndefined();
  expect(lineItems(unlocked).length).toBeGreaterThan(0);
  // Nothing is cancelled twice.
  expect(await cancelUnpaid(w)).toEqual([]);
  return unlocked;
};

describe.each(storages)(
  'payment intents left unpaid are cancelled after the timeout (C-8.4, C-7.8), %s',
  (_, open) => {
    it('a buyer who left the payment page: cancelled once past the timeout, the basket unlocked, its holds running out again', async () => {
      const w = await world({ storage: await open(), config: { paymentSyncWaitMs: 10_000 } });
      const id = await readyBasket(w, alice);
      const intentId = await intentOf(w, id);
      expect((await basket(w, alice, id)).activePaymentIntentId).toBe(intentId);

      const unlocked = await cancelledAtTimeout(w, id, intentId);
      // The holds run out again from the cancellation (C-8.4): every provider basket has `expires`.
      for (const pb of providerBaskets(unlocked)) expect(pb).toHaveProperty('expires');
      // The intent can no longer be paid.
      expectProblem(
        await w.app.api.useSavedPaymentToken(alice, { paymentIntentId: intentId, tokenId: 'tok_alice_visa' }),
        409,
        'payment-intent-state',
      );
      expect(await w.payments.chargesTaken(intentId)).toBe(0);

      // The buyer did not come back: the lines go when their holds run out, and their stock with them.
      w.clock.advance(24 * 60 * MINUTE);
      await w.app.sweepExpiredHolds();
      expect(lineItems(await basket(w, alice, id))).toEqual([]);
    });

    it('a paid intent is left alone', async () => {
      const w = await world({ storage: await open(), config: { paymentSyncWaitMs: 10_000 } });
      const id = await readyBasket(w, alice);
      const intentId = await intentOf(w, id);
      const paid = await w.app.api.useSavedPaymentToken(alice, {
        paymentIntentId: intentId,
        tokenId: 'tok_alice_visa',
      });
      expect(paid.status).toBe(204);
      w.clock.advance(TIMEOUT + MINUTE);
      expect(await cancelUnpaid(w)).toEqual([]);
      expect(bodyOf(await w.app.api.getPaymentIntent(alice, id, intentId)).status).toBe('PaymentComplete');
      expect(await w.payments.chargesTaken(intentId)).toBe(1);
    });

    it('an intent its buyer cancelled is not cancelled again', async () => {
      const w = await world({ storage: await open(), config: { paymentSyncWaitMs: 10_000 } });
      const id = await readyBasket(w, alice);
      const intentId = await intentOf(w, id);
      expect((await w.app.api.deletePaymentIntent(alice, id, intentId)).status).toBe(200);
      await w.app.processor.idle();
      w.clock.advance(TIMEOUT + MINUTE);
      expect(await cancelUnpaid(w)).toEqual([]);
      expect(bodyOf(await w.app.api.getPaymentIntent(alice, id, intentId)).status).toBe('Cancelled');
    });

    it('a declined payment does not keep the intent: it is cancelled at the timeout like one never tried', async () => {
      const w = await world({ storage: await open(), config: { paymentSyncWaitMs: 10_000 } });
      const id = await readyBasket(w, alice);
      const intentId = await intentOf(w, id);
      expectProblem(
        await w.app.api.useSavedPaymentToken(alice, {
          paymentIntentId: intentId,
          tokenId: 'tok_alice_declined',
        }),
        402,
        'payment-declined',
      );
      w.clock.advance(TIMEOUT + MINUTE);
      expect(await cancelUnpaid(w)).toEqual([intentId]);
      expect(bodyOf(await w.app.api.getPaymentIntent(alice, id, intentId)).status).toBe('Cancelled');
    });

    it('an intent whose saga was given up (internal-error) is cancelled at the timeout, its basket unlocked with its lines', async () => {
      const w = await world({ storage: await open(), config: { paymentSyncWaitMs: 0 } });
      const id = await readyBasket(w, alice);
      const { openSession } = w.payments;
      Object.assign(w.payments, {
        openSession: async () => {
          throw new Error('payment provider down');
        },
      });
      const accepted = await w.app.api.createPaymentIntent(alice, id, {});
      const notificationId = text(bodyOf(accepted), 'notificationId');
      const outcome = async () => bodyOf(await w.app.api.getNotification(alice, notificationId));
      // The saga fails at each attempt; the fifth gives it up (docs/decisions.md, "Payment").
      for (let attempt = 0; attempt < 5 && (await outcome()).status === 'Pending'; attempt++)
        await w.app.processor.process(id);
      expect(await outcome()).toMatchObject({ status: 'Failed', problem: { code: 'internal-error' } });
      const intentId = text(await outcome(), 'paymentIntentId');
      expect((await basket(w, alice, id)).activePaymentIntentId).toBe(intentId);
      Object.assign(w.payments, { openSession });

      await cancelledAtTimeout(w, id, intentId);
    });

    it('paymentTimeoutMs 0 never cancels', async () => {
      const w = await world({
        storage: await open(),
        config: { paymentSyncWaitMs: 10_000, paymentTimeoutMs: 0 },
      });
      const id = await readyBasket(w, alice);
      const intentId = await intentOf(w, id);
      w.clock.advance(100 * TIMEOUT);
      expect(await cancelUnpaid(w)).toEqual([]);
      expect(bodyOf(await w.app.api.getPaymentIntent(alice, id, intentId)).status).toBe('AwaitingPayment');
    });
  },
);
