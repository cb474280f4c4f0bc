import { randomBytes } from 'node:crypto';
import { createBasketApp, randomIds, systemClock } from '@basket/app';
import { createNatsRelay } from '@basket/outbox-nats';
import {
  demoCatalogPath,
  loadCatalogFile,
  simulatedPaymentProvider,
  simulatedProviders,
} from '@basket/providers-catalog';
import { openPgPool } from '@basket/store-postgres';
import { connect, type JsMsg } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScene, postgresUrl, type Scene } from './harness';

const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const PIE = 'fnb:arena|46602259e87b5062c3ef0e0f';

/** Polls `condition` (a database or a relay's metrics) until it holds, or fails after `timeoutMs`. */
const until = async (what: string, condition: () => Promise<boolean> | boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** The same server, another database: the probe (a transaction held open elsewhere) touches nothing of the service. */
const otherDatabaseUrl = (): string => {
  const url = new URL(postgresUrl);
  url.pathname = '/postgres';
  return url.toString();
};

describe('outbox relay and a transaction held open elsewhere on the PostgreSQL server (C-5.5)', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await openScene();
  });
  afterAll(() => scene?.cleanup());

  it('publishes every completion, in order per basket, while another database holds a transaction open for 20 s', {
    timeout: 60_000,
  }, async () => {
    const tag = randomBytes(4).toString('hex');
    const stream = `BASKET_PROBE_${tag}`;
    const subjectPrefix = `probe${tag}.notifications`;
    const probeName = `basket-probe-${tag}`;
    const probe = openPgPool(otherDatabaseUrl(), { max: 1, applicationName: probeName });
    const catalog = await loadCatalogFile(demoCatalogPath);
    const app = createBasketApp({
      storage: scene.storage,
      providers: simulatedProviders(catalog, { ledger: scene.storage.providerLedger }),
      paymentProvider: simulatedPaymentProvider(catalog, {
        ids: randomIds,
        ledger: scene.storage.providerLedger,
      }),
      clock: systemClock,
      ids: randomIds,
    });
    const relay = createNatsRelay({
      outbox: scene.storage.outbox,
      servers: natsUrl,
      stream,
      subjectPrefix,
      pollMs: 50,
    });
    const unsubscribe = app.subscribe(() => relay.nudge());
    const nc = await connect({ servers: natsUrl });
    // Exactly the probe: BEGIN; SELECT pg_current_xact_id(); SELECT pg_sleep(20), in another database.
    const probeDone = probe
      .transaction(async (tx) => {
        await tx.query('SELECT pg_current_xact_id()');
        await tx.query('SELECT pg_sleep(20)');
      })
      .catch(() => 'cancelled');
    const probeRunning = async (): Promise<boolean> => {
      const [row] = await scene.db.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE application_name = $1 AND state = 'active' AND backend_xid IS NOT NULL AND query LIKE '%pg_sleep%'`,
        [probeName],
      );
      return Number(row?.n) === 1;
    };
    try {
      await until('the probe holds its transaction open', probeRunning, 10_000);
      const probeStarted = Date.now();
      relay.start();
      const baskets = await scene.createBaskets(4);
      const notifications = new Map<string, string[]>();
      for (let round = 0; round < 3; round += 1) {
        for (const basketId of baskets) {
          const answer = await app.api.addProduct({ storeId: 'arena-web' }, basketId, PIE, { quantity: 1 });
          if (!('body' in answer) || typeof answer.body.notificationId !== 'string') {
            throw new Error(`addProduct: ${JSON.stringify(answer)}`);
          }
          notifications.set(basketId, [...(notifications.get(basketId) ?? []), answer.body.notificationId]);
        }
      }
      await app.drain();
      const expected = [...notifications.values()].flat();
      // Well before the probe's 20 s are over.
      await until(
        'the relay published every completion',
        () => relay.metrics().published >= expected.length,
        12_000,
      );
      expect(await probeRunning()).toBe(true);
      expect(Date.now() - probeStarted).toBeLessThan(20_000);
      // The probe does hold the server's horizon back: a reader below pg_snapshot_xmin (the old relay's
      // reader, now only the position cursor's) still sees none of these rows.
      expect(await scene.storage.outbox.after(0, 1_000)).toEqual([]);
      expect(relay.metrics()).toMatchObject({ backlog: 0, lagMs: 0 });

      const jsm = await nc.jetstreamManager();
      const info = await jsm.streams.info(stream);
      expect(info.state.messages).toBe(expected.length);
      const consumer = await nc.jetstream().consumers.get(stream);
      const received: JsMsg[] = [];
      const messages = await consumer.fetch({ max_messages: expected.length, expires: 5_000 });
      for await (const message of messages) received.push(message);
      const perBasket = new Map<string, string[]>();
      for (const message of received) {
        const body = message.json<{ basketId: string; notificationId: string }>();
        perBasket.set(body.basketId, [...(perBasket.get(body.basketId) ?? []), body.notificationId]);
      }
      expect(perBasket).toEqual(notifications);
    } finally {
      await scene.db.query(
        `SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE application_name = $1`,
        [probeName],
      );
      await probeDone;
      unsubscribe();
      await relay.stop({ flushMs: 0 });
      await app.drain();
      await (await nc.jetstreamManager()).streams.delete(stream).catch(() => false);
      await nc.close();
      await probe.close();
    }
  });
});
