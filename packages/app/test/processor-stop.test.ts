import { describe, expect, it } from 'vitest';
import { gate } from './fakes/providers';
import { alice, bodyOf, harness, secondProcess, stringField } from './harness';
import { completeCheckoutDetails, fillBasket } from './purchase-steps';

// Shutdown (C-10.3, docs/operations.md "Shutdown"): the processor finishes the commands it has
// started; a command accepted after that stays Pending for another process (C-5.1), rather than
// being started by a process about to exit (which then ran past its deadline mid-saga).

const payableBasket = async () => {
  const h = harness();
  const basketId = await fillBasket(h, alice);
  await completeCheckoutDetails(h, alice, basketId);
  return { h, basketId };
};

describe('a processor that is stopping', () => {
  it('finishes the saga under way before the drain ends', async () => {
    const { h, basketId } = await payableBasket();
    const confirming = gate();
    h.fakes.confirmGate = confirming;
    const created = await h.app.api.createPaymentIntent(alice, basketId, {});
    await confirming.reached;
    const draining = h.app.drain();
    confirming.open();
    await draining;
    const creation = stringField(bodyOf(created), 'notificationId');
    expect(bodyOf(await h.app.api.getNotification(alice, creation)).status).toBe('Succeeded');
  });

  it('leaves a command accepted once stopping Pending, for another process to carry out', async () => {
    const { h, basketId } = await payableBasket();
    await h.app.drain();
    // A request under way when shutdown began is still answered: its command is accepted...
    const created = await h.app.api.createPaymentIntent(alice, basketId, {});
    expect(created.status).toBe(202);
    await h.settle();
    // ...and not started here.
    const creation = stringField(bodyOf(created), 'notificationId');
    expect(bodyOf(await h.app.api.getNotification(alice, creation)).status).toBe('Pending');
    expect(h.fakes.calls.confirm).toEqual([]);
    // Another process takes it up (here at once; by its recovery in production).
    const other = secondProcess(h);
    await other.processor.recover('2100-01-01T00:00:00.000Z');
    await other.processor.idle();
    expect(bodyOf(await other.api.getNotification(alice, creation)).status).toBe('Succeeded');
  });
});
