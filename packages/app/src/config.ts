/** Tuning of the app; every field has a working default. */
export type AppConfig = {
  /** A snapshot of a basket's state is committed each time its stream passes a multiple of this. */
  readonly snapshotEvery?: number;
  /** How long createPaymentIntent waits for the intent to be ready before answering 202 (C-4.2). */
  readonly paymentSyncWaitMs?: number;
  /**
   * How long endpoint 17 waits for the payment's outcome (it is synchronous, C-4.3) before answering
   * 500 `internal-error`; the payment goes on, and the same Idempotency-Key answers its outcome.
   */
  readonly paymentWaitMs?: number;
  /** Period of the recovery of Pending commands left by a crashed process (C-5.1); 0: only at start. */
  readonly recoveryIntervalMs?: number;
  /**
   * Period of the housekeeping the app runs itself (default 30 000): holds that ran out (C-7.8),
   * payment intents left unpaid past `paymentTimeoutMs` (C-8.4), old idempotency records and outbox
   * messages. 0: only when `sweepExpiredHolds`, `cancelUnpaidPaymentIntents`, … are called.
   */
  readonly sweepIntervalMs?: number;
  /** A Pending command older than this is taken as abandoned by its process and recovered. */
  readonly recoveryAfterMs?: number;
  /**
   * With a storage that has `commandLeases`: how long a process's claim on a basket's Pending
   * commands lasts unless renewed (it renews it every third of this while it works). Another process
   * takes them up only once the claim has run out: after the process stopped, not while it waits on
   * a slow provider. Default 5 000.
   */
  readonly commandLeaseMs?: number;
  /** How often a waiting notification read (`waitMs`) re-reads the store, for completions by other processes. */
  readonly notificationRecheckMs?: number;
  /** How many basket states the process keeps folded in memory (0: none; loads then start from snapshots). */
  readonly stateCacheSize?: number;
  /** How long the payment saga waits for a provider's confirmation before taking it as a refusal (C-8.2). */
  readonly providerAnswerTimeoutMs?: number;
  /**
   * How long a request waits for the commands accepted before it on its basket whose outcome is still
   * to come (a payment saga), before it answers 500 having changed nothing (C-6.4).
   */
  readonly pendingWaitMs?: number;
  /** Attempts to decide one command when commits conflict, before leaving it to recovery. */
  readonly maxAttempts?: number;
  /**
   * How long after its creation a payment intent left unpaid is cancelled by the app's sweep, as
   * deletePaymentIntent would (C-8.4): the basket is unlocked and its holds run out again (C-7.8).
   * 0: never. Default 30 minutes.
   */
  readonly paymentTimeoutMs?: number;
  /** How long outbox messages are kept once published, before the sweep deletes them. 0: kept for good. Default 24 hours. */
  readonly outboxRetentionMs?: number;
  /**
   * For a store whose outbox nothing publishes (no relay, no transport of one's own): how long after
   * completing an unpublished message is kept before the sweep deletes it. 0 (the default): kept
   * until it is published. The server without a broker sets it to `outboxRetentionMs`.
   */
  readonly outboxUnpublishedRetentionMs?: number;
};

/** Every field of {@link AppConfig} with its default filled in: what `createBasketApp` runs with. */
export type ResolvedAppConfig = { readonly [K in keyof AppConfig]-?: NonNullable<AppConfig[K]> };

const DEFAULTS: ResolvedAppConfig = {
  snapshotEvery: 50,
  paymentSyncWaitMs: 1000,
  paymentWaitMs: 30_000,
  recoveryIntervalMs: 5000,
  recoveryAfterMs: 2000,
  commandLeaseMs: 5000,
  // As the server runs it.
  sweepIntervalMs: 30_000,
  maxAttempts: 20,
  notificationRecheckMs: 250,
  stateCacheSize: 10_000,
  providerAnswerTimeoutMs: 30_000,
  pendingWaitMs: 60_000,
  paymentTimeoutMs: 30 * 60_000,
  outboxRetentionMs: 24 * 60 * 60_000,
  outboxUnpublishedRetentionMs: 0,
};

/** The longest delay Node.js timers take: a longer one fires after 1 ms instead, with a warning. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** The fields that become timers' delays, and so must fit one. */
const TIMER_FIELDS: ReadonlySet<keyof AppConfig> = new Set<keyof AppConfig>([
  'paymentSyncWaitMs',
  'paymentWaitMs',
  'recoveryIntervalMs',
  'commandLeaseMs',
  'sweepIntervalMs',
  'notificationRecheckMs',
  'providerAnswerTimeoutMs',
  'pendingWaitMs',
]);

/** Fields whose least value is not 0. A claim renewed every third of it needs a few milliseconds at least. */
const LEAST: Partial<Record<keyof AppConfig, number>> = { maxAttempts: 1, commandLeaseMs: 30 };

const isField = (key: string): key is keyof AppConfig => Object.hasOwn(DEFAULTS, key);

/** What is wrong with one field's value, or undefined when it may be used. */
const problemOf = (key: keyof AppConfig, value: unknown): string | undefined => {
  const least = LEAST[key] ?? 0;
  const most = TIMER_FIELDS.has(key) ? LONGEST_TIMER_MS : Number.MAX_SAFE_INTEGER;
  if (typeof value === 'number' && Number.isInteger(value) && value >= least && value <= most)
    return undefined;
  return `${key} must be an integer from ${least} to ${most}, not ${typeof value === 'number' ? value : (JSON.stringify(value) ?? typeof value)}`;
};

/**
 * The app's configuration with its defaults filled in. A field that is not a whole number in its
 * range, or a name that is not a field (a misspelt one would otherwise be ignored), throws a
 * `RangeError` naming each: the app never starts on a setting it would misread.
 */
export const resolveAppConfig = (config: AppConfig = {}): ResolvedAppConfig => {
  const given = Object.entries(config).filter(([, value]) => value !== undefined);
  const problems = given.flatMap(([key, value]) => {
    if (!isField(key)) return [`${key} is not a setting of the app (${Object.keys(DEFAULTS).join(', ')})`];
    const problem = problemOf(key, value);
    return problem === undefined ? [] : [problem];
  });
  if (problems.length > 0) throw new RangeError(`basket app config: ${problems.join('; ')}`);
  return { ...DEFAULTS, ...Object.fromEntries(given) };
};
