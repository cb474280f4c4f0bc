import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accepted,
  openScene,
  postgresUrl,
  type Scene,
  startWorker,
  valuesIn,
  waitForBlocked,
} from './harness';

// C-5.1, C-5.3, C-3.4: a server process killed (SIGKILL) in the middle of a stream of commands loses
// nothing that it answered, leaves nothing half-written, and nothing is done twice once another
// process restarts. A basket command is accepted in the transaction that decides it (C-6.4), so the
// commands under way at the kill are the victim's open transactions: they leave no trace at all.
const killAfter = 40;

describe('a server process killed in the middle of a stream of accepted commands (PostgreSQL)', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await openScene();
  });
  afterAll(() => scene?.cleanup());

  it('completes every answered notification after restart, none twice, no event lost or doubled', async () => {
    const [basketId = ''] = await scene.createBaskets(1);
    const victim = startWorker({
      kind: 'stream',
      url: postgresUrl,
      schema: scene.schema,
      basketId,
      tag: 'crash',
      inFlight: 4,
    });
    await victim.until((report) => report.event === 'ready');
    const victimPid = victim.reports.find((report) => report.event === 'ready')?.pid ?? -1;
    await victim.until((report) => report.event === 'accepted', killAfter / 2);
    // From here on no event can be written: the victim's requests stop inside their transactions,
    // each having taken the basket's lock or waiting for it. Then it is killed.
    await scene.db.transaction(async (tx) => {
      await tx.query(`LOCK TABLE ${scene.schema}.events IN EXCLUSIVE MODE`);
      await waitForBlocked(scene.db, victimPid);
      victim.child.kill('SIGKILL');
      expect(await victim.exited).toBe('SIGKILL');
    });
    const answered = accepted(victim.reports);
    expect(answered.length).toBeGreaterThanOrEqual(killAfter / 2);

    const restarted = startWorker({ kind: 'recover', url: postgresUrl, schema: scene.schema });
    expect(await restarted.exited, restarted.stderr()).toBe(0);

    // Every answered notification completed, exactly once (one outbox row each).
    for (const { notificationId } of answered) {
      expect((await scene.storage.commands.notification(notificationId))?.status).toBe('Succeeded');
    }
    const commands = await scene.db.query(
      `SELECT c.notification_id, c.status, (SELECT count(*)::int FROM ${scene.schema}.outbox o
          WHERE o.notification_id = c.notification_id) AS published
        FROM ${scene.schema}.commands c WHERE basket_id = $1 ORDER BY sequence`,
      [basketId],
    );
    expect(commands.filter((row) => row.status !== 'Succeeded')).toEqual([]);
    expect(commands.every((row) => row.published === 1)).toBe(true);

    // No event lost or written twice: one event per accepted command (answered or not), versions gapless.
    const events = await scene.storage.events.readStream(`basket-${basketId}`);
    expect(events.map((event) => event.version)).toEqual(
      Array.from({ length: events.length }, (_, i) => i + 1),
    );
    const written = events.flatMap((event) => valuesIn(event.data, 'crash'));
    expect(new Set(written).size).toBe(written.length);
    expect(written).toHaveLength(commands.length);
    for (const { value } of answered) expect(written).toContain(value);
  }, 300_000);
});
