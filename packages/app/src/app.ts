import type { BasketApi } from './api/basket-api';
import { createApi } from './api/create-api';
import { type AppConfig, resolveAppConfig } from './config';
import type { AppContext } from './context';
import { cancelUnpaidPaymentIntents } from './expiry/payment-timeout';
import { pruneIdempotencyRecords, pruneOutbox, sweepExpiredHolds } from './expiry/sweep';
import { handleAccepted } from './handle-accepted';
import { createRecentResources } from './inventory/recent-resources';
import { createCompletionHub, type NotificationListener } from './notifications/hub';
import type { Clock, Ids, PaymentProvider, Providers } from './ports/providers';
import type { Storage } from './ports/storage';
import { createProcessor, type Processor } from './processing/processor';
import { createStateCache } from './streams/state-cache';

export type BasketAppDeps = {
  readonly storage: Storage;
  readonly providers: Providers;
  readonly paymentProvider: PaymentProvider;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly config?: AppConfig;
  /** Told about failures that processing survives (a provider down, a storage error); for logging. */
  readonly onError?: (error: unknown) => void;
  /** Told what each periodic sweep did (`sweepIntervalMs`), when it did anything; for logging. */
  readonly onSwept?: (report: SweepReport) => void;
};

/** What one periodic sweep did: baskets whose expired holds it released, intents it cancelled, rows it pruned. */
export type SweepReport = {
  readonly expiredBaskets: number;
  readonly cancelledPaymentIntents: ReadonlyArray<string>;
  readonly prunedIdempotencyRecords: number;
  readonly prunedOutboxMessages: number;
};

export type BasketApp = {
  readonly api: BasketApi;
  readonly processor: Processor;
  /** In-process subscribers of completed notifications (C-5.5); answers the unsubscribe. */
  readonly subscribe: (listener: NotificationListener) => () => void;
  /** Expires the holds that ran out by the clock's now (C-7.8); answers the baskets swept. */
  readonly sweepExpiredHolds: () => Promise<ReadonlyArray<string>>;
  /** Deletes the idempotency records past their 24 hours (C-6.3); answers how many went. */
  readonly pruneIdempotencyRecords: () => Promise<number>;
  /**
   * Cancels the payment intents left unpaid `paymentTimeoutMs` after their creation, as
   * deletePaymentIntent does (C-8.4); answers the intents cancelled. Needs a storage with
   * `commands.unpaidPaymentIntents` (memory, PGlite and PostgreSQL have it).
   */
  readonly cancelUnpaidPaymentIntents: () => Promise<ReadonlyArray<string>>;
  /**
   * Deletes the outbox messages published more than `outboxRetentionMs` ago, and, when
   * `outboxUnpublishedRetentionMs` is set, the unpublished ones completed longer ago than that;
   * answers how many went. Needs a storage with `outbox.prunePublished` and
   * `outbox.pruneUnpublished` (memory, PGlite and PostgreSQL have them).
   */
  readonly pruneOutbox: () => Promise<number>;
  /** Stops the periodic recovery and finishes the work under way (SIGTERM, C-10.3). */
  readonly drain: () => Promise<void>;
};

/** Runs `task` every `ms` (never two at once); `stop` waits for a run under way. */
const periodically = (ms: number, task: () => Promise<unknown>) => {
  let running: Promise<unknown> | undefined;
  const timer =
    ms > 0
      ? setInterval(() => {
          running ??= task().finally(() => {
            running = undefined;
          });
        }, ms)
      : undefined;
  timer?.unref?.();
  return {
    stop: async () => {
      if (timer !== undefined) clearInterval(timer);
      await running;
    },
  };
};

/** The basket service's app: its API, its processor of accepted commands and its sweeper. */
export const createBasketApp = (deps: BasketAppDeps): BasketApp => {
  const config = resolveAppConfig(deps.config);
  const onError = deps.onError ?? (() => {});
  const ctx: AppContext = {
    storage: deps.storage,
    providers: deps.providers,
    paymentProvider: deps.paymentProvider,
    clock: deps.clock,
    ids: deps.ids,
    config,
    hub: createCompletionHub(config.notificationRecheckMs, onError),
    basketStates: createStateCache(config.stateCacheSize),
    recentResources: createRecentResources(config.stateCacheSize),
    onError,
  };
  const processor = createProcessor(ctx, handleAccepted);
  const api = createApi({ ctx, processor });
  processor.start();
  // Housekeeping: holds that ran out, payment intents left unpaid, idempotency records past their
  // day, outbox messages published (or, with no publisher, completed) long ago.
  const sweep = async (): Promise<void> => {
    const [expired, cancelled, idempotency, outbox] = await Promise.all([
      sweepExpiredHolds(ctx),
      cancelUnpaidPaymentIntents(ctx, api),
      pruneIdempotencyRecords(ctx),
      pruneOutbox(ctx),
    ]);
    if (expired.length + cancelled.length + idempotency + outbox === 0) return;
    deps.onSwept?.({
      expiredBaskets: expired.length,
      cancelledPaymentIntents: cancelled,
      prunedIdempotencyRecords: idempotency,
      prunedOutboxMessages: outbox,
    });
  };
  const sweeper = periodically(ctx.config.sweepIntervalMs, () => sweep().catch(ctx.onError));
  return {
    api,
    processor,
    subscribe: ctx.hub.subscribe,
    sweepExpiredHolds: () => sweepExpiredHolds(ctx),
    pruneIdempotencyRecords: () => pruneIdempotencyRecords(ctx),
    cancelUnpaidPaymentIntents: () => cancelUnpaidPaymentIntents(ctx, api),
    pruneOutbox: () => pruneOutbox(ctx),
    drain: async () => {
      await sweeper.stop();
      processor.stop();
      await processor.idle();
    },
  };
};
