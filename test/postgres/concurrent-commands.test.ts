import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accepted, openScene, postgresUrl, type Scene, startWorker, valuesIn } from './harness';

// C-6.2, C-5.4 on PostgreSQL: four server processes, each sending 50 concurrent commands to one
// basket and processing whatever is Pending, whoever accepted it.
const processes = 4;
const perProcess = 50;

describe('4 processes × 50 concurrent commands on one basket (PostgreSQL)', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await openScene();
  });
  afterAll(() => scene?.cleanup());

  it('applies every command exactly once, in acceptance order, with gapless versions and no error', async () => {
    const [basketId = ''] = await scene.createBaskets(1);
    const workers = Array.from({ length: processes }, (_, p) =>
      startWorker({
        kind: 'details',
        url: postgresUrl,
        schema: scene.schema,
        basketId,
        count: perProcess,
        tag: `w${p}`,
      }),
    );
    const exits = await Promise.all(workers.map((worker) => worker.exited));
    expect(exits, workers.map((worker) => worker.stderr()).join('\n')).toEqual(workers.map(() => 0));
    for (const worker of workers) expect(worker.reports.filter((r) => r.event === 'refused')).toEqual([]);
    const answered = workers.flatMap((worker) => accepted(worker.reports));
    expect(answered).toHaveLength(processes * perProcess);
    expect(new Set(answered.map((a) => a.notificationId)).size).toBe(processes * perProcess);

    // Every notification Succeeded (none Failed with internal-error: no 500s), published once.
    for (const { notificationId } of answered) {
      expect((await scene.storage.commands.notification(notificationId))?.status).toBe('Succeeded');
    }
    const outbox = await scene.db.query(
      `SELECT notification_id, count(*)::int AS n FROM ${scene.schema}.outbox GROUP BY notification_id`,
    );
    expect(
      outbox.filter((row) => answered.some((a) => a.notificationId === row.notification_id)),
    ).toHaveLength(processes * perProcess);
    expect(outbox.every((row) => row.n === 1)).toBe(true);

    // Versions 1..201 without a gap; each command's value written by exactly one event.
    const events = await scene.storage.events.readStream(`basket-${basketId}`);
    expect(events.map((event) => event.version)).toEqual(
      Array.from({ length: processes * perProcess + 1 }, (_, i) => i + 1),
    );
    const written = events.flatMap((event) =>
      Array.from({ length: processes }, (_, p) => valuesIn(event.data, `w${p}`)).flat(),
    );
    expect([...written].sort()).toEqual(answered.map((a) => a.value).sort());

    // C-5.4: the events follow the order in which the commands were accepted (their sequence).
    const sequences = await scene.db.query(
      `SELECT notification_id FROM ${scene.schema}.commands WHERE basket_id = $1 ORDER BY sequence`,
      [basketId],
    );
    const valueByNotification = new Map(answered.map((a) => [a.notificationId, a.value]));
    expect(written).toEqual(sequences.map((row) => valueByNotification.get(String(row.notification_id))));
  }, 300_000);
});
