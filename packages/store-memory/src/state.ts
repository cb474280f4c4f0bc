import type {
  AcceptedCommand,
  ChargeRecord,
  ConfirmationRecord,
  HoldRow,
  IdempotencyRecord,
  NotificationRecord,
  OutboxMessage,
  PaymentSessionRecord,
  RecordedEvent,
  Snapshot,
  StreamId,
} from '@basket/app';

/** A hold row that runs out, in its resource's index: at `at` (epoch ms) it stops counting. */
export type ExpiringUnits = { readonly at: number; readonly holder: string; readonly quantity: number };

/** Units of one resource: all rows' units, and the rows that expire sorted by `at`. */
export type ResourceUnits = { total: number; readonly expiring: ExpiringUnits[] };

/** An accepted command with its notification, as the queue keeps it. */
export type QueueEntry = { readonly command: AcceptedCommand; notification: NotificationRecord };

/** `publishedAt`: when it was marked published (epoch ms of this process's clock). */
export type OutboxRow = { readonly message: OutboxMessage; published: boolean; publishedAt?: number };

/**
 * Everything the in-memory storage holds. Only `unit-of-work.ts` and the command queue's `accept`
 * write it, each within one synchronous step, so every write is atomic.
 */
export type MemoryState = {
  readonly streams: Map<StreamId, RecordedEvent[]>;
  readonly snapshots: Map<StreamId, Snapshot>;
  /** By notification id. */
  readonly queue: Map<string, QueueEntry>;
  /**
   * Notification ids of each basket's accepted commands that may still be Pending, in acceptance
   * order (those found completed are dropped: `pendingEntries` in command-queue.ts).
   */
  readonly queueByBasket: Map<string, string[]>;
  readonly idempotency: Map<string, IdempotencyRecord>;
  readonly outbox: OutboxRow[];
  /** Holds by holder (a basket). Written only through `setHolds` (holds.ts), which keeps `holdUnits`. */
  readonly holds: Map<string, ReadonlyArray<HoldRow>>;
  /** By resource: the units of every hold row, expired or not, and the rows that expire, by expiry. */
  readonly holdUnits: Map<string, ResourceUnits>;
  /** Leases by name (the outbox relay's, claims on baskets' Pending commands): who holds each, until when (epoch ms). */
  readonly leases: Map<string, { readonly holder: string; readonly until: number }>;
  /** Last issued accept sequence and outbox position. */
  counters: { sequence: number; position: number };
  /** What the simulated providers have done: sessions and charges by intent, confirmations by key. */
  readonly ledger: {
    readonly sessions: Map<string, PaymentSessionRecord>;
    readonly charges: Map<string, ReadonlyArray<ChargeRecord>>;
    readonly confirmations: Map<string, ConfirmationRecord>;
  };
};

export const emptyState = (): MemoryState => ({
  streams: new Map(),
  snapshots: new Map(),
  queue: new Map(),
  queueByBasket: new Map(),
  idempotency: new Map(),
  outbox: [],
  holds: new Map(),
  holdUnits: new Map(),
  leases: new Map(),
  counters: { sequence: 0, position: 0 },
  ledger: { sessions: new Map(), charges: new Map(), confirmations: new Map() },
});

export const idempotencyKey = (storeId: string, key: string): string => JSON.stringify([storeId, key]);

/**
 * Stored values are copied in and out, so that no caller can change what was stored. They are JSON
 * values (events, commands, notifications, holds): copied by a walk of their arrays and plain
 * objects, several times faster than `structuredClone`, which a value of any other kind still gets.
 */
export const copy = <T>(value: T): T => copyValue(value) as T;

const copyValue = (value: unknown): unknown => {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyValue);
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const copied: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    // A key `__proto__` (JSON.parse makes it an own property) stays a property, not the prototype.
    if (key === '__proto__')
      Object.defineProperty(copied, key, {
        value: copyValue(field),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else copied[key] = copyValue(field);
  }
  return copied;
};

/** Instants compare as points in time, whatever their offset. */
export const millis = (instant: string): number => {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) throw new Error(`not an instant: ${instant}`);
  return ms;
};
