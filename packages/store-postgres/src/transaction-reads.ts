import type { AcceptedCommand, RecordedEvent, TransactionPrefetch, TransactionReads } from '@basket/app';
import { pendingQuery } from './command-queue';
import { inlineParams, type Queryable, type Row } from './db';
import { eventsAfterSql, postgresEventStore, postgresSnapshotStore, recordedOf } from './event-store';
import { postgresInventoryStore } from './holds';
import { postgresIdempotencyStore } from './idempotency';
import type { Tables } from './names';
import { acceptedCommandOf } from './notification-row';

/** What a transaction's opening read for its body (see `TransactionPrefetch`). */
type Prefetched = {
  stream?: {
    readonly streamId: string;
    readonly afterVersion: number;
    readonly events: ReadonlyArray<RecordedEvent>;
  };
  pending?: { readonly basketId: string; readonly command: AcceptedCommand | undefined };
};

/**
 * The statements (without parameters) that read `prefetch` with the transaction's opening, and how
 * their rows become what the body's reads answer.
 */
export const openingReads = (
  t: Tables,
  prefetch: TransactionPrefetch | undefined,
): {
  readonly reads: ReadonlyArray<string>;
  readonly prefetched: (opened: ReadonlyArray<ReadonlyArray<Row>>) => Prefetched;
} => {
  const { stream, pendingOf } = prefetch ?? {};
  const reads = [
    ...(pendingOf === undefined ? [] : [inlineParams(pendingQuery(t), [pendingOf])]),
    ...(stream === undefined
      ? []
      : [inlineParams(eventsAfterSql(t), [stream.streamId, stream.afterVersion, null])]),
  ];
  return {
    reads,
    prefetched: (opened) => {
      const [first, second] = opened;
      const pendingRows = pendingOf === undefined ? undefined : first;
      const streamRows = stream === undefined ? undefined : pendingOf === undefined ? first : second;
      const [pendingRow] = pendingRows ?? [];
      return {
        ...(pendingOf === undefined
          ? {}
          : {
              pending: {
                basketId: pendingOf,
                command: pendingRow === undefined ? undefined : acceptedCommandOf(pendingRow),
              },
            }),
        ...(stream === undefined || streamRows === undefined
          ? {}
          : { stream: { ...stream, events: streamRows.map((row) => recordedOf(stream.streamId, row)) } }),
      };
    },
  };
};

/**
 * The stores' reads, on the transaction's connection. A read the opening made already is answered
 * from its rows, once (the transaction holds the basket's lock, so nothing it covers has changed).
 */
export const readsOn = (tx: Queryable, t: Tables, prefetched: Prefetched = {}): TransactionReads => {
  const events = postgresEventStore(tx, t);
  const snapshots = postgresSnapshotStore(tx, t);
  const idempotency = postgresIdempotencyStore(tx, t);
  const inventory = postgresInventoryStore(tx, t);
  return {
    readStream: async (streamId, afterVersion = 0) => {
      const { stream } = prefetched;
      if (stream !== undefined && stream.streamId === streamId && stream.afterVersion === afterVersion) {
        prefetched.stream = undefined;
        return stream.events;
      }
      return events.readStream(streamId, afterVersion);
    },
    loadSnapshot: snapshots.load,
    findIdempotency: idempotency.find,
    heldByOthers: inventory.heldByOthers,
    oldestPending: async (basketId) => {
      const { pending } = prefetched;
      if (pending !== undefined && pending.basketId === basketId) {
        prefetched.pending = undefined;
        return pending.command;
      }
      const [row] = await tx.query(pendingQuery(t), [basketId]);
      return row === undefined ? undefined : acceptedCommandOf(row);
    },
  };
};
