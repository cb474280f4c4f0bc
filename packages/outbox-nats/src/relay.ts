import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { relayBatch } from './batch';
import { createLeaseKeeper } from './lease';
import { createNatsLink } from './link';
import { initialMetrics, snapshot } from './metrics';
import { backoffDelay, createSleeper } from './sleeper';
import { assertSubjectPrefix } from './subject';
import type { NatsRelay, NatsRelayOptions } from './types';

export const DEFAULT_STREAM = 'BASKET_NOTIFICATIONS';
export const DEFAULT_SUBJECT_PREFIX = 'basket.notifications';

const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * Relays completed notifications from the outbox to a JetStream stream (C-5.5): in position order,
 * one publish at a time, the notification id as message id, rows marked published only after the
 * ack. See docs/outbox-nats.md.
 */
export const createNatsRelay = (options: NatsRelayOptions): NatsRelay => {
  const stream = options.stream ?? DEFAULT_STREAM;
  const subjectPrefix = options.subjectPrefix ?? DEFAULT_SUBJECT_PREFIX;
  assertSubjectPrefix(subjectPrefix);
  const batchSize = Math.max(1, options.batchSize ?? 100);
  const pollMs = options.pollMs ?? 250;
  const publishTimeoutMs = options.publishTimeoutMs ?? 5_000;
  const leaseTtlMs = Math.max(options.leaseTtlMs ?? 15_000, 3 * publishTimeoutMs);
  const backoff = options.backoffMs ?? { initial: 100, max: 5_000 };
  const logIntervalMs = options.logIntervalMs ?? 60_000;
  const logger = options.logger;
  const holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID()}`;
  const servers = typeof options.servers === 'string' ? [options.servers] : [...options.servers];

  const link = createNatsLink({
    servers,
    name: options.name ?? 'basket-outbox-relay',
    timeoutMs: publishTimeoutMs,
    stream: { name: stream, subjectPrefix, duplicateWindowMs: options.duplicateWindowMs ?? 120_000 },
    logger,
  });
  const keeper = createLeaseKeeper(options.lease, holder, leaseTtlMs);
  // Polls wait on `sleeper`, which a nudge (a new completion) cuts short. Backoff and standby wait on
  // `pause`, which only stop() cuts short: under load, nudges come every millisecond, and must not
  // turn a backoff into a busy retry loop against a NATS that is down.
  const sleeper = createSleeper();
  const pause = createSleeper();
  const state = initialMetrics();
  const metrics = () => snapshot(state, link.connected(), Date.now());

  let running: Promise<void> | undefined;
  let stopAt: number | undefined;
  let statusTimer: ReturnType<typeof setInterval> | undefined;
  const stopping = () => stopAt !== undefined;
  const pastStop = (extraMs = 0) => stopAt !== undefined && performance.now() + extraMs >= stopAt;

  const loop = async (): Promise<void> => {
    let attempt = 0;
    while (!pastStop()) {
      try {
        // After a failure NATS must answer before the lease is taken again: a relay cut off by a
        // network that drops packets (connections open, nothing answered) would otherwise take it
        // back at every attempt and hold it through each timeout, keeping out one that can publish.
        // The outbox is read first, so that backlog and lag still show while NATS does not answer.
        if (attempt > 0) {
          // Stopping after a failure: what is left stays in the outbox for another relay (or the
          // next start), rather than the stop waiting out one more connection attempt.
          if (stopping()) return;
          state.waiting = await options.outbox.unpublished(batchSize);
          await link.ready();
        }
        if (!(await keeper.ensure())) {
          if (state.active) logger?.info({ holder }, 'outbox relay: lease lost, standing by');
          state.active = false;
          state.waiting = [];
          if (stopping()) return;
          await pause.sleep(Math.max(pollMs, leaseTtlMs / 4));
          continue;
        }
        if (!state.active) logger?.info({ holder, stream }, 'outbox relay: active');
        state.active = true;
        const result = await relayBatch({
          outbox: options.outbox,
          ready: link.ready,
          subjectPrefix,
          batchSize,
          publishTimeoutMs,
          mayPublish: keeper.ensure,
          metrics: state,
        });
        attempt = 0;
        state.lastError = undefined;
        if (result.lostLease || result.read >= batchSize) continue;
        if (stopping()) return;
        await sleeper.sleep(pollMs);
      } catch (err) {
        attempt += 1;
        const retryInMs = backoffDelay(attempt, backoff.initial, backoff.max);
        state.lastError = errorMessage(err);
        logger?.warn({ err: state.lastError, attempt, retryInMs }, 'outbox relay: failed, retrying');
        await link.reset();
        // A relay that cannot publish lets go of the lease while it backs off, so that another
        // process's relay that can reach NATS takes over (it keeps its backlog and lag to show).
        state.active = false;
        await keeper.release().catch(() => undefined);
        if (pastStop(retryInMs)) return;
        await pause.sleep(retryInMs);
      }
    }
  };

  const logStatus = () => logger?.info({ stream, ...metrics() }, 'outbox relay status');

  return {
    start: () => {
      if (running !== undefined) return;
      running = loop();
      if (logger !== undefined && logIntervalMs > 0) {
        statusTimer = setInterval(logStatus, logIntervalMs);
        statusTimer.unref();
      }
    },
    stop: async (stopOptions) => {
      if (running === undefined) return;
      stopAt = performance.now() + (stopOptions?.flushMs ?? 5_000);
      sleeper.wake();
      pause.wake();
      await running;
      if (statusTimer !== undefined) clearInterval(statusTimer);
      await keeper.release().catch((err: unknown) => {
        logger?.warn({ err: errorMessage(err) }, 'outbox relay: lease release failed');
      });
      state.active = false;
      await link.reset();
      logStatus();
    },
    nudge: sleeper.wake,
    metrics,
  };
};
