import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accepted, openScene, postgresUrl, type Scene, startWorker } from './harness';

/**
 * Issue 4 speaks of "the 12 West Stand seats of the Hull Hornets match". The demo catalog's Hull
 * Hornets match (tix:arena|9c1c19f15ccff4a22c6f1e97) has a West Stand of 4 seats, W-A-1…W-A-4,
 * of which W-A-1 is sold. So this test checks: 30 baskets, spread over 4 server processes, each
 * ask at once for one of the 3 free West Stand seats (10 baskets per seat, by explicit seat id);
 * exactly one basket wins each seat, no seat is ever held twice, and the 27 losers' notifications
 * are Failed with `seats-unavailable`.
 */
const productId = 'tix:arena|9c1c19f15ccff4a22c6f1e97';
const adultRate = 'tix:arena|ef6924a59944c11d2d8d5090';
const freeWestStandSeats = ['W-A-2', 'W-A-3', 'W-A-4'];
const baskets = 30;
const processes = 4;

describe('30 baskets racing for the free West Stand seats of the Hull Hornets match (PostgreSQL)', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await openScene();
  });
  afterAll(() => scene?.cleanup());

  it('holds no seat twice, and fails the losers with seats-unavailable', async () => {
    const basketIds = await scene.createBaskets(baskets);
    const share = Math.ceil(baskets / processes);
    const workers = Array.from({ length: processes }, (_, p) =>
      startWorker({
        kind: 'seats',
        url: postgresUrl,
        schema: scene.schema,
        baskets: basketIds.slice(p * share, (p + 1) * share),
        productId,
        rateId: adultRate,
        seatIds: freeWestStandSeats,
        offset: p * share,
      }),
    );
    const exits = await Promise.all(workers.map((worker) => worker.exited));
    expect(exits, workers.map((worker) => worker.stderr()).join('\n')).toEqual(workers.map(() => 0));
    const answered = workers.flatMap((worker) => accepted(worker.reports));
    expect(answered).toHaveLength(baskets);

    const outcomes = await Promise.all(
      answered.map(async (a) => ({
        ...a,
        notification: await scene.storage.commands.notification(a.notificationId),
      })),
    );
    const winners = outcomes.filter((o) => o.notification?.status === 'Succeeded');
    const losers = outcomes.filter((o) => o.notification?.status !== 'Succeeded');
    expect(winners.map((w) => w.value).sort()).toEqual(freeWestStandSeats);
    expect(losers).toHaveLength(baskets - freeWestStandSeats.length);
    for (const loser of losers) {
      expect(loser.notification).toMatchObject({ status: 'Failed', problem: { code: 'seats-unavailable' } });
      expect(await scene.storage.events.readStream(`basket-${loser.basketId}`)).toHaveLength(1);
    }

    // The shared inventory: every West Stand seat held by exactly one basket, the winner asking for it.
    const holds = await scene.db.query(
      `SELECT resource, holder, quantity FROM ${scene.schema}.holds WHERE resource LIKE $1 ORDER BY resource`,
      [`seat:${productId}:W-%`],
    );
    expect(holds.map((row) => [row.resource, row.holder, row.quantity])).toEqual(
      [...winners]
        .sort((a, b) => a.value.localeCompare(b.value))
        .map((w) => [`seat:${productId}:${w.value}`, w.basketId, 1]),
    );
  }, 300_000);
});
