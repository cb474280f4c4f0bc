import type {
  AcceptedCommand,
  RecordedEvent,
  Snapshot,
  TransactionPrefetch,
  TransactionReads,
} from '@basket/app';
import { pendingQuery } from './command-queue';
import type { Queryable, Row, Statement } from './db';
import {
  eventsAfterSnapshotSql,
  eventsAfterSql,
  postgresEventStore,
  postgresSnapshotStore,
  recordedOf,
  snapshotOf,
  snapshotSql,
} from './event-store';
import { postgresInventoryStore, unitsOf, unitsOfOthersSql } from './holds';
import { postgresIdempotencyStore } from './idempotency';
import type { Tables } from './names';
import { acceptedCommandOf } from './notification-row';
import { instantParam } from './values';

/** What a transaction's opening read for its body (see `TransactionPrefetch`), each answered once. */
type Prefetched = {
  pending?: { readonly basketId: string; readonly command: AcceptedCommand | undefined };
  snapshot?: { readonly streamId: string; readonly snapshot: Snapshot | undefined };
  stream?: {
    readonly streamId: string;
    readonly afterVersion: number;
    readonly events: ReadonlyArray<RecordedEvent>;
  };
  held?: { readonly holder: string; readonly now: string; readonly units: ReadonlyMap<string, number> };
};

type Opening = {
  /** Statements run with BEGIN and the lock. */
  readonly reads: ReadonlyArray<Statement>;
  readonly prefetched: (opened: ReadonlyArray<ReadonlyArray<Row>>) => Prefetched;
};

/** The statements that read `prefetch` with the transaction's opening, and what their rows answer. */
export const openingReads = (t: Tables, prefetch: TransactionPrefetch | undefined): Opening => {
  const { stream, pendingOf, heldByOthers } = prefetch ?? {};
  const reads: Array<Statement> = [];
  const answers: Array<(rows: ReadonlyArray<Row>, into: Prefetched) => void> = [];
  if (pendingOf !== undefined) {
    reads.push({ sql: pendingQuery(t), params: [pendingOf] });
    answers.push(([row], into) => {
      into.pending = { basketId: pendingOf, command: row === undefined ? undefined : acceptedCommandOf(row) };
    });
  }
  if (stream !== undefined && stream.afterVersion !== undefined) {
    const { streamId, afterVersion } = stream;
    reads.push({ sql: eventsAfterSql(t), params: [streamId, afterVersion, null] });
    answers.push((rows, into) => {
      into.stream = { streamId, afterVersion, events: rows.map((row) => recordedOf(streamId, row)) };
    });
  } else if (stream !== undefined) {
    const { streamId } = stream;
    reads.push(
      { sql: snapshotSql(t), params: [streamId] },
      { sql: eventsAfterSnapshotSql(t), params: [streamId] },
    );
    let snapshot: Snapshot | undefined;
    answers.push(([row], into) => {
      snapshot = row === undefined ? undefined : snapshotOf(row);
      into.snapshot = { streamId, snapshot };
    });
    answers.push((rows, into) => {
      const afterVersion = snapshot?.version ?? 0;
      into.stream = { streamId, afterVersion, events: rows.map((row) => recordedOf(streamId, row)) };
    });
  }
  if (heldByOthers !== undefined && heldByOthers.resources.length > 0) {
    const { resources, holder, now } = heldByOthers;
    reads.push({
      sql: unitsOfOthersSql(t),
      params: [[...new Set(resources)], holder, instantParam(now)],
    });
    answers.push((rows, into) => {
      into.held = { holder, now, units: unitsOf(resources, rows) };
    });
  }
  return {
    reads,
    prefetched: (opened) => {
      const into: Prefetched = {};
      answers.forEach((answer, i) => {
        answer(opened[i] ?? [], into);
      });
      return into;
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
      // The opening read every event after its version, under the lock: a read from a later version
      // (a state this process committed meanwhile) is the tail of it.
      if (stream !== undefined && stream.streamId === streamId && stream.afterVersion <= afterVersion) {
        prefetched.stream = undefined;
        return stream.afterVersion === afterVersion
          ? stream.events
          : stream.events.filter((event) => event.version > afterVersion);
      }
      return events.readStream(streamId, afterVersion);
    },
    loadSnapshot: async (streamId) => {
      const { snapshot } = prefetched;
      if (snapshot !== undefined && snapshot.streamId === streamId) {
        prefetched.snapshot = undefined;
        return snapshot.snapshot;
      }
      return snapshots.load(streamId);
    },
    findIdempotency: idempotency.find,
    heldByOthers: async (resources, holder, now) => {
      const { held } = prefetched;
      // Read with the opening for the same holder and time: a subset of it is answered from it.
      if (
        held !== undefined &&
        held.holder === holder &&
        held.now === now &&
        resources.every((resource) => held.units.has(resource))
      ) {
        prefetched.held = undefined;
        return new Map(
          resources.map((resource): [string, number] => [resource, held.units.get(resource) ?? 0]),
        );
      }
      return inventory.heldByOthers(resources, holder, now);
    },
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
