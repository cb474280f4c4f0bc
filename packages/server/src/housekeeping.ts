import type { AppConfig } from '@basket/app';
import type { ServerConfig } from './config';

/** How long published outbox rows are kept, and unpublished ones when nothing publishes them. */
const OUTBOX_RETENTION_MS = 24 * 60 * 60_000;

/**
 * How often expired holds are swept, unpaid payment intents past their timeout cancelled, and old
 * idempotency records and outbox rows pruned (C-7.8: reads and decisions never see expired holds
 * either way): every 30 s, or a quarter of a shorter payment timeout (at least 1 s), so that an
 * intent is cancelled within a quarter of its timeout after it.
 */
const sweepIntervalMs = (paymentTimeoutSeconds: number | undefined): number =>
  paymentTimeoutSeconds === undefined || paymentTimeoutSeconds === 0
    ? 30_000
    : Math.min(30_000, Math.max(1000, (paymentTimeoutSeconds * 1000) / 4));

/**
 * The app's housekeeping as the server runs it. Without a broker (`relayed` false) nothing ever
 * publishes the outbox, so its rows are deleted a day after completing rather than kept for good
 * (docs/decisions.md, "An outbox nothing publishes").
 */
export const housekeepingConfig = (config: ServerConfig, relayed: boolean): AppConfig => ({
  sweepIntervalMs: sweepIntervalMs(config.paymentTimeoutSeconds),
  ...(config.paymentTimeoutSeconds === undefined
    ? {}
    : { paymentTimeoutMs: config.paymentTimeoutSeconds * 1000 }),
  outboxRetentionMs: OUTBOX_RETENTION_MS,
  outboxUnpublishedRetentionMs: relayed ? 0 : OUTBOX_RETENTION_MS,
});
