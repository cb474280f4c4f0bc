import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCompletionHub } from '../src/notifications/hub';
import type { NotificationRecord } from '../src/ports/notifications';
import { gate } from './fakes/providers';
import { alice, bodyOf, harness, stringField } from './harness';
import { completeCheckoutDetails, fillBasket } from './purchase-steps';

// A long poll (`getNotification` with `waitMs`, C-5.2) whose client went away ends at once: its
// caller's signal aborts (the HTTP adapter aborts it when the connection closes before the answer).
// Each wait below is C-5.2's longest, 30 s, three times the tests' timeout: a wait that ignores the
// signal fails its test.
const LONG = 30_000;

const pending: NotificationRecord = {
  notificationId: 'n-1',
  storeId: 'arena-web',
  basketId: 'b',
  operation: 'addProduct',
  created: '2026-11-24T00:00:00.000Z',
  status: 'Pending',
};

describe('a long poll whose caller went away (Caller.signal)', { timeout: 10_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends the hub’s wait at once with the notification as first read, its timers cleared', async () => {
    vi.useFakeTimers();
    const hub = createCompletionHub(1_000); // a re-read every second while waiting
    let reads = 0;
    const read = async () => {
      reads += 1;
      return pending;
    };
    const left = new AbortController();
    const waiting = hub.waitFor('n-1', LONG, read, left.signal);
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(2)); // the wait's timeout and re-read
    left.abort();
    expect(await waiting).toEqual(pending);
    expect(reads).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not wait at all when the signal has already aborted', async () => {
    const hub = createCompletionHub(0);
    const gone = AbortSignal.abort();
    expect(await hub.waitFor('n-1', LONG, async () => pending, gone)).toEqual(pending);
  });

  it('answers getNotification Pending at once when the caller’s signal aborts mid-wait', async () => {
    const h = harness({ paymentSyncWaitMs: 0 });
    const basketId = await fillBasket(h, alice);
    await completeCheckoutDetails(h, alice, basketId);
    const confirmations = gate();
    h.fakes.confirmGate = confirmations; // the intent's notification stays Pending
    const accepted = await h.app.api.createPaymentIntent(alice, basketId, {});
    const notificationId = stringField(bodyOf(accepted), 'notificationId');
    const left = new AbortController();
    const waited = h.app.api.getNotification({ ...alice, signal: left.signal }, notificationId, LONG);
    left.abort();
    expect(bodyOf(await waited)).toMatchObject({ notificationId, status: 'Pending' });
    // A caller that stays is still answered when the notification completes (the signal is per call).
    const staying = h.app.api.getNotification(alice, notificationId, LONG);
    confirmations.open();
    expect(bodyOf(await staying).status).toBe('Succeeded');
  });

  it('answers useSavedPaymentToken at once when its caller goes away mid-wait; the payment goes on', async () => {
    const h = harness({ paymentSyncWaitMs: 1_000, paymentWaitMs: LONG });
    const basketId = await fillBasket(h, alice);
    await completeCheckoutDetails(h, alice, basketId);
    const intent = bodyOf(await h.app.api.createPaymentIntent(alice, basketId, {}));
    const paymentIntentId = stringField(intent, 'id');
    // The payment provider answers when the test says so: the payment's outcome is still to come.
    const charging = gate();
    const { charge } = h.fakes.paymentProvider;
    Object.assign(h.fakes.paymentProvider, {
      charge: async (...args: Parameters<typeof charge>) => {
        await charging.wait();
        return charge(...args);
      },
    });
    const left = new AbortController();
    const body = { paymentIntentId, tokenId: 'tok_alice_visa' };
    const caller = { ...alice, idempotency: { key: 'pay-once', fingerprint: 'pay' } };
    const paying = h.app.api.useSavedPaymentToken({ ...caller, signal: left.signal }, body);
    await charging.reached;
    left.abort();
    // The 500 of a payment still on (C-4.3), not kept for the key.
    expect((await paying).status).toBe(500);
    charging.open();
    await h.settle();
    // The same key answers the outcome once known.
    expect((await h.app.api.useSavedPaymentToken(caller, body)).status).toBe(204);
  });
});
