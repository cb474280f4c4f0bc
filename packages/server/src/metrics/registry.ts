import type { Storage, SweepReport } from '@basket/app';
import type { LoadFigures } from '@basket/http';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the relay reports of itself (a part of `@basket/outbox-nats`' RelayMetrics). */
export type RelayFigures = { readonly lagMs: number; readonly active: boolean; readonly connected: boolean };

/** The server's Prometheus metrics and the observations the composition root feeds them. */
export type ServerMetrics = {
  readonly registry: Registry;
  /** One HTTP request: its route pattern (`unmatched` when none), method, status and seconds taken. */
  readonly observeRequest: (route: string, method: string, status: number, seconds: number) => void;
  /** One completed notification (C-5.2) as the app reports it: counts it once per notification id. */
  readonly observeCompletion: (notification: Readonly<Record<string, unknown>>) => void;
  /** What one periodic sweep of this process did. */
  readonly observeSweep: (report: SweepReport) => void;
};

/** Seconds buckets for requests and completions: 5 ms to 30 s (endpoint 17 and long polls wait up to 30 s). */
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Notification ids remembered to count a completion reported twice (read back after a race) once. */
const REMEMBERED_COMPLETIONS = 10_000;

/** `stock:fnb:arena|…` → `fnb:arena`: the provider of a resource's product (the identity before `|`). */
export const providerOfResource = (resource: string): string => {
  const product = resource.slice(resource.indexOf(':') + 1);
  const bar = product.indexOf('|');
  return bar === -1 ? 'unknown' : product.slice(0, bar);
};

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A scrape's wait for each storage read: Prometheus gives a whole scrape 10 s by default. */
const STORAGE_WAIT_MS = 2_000;

/** `read`'s answer, or none when it fails or has not answered within `ms`. */
const answerWithin = async <T>(
  read: Promise<T>,
  ms: number,
): Promise<{ readonly answered: true; readonly value: T } | { readonly answered: false }> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<{ readonly answered: false }>((resolve) => {
    timer = setTimeout(() => resolve({ answered: false }), ms);
  });
  try {
    return await Promise.race([
      read.then(
        (value) => ({ answered: true as const, value }),
        () => ({ answered: false as const }),
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
};

export const createServerMetrics = (options: {
  readonly storage: Storage;
  readonly relay?: () => RelayFigures;
  /** The work in progress the overload limits count; undefined while there are none. */
  readonly load?: () => LoadFigures | undefined;
  readonly now?: () => Date;
  /** How long a scrape waits for each storage read (default 2,000 ms). */
  readonly storageWaitMs?: number;
}): ServerMetrics => {
  const { storage } = options;
  const storageWaitMs = options.storageWaitMs ?? STORAGE_WAIT_MS;
  const now = options.now ?? (() => new Date());
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'basket_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status: how long they took',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const housekeeping = new Counter({
    name: 'basket_housekeeping_total',
    help: "What this process's periodic sweeps did: expired_baskets, cancelled_payment_intents, pruned_idempotency_records, pruned_outbox_messages",
    labelNames: ['work'] as const,
    registers: [registry],
  });
  const commands = new Counter({
    name: 'basket_commands_total',
    help: 'Commands completed by this process, by operation and outcome (Succeeded, Failed)',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  });
  const completionLatency = new Histogram({
    name: 'basket_notification_completion_seconds',
    help: 'From a command accepted (notification created) to its notification completed, by operation',
    labelNames: ['operation'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  /**
   * A gauge read from the storage. A read that fails or takes too long (the database down or
   * stalled) leaves this gauge out of the scrape (`absent()` in PromQL); every other metric is still
   * answered, the HTTP figures above all, which an outage is when they matter.
   */
  const storageGauge = <T>(
    name: string,
    help: string,
    read: () => Promise<T>,
    set: (gauge: Gauge<'provider'>, value: T) => void,
    labelNames: ReadonlyArray<'provider'> = [],
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const value = await answerWithin(read(), storageWaitMs);
        this.reset();
        if (value.answered) set(this, value.value);
        else this.remove();
      },
    });
  const stats = storage.stats;
  if (stats !== undefined) {
    storageGauge(
      'basket_commands_pending',
      'Accepted commands still Pending, in every process sharing the storage',
      () => stats.pendingCommands(),
      (gauge, pending) => gauge.set(pending),
    );
    storageGauge(
      'basket_holds_units',
      'Inventory units in holds that run out and have not (baskets being filled), by provider',
      () => stats.heldUnits(now().toISOString()),
      (gauge, held) => {
        const byProvider = new Map<string, number>();
        for (const { resource, units } of held) {
          const provider = providerOfResource(resource);
          byProvider.set(provider, (byProvider.get(provider) ?? 0) + units);
        }
        for (const [provider, units] of byProvider) gauge.set({ provider }, units);
      },
      ['provider'],
    );
  }
  storageGauge(
    'basket_outbox_backlog',
    'Completed notifications in the outbox not yet published to NATS (grows without BASKET_NATS_URL)',
    () => storage.outbox.backlog(),
    (gauge, backlog) => gauge.set(backlog),
  );
  const load = options.load;
  if (load !== undefined) {
    const loadGauge = (name: string, help: string, figure: (figures: LoadFigures) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const figures = load();
          if (figures !== undefined) this.set(figure(figures));
        },
      });
    loadGauge(
      'basket_http_requests_in_flight',
      'Requests this process is answering, long polls left out (BASKET_MAX_REQUESTS_IN_FLIGHT)',
      (figures) => figures.requests,
    );
    loadGauge(
      'basket_http_long_polls',
      'Notification reads held waiting by this process (BASKET_MAX_LONG_POLLS)',
      (figures) => figures.longPolls,
    );
    loadGauge(
      'basket_http_new_baskets_waiting',
      'New baskets waiting in line in this process for a place (BASKET_NEW_BASKET_QUEUE)',
      (figures) => figures.queued,
    );
  }
  const relay = options.relay;
  if (relay !== undefined) {
    new Gauge({
      name: 'basket_relay_publish_lag_seconds',
      help: "Age of the oldest completed notification this process's relay has read and not yet published",
      registers: [registry],
      collect() {
        this.set(relay().lagMs / 1000);
      },
    });
    new Gauge({
      name: 'basket_relay_active',
      help: "1 when this process's relay holds the lease and is connected to NATS",
      registers: [registry],
      collect() {
        const figures = relay();
        this.set(figures.active && figures.connected ? 1 : 0);
      },
    });
  }

  const seen = new Set<string>();
  return {
    registry,
    observeSweep: (report) => {
      housekeeping.inc({ work: 'expired_baskets' }, report.expiredBaskets);
      housekeeping.inc({ work: 'cancelled_payment_intents' }, report.cancelledPaymentIntents.length);
      housekeeping.inc({ work: 'pruned_idempotency_records' }, report.prunedIdempotencyRecords);
      housekeeping.inc({ work: 'pruned_outbox_messages' }, report.prunedOutboxMessages);
    },
    observeRequest: (route, method, status, seconds) =>
      requests.observe({ route, method, status: String(status) }, seconds),
    observeCompletion: (notification) => {
      const id = text(notification.notificationId);
      const operation = text(notification.operation) ?? 'unknown';
      const outcome = text(notification.status);
      if (id === undefined || (outcome !== 'Succeeded' && outcome !== 'Failed') || seen.has(id)) return;
      seen.add(id);
      if (seen.size > REMEMBERED_COMPLETIONS) seen.delete(seen.values().next().value ?? id);
      commands.inc({ operation, outcome });
      const created = Date.parse(text(notification.created) ?? '');
      const completed = Date.parse(text(notification.completed) ?? '');
      if (Number.isFinite(created) && Number.isFinite(completed)) {
        completionLatency.observe({ operation }, Math.max(0, completed - created) / 1000);
      }
    },
  };
};
