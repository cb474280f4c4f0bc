import type { Outbox } from '@basket/app';
import type { RelayLease } from './lease';

/** pino-compatible: the relay never logs a notification's body, only ids, positions and codes. */
export type RelayLogger = {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
};

export type NatsRelayOptions = {
  readonly outbox: Outbox;
  /** NATS server URL(s), e.g. `nats://127.0.0.1:4222`. */
  readonly servers: string | ReadonlyArray<string>;
  /** JetStream stream, created when absent. Default `BASKET_NOTIFICATIONS`. */
  readonly stream?: string;
  /** Subjects are `<subjectPrefix>.<storeId>.<basketId>`. Default `basket.notifications`. */
  readonly subjectPrefix?: string;
  readonly logger?: RelayLogger;
  /** Rows read and published per batch. Default 100. */
  readonly batchSize?: number;
  /** Wait between polls when the outbox is drained. Default 250 ms. */
  readonly pollMs?: number;
  /**
   * Elects one active relay among processes sharing the outbox. Absent: this relay is always
   * active (right for one process; see docs/outbox-nats.md for several).
   */
  readonly lease?: RelayLease;
  /** Lease time to live. Default 15 s; at least 3 × publishTimeoutMs. */
  readonly leaseTtlMs?: number;
  /** Identifies this relay to the lease. Default `<hostname>:<pid>:<random>`. */
  readonly holder?: string;
  /** The stream's duplicate window when the relay creates it. Default 2 minutes. */
  readonly duplicateWindowMs?: number;
  /** Wait for a publish ack. Default 5 s. */
  readonly publishTimeoutMs?: number;
  /** Exponential backoff after a failure: first and largest wait. Defaults 100 ms and 5 s. */
  readonly backoffMs?: { readonly initial: number; readonly max: number };
  /** Interval of the status log line. Default 60 s; 0 turns it off. */
  readonly logIntervalMs?: number;
  /** Connection name shown by the NATS server. Default `basket-outbox-relay`. */
  readonly name?: string;
};

export type RelayMetrics = {
  /** Messages the stream stored (first copies). */
  readonly published: number;
  /** Publishes the stream acknowledged as duplicates of an earlier copy (same message id). */
  readonly duplicates: number;
  /** Unpublished rows seen at the last read, less those published since (at most batchSize). */
  readonly backlog: number;
  /** Age of the oldest unpublished row (now − its completion), 0 when none is known. */
  readonly lagMs: number;
  /** Whether this relay holds the lease (always true without one). */
  readonly active: boolean;
  readonly connected: boolean;
  /** Outbox position of the newest row this relay saw acknowledged. */
  readonly lastPosition?: number;
  /** The failure that the relay is backing off from, cleared by the next successful batch. */
  readonly lastError?: string;
};

export type StopOptions = {
  /** Keep relaying until the outbox is drained or this much time has passed. Default 5 s. */
  readonly flushMs?: number;
};

export type NatsRelay = {
  /** Starts relaying in the background; failures are retried, logged and shown in metrics. */
  readonly start: () => void;
  /** Flushes (bounded), stops, releases the lease and closes the connection. */
  readonly stop: (options?: StopOptions) => Promise<void>;
  /** Polls now instead of at the next interval (e.g. after a commit). */
  readonly nudge: () => void;
  readonly metrics: () => RelayMetrics;
};
