// The payment timeout (docs/decisions.md) across two server processes on one PostgreSQL database,
// requests alternating between them: an intent left unpaid is cancelled by the processes' own sweeps
// (C-8.4), once, and every process then answers it as cancelled.
import { setTimeout as pause } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpApi } from '../races/http-api';
import {
  alice,
  alternating,
  basketOf,
  bodyOf,
  codeOf,
  guest,
  type Lanes,
  payableBasket,
  settled,
} from '../races/scenarios';
import { type Cluster, startCluster } from './harness';

/** The basket's body once `done` holds of it, read through the processes in turn; at most `ms`. */
const basketWhen = async (
  lanes: Lanes,
  id: string,
  done: (body: Record<string, unknown>) => boolean,
  ms: number,
): Promise<Record<string, unknown>> => {
  const until = Date.now() + ms;
  for (;;) {
    const { body } = await basketOf(lanes, guest, id);
    if (done(body)) return body;
    if (Date.now() > until) throw new Error(`the basket did not change in ${ms} ms: ${JSON.stringify(body)}`);
    await pause(200);
  }
};

describe('payment intents left unpaid, across two processes (C-8.4, C-6.5)', () => {
  let cluster: Cluster;
  let lanes: Lanes;
  beforeAll(async () => {
    // Two seconds: the processes sweep every half second.
    cluster = await startCluster({ env: { BASKET_PAYMENT_TIMEOUT_S: '2' } });
    lanes = alternating(cluster.urls.map(httpApi));
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it('is cancelled once after the timeout: the basket unlocked with its lines, paying refused everywhere', async () => {
    const id = await payableBasket(lanes);
    const created = await lanes.next().createPaymentIntent(guest, id, {});
    expect(created.status).toBe(200);
    const intentId = String(bodyOf(created).id);
    const locked = await basketOf(lanes, guest, id);
    expect(locked.body.activePaymentIntentId).toBe(intentId);

    const unlocked = await basketWhen(lanes, id, (body) => body.activePaymentIntentId === undefined, 30_000);
    expect((await basketOf(lanes, guest, id)).lines).toHaveLength(1);
    expect(JSON.stringify(unlocked.providerBaskets)).toContain('"expires"');
    for (let i = 0; i < 2; i += 1) {
      const paid = await lanes
        .next()
        .useSavedPaymentToken(alice, { paymentIntentId: intentId, tokenId: 'tok_alice_visa' });
      expect([paid.status, codeOf(paid)]).toEqual([409, 'payment-intent-state']);
    }
    // Cancelled by one process's sweep: one deletePaymentIntent for the intent, and no payment taken.
    const rows = await cluster.db.query(
      `SELECT operation, status FROM ${cluster.schema}.commands WHERE payment_intent_id = $1 ORDER BY sequence`,
      [intentId],
    );
    expect(rows.filter((row) => row.operation === 'deletePaymentIntent')).toEqual([
      { operation: 'deletePaymentIntent', status: 'Succeeded' },
    ]);
    const charges = await cluster.db.query(
      `SELECT count(*)::int AS n FROM ${cluster.schema}.payment_charges WHERE payment_intent_id = $1`,
      [intentId],
    );
    expect(charges[0]?.n).toBe(0);
    // The process that cancelled it says so in one `housekeeping` line.
    const cancelledHere = (line: Record<string, unknown>) =>
      line.msg === 'housekeeping' &&
      Array.isArray(line.cancelledPaymentIntents) &&
      line.cancelledPaymentIntents.includes(intentId);
    await Promise.race(cluster.servers.map((server) => server.logged(cancelledHere)));
    expect(cluster.servers.filter((server) => server.logs.some(cancelledHere))).toHaveLength(1);
  }, 60_000);

  it('racing payments at the deadline: every intent ends paid once or cancelled, never both, never charged when cancelled', async () => {
    const baskets = await Promise.all(Array.from({ length: 16 }, () => payableBasket(lanes)));
    const outcomes = await Promise.all(
      baskets.map(async (id, i) => {
        const created = await lanes.next().createPaymentIntent(guest, id, {});
        // 16 at once on two cores: some are ready only after the answer (202, C-4.2).
        const intentId =
          created.status === 202
            ? String((await settled(lanes, guest, String(bodyOf(created).notificationId))).paymentIntentId)
            : String(bodyOf(created).id);
        expect([200, 202]).toContain(created.status);
        // The payments are spread around the 2 s deadline (the sweeps run every 0.5 s): to shape the
        // race, not to wait for anything.
        await pause(1500 + (i * 1500) / baskets.length);
        const paid = await lanes
          .next()
          .useSavedPaymentToken(alice, { paymentIntentId: intentId, tokenId: 'tok_alice_visa' });
        expect([204, 409]).toContain(paid.status);
        if (paid.status === 409) expect(codeOf(paid)).toBe('payment-intent-state');
        return { id, intentId, paid: paid.status === 204 };
      }),
    );
    for (const { id, intentId, paid } of outcomes) {
      // Paid: the basket keeps naming its intent; cancelled: it is unlocked once the cancellation ends.
      const body = await basketWhen(
        lanes,
        id,
        (b) => (paid ? b.activePaymentIntentId === intentId : b.activePaymentIntentId === undefined),
        30_000,
      );
      expect(body.activePaymentIntentId).toBe(paid ? intentId : undefined);
      const [charges] = await cluster.db.query(
        `SELECT count(*)::int AS n FROM ${cluster.schema}.payment_charges WHERE payment_intent_id = $1`,
        [intentId],
      );
      expect(charges?.n, intentId).toBe(paid ? 1 : 0);
      const cancels = await cluster.db.query(
        `SELECT status FROM ${cluster.schema}.commands
          WHERE payment_intent_id = $1 AND operation = 'deletePaymentIntent' AND status = 'Succeeded'`,
        [intentId],
      );
      expect(cancels.length, intentId).toBe(paid ? 0 : 1);
    }
    // Both sides of the race happened.
    expect(outcomes.some((o) => o.paid)).toBe(true);
    expect(outcomes.some((o) => !o.paid)).toBe(true);
  }, 120_000);
});
