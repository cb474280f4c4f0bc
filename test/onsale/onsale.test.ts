import { describe, expect, it } from 'vitest';
import { type OnsaleOptions, type OnsaleResult, runOnsale } from '../../bench/onsale/run';
import { postgresUrl } from '../postgres/harness';

/**
 * The on-sale benchmark (bench/onsale.ts) at CI size: a 300-seat venue sold through two server
 * processes on one PostgreSQL database to up to 1,000 buyers over 40 connections, holds of 12 s so
 * that abandoned seats sell again, and a payment timeout of 6 s so that the seats of buyers who left
 * the payment page sell again too. It fails on any seat held or sold by two baskets at once (the
 * holds table is read every second), any seat not sold at the end although buyers kept coming
 * (stranded in a hold), any basket paid twice, any notification not completed exactly once (C-5.3),
 * and any answer outside the contract. Figures are the benchmark's business, not this test's.
 */
const ciSized: OnsaleOptions = {
  postgresUrl,
  processes: 2,
  buyers: 1000,
  connections: 40,
  venue: { seats: 300, rows: 5, seatsPerRow: 20, holdMinutes: 0.2, contacts: 20 },
  abandon: {
    afterSeats: 0.05,
    afterFood: 0.03,
    afterDelivery: 0.03,
    afterDetails: 0.03,
    atPayment: 0.03,
    // Buyers who close the payment page: their intents are cancelled 6 s after their creation (the
    // payment timeout), after which their seats' holds run out and the seats sell again.
    leaveAtPayment: 0.03,
  },
  paymentTimeoutSeconds: 6,
  manualShare: 0.2,
  maxSeconds: 300,
  poolSize: 5,
  seed: 500,
};

/** Runs the on-sale and fails on any of its checks; answers the result for more. */
const soldOnce = async (options: OnsaleOptions): Promise<OnsaleResult> => {
  const result = await runOnsale(options);
  console.log(
    `on-sale: ${result.seats} seats sold out in ${result.sellOutSeconds?.toFixed(0)} s, ` +
      `${result.successfulSelections} selections, ${result.purchases} purchases, ${result.abandoned} abandoned, ` +
      `wait for a basket p50 ${result.basketWait.p50.toFixed(0)} ms, p99 ${result.basketWait.p99.toFixed(0)} ms`,
  );
  const failed = result.checks.filter((check) => !check.ok);
  expect(failed, JSON.stringify(result.checks, null, 1)).toEqual([]);
  expect(result.checks.map((check) => check.name)).toHaveLength(5);
  expect(result.sellOutSeconds).toBeDefined();
  // Abandoned holds ran out and their seats sold again: more seats were selected than exist.
  expect(result.abandoned).toBeGreaterThan(0);
  return result;
};

/** The 503s the buyers were answered (each kind of refusal is its own entry, by its detail). */
const refusals = (answers: OnsaleResult['answers']): number =>
  answers.filter(([answer]) => answer.startsWith('503 ')).reduce((sum, [, n]) => sum + n, 0);

/** The wait for a basket of the run without admission limits, measured first in this file's run. */
let unpacedBasketWaitMs: number | undefined;

describe('on-sale: 300 seats, 2 processes, 1,000 buyers at most (PostgreSQL)', () => {
  it('sells every seat once: no oversell, no stranded seat, no double payment', async () => {
    unpacedBasketWaitMs = (await soldOnce(ciSized)).basketWait.p50;
  }, 420_000);

  it('sells every seat once with admission limits: refused requests changed nothing and were sent again', async () => {
    // 4 requests in flight per process, new baskets below 2 (docs/operations.md, "An on-sale"):
    // buyers get 503s with Retry-After at every step and send the request again.
    const result = await soldOnce({ ...ciSized, admission: { maxInFlight: 4, maxInFlightForNewBaskets: 2 } });
    const refused = refusals(result.answers);
    expect(refused).toBeGreaterThan(0);
  }, 420_000);

  it('sells every seat once with new baskets paced and waiting in line: nobody refused, nothing lost', async () => {
    // Two new baskets per second per process, up to 50 waiting in line for 60 s (docs/operations.md,
    // "An on-sale"): with 40 connections, most buyers are in line at any moment.
    const result = await soldOnce({
      ...ciSized,
      admission: { maxInFlight: 0, newBasketsPerSecond: 2, newBasketQueue: 50, newBasketQueueWaitMs: 60_000 },
    });
    // No admission refusal. A 503 of a database that did not answer in time (a CI machine running
    // other files at once) is retried with the same key like any 503, and the checks still hold.
    const refused = result.answers.filter(
      ([answer]) => answer.startsWith('503 ') && !answer.includes('The database did not answer in time'),
    );
    expect(refused).toEqual([]);
    // Two processes let in four new baskets a second, while the 40 connections' first buyers all
    // reach the door at once: most of them wait in line, the last about 9 s, however fast the machine.
    // Compared with the typical wait of the unpaced run of this same machine (p50 4–34 ms in CI runs).
    // Not the paced run's p50: on a loaded machine the journeys after the door are slow enough that
    // later buyers come fewer than four a second and walk in (71 ms in one run of the whole suite).
    expect(result.basketWait.p99).toBeGreaterThanOrEqual(Math.max(1000, 10 * (unpacedBasketWaitMs ?? 0)));
  }, 420_000);
});
