import type {
  Commit,
  CommitConflict,
  CommitResult,
  NotificationCompletion,
  NotificationRecord,
  RecordedEvent,
  StreamAppend,
  TransactionReads,
  UnitOfWork,
} from '@basket/app';
import {
  idempotencyKeyTaken,
  insertAccepted,
  memoryCommandQueue,
  memoryIdempotencyStore,
  storeIdempotency,
} from './command-queue';
import { eventsAfter, keepNewest } from './event-store';
import { liveUnitsOfOthers, overbookedResource, setHolds } from './holds';
import { appendToOutbox } from './outbox';
import { copy, type MemoryState, millis } from './state';

const completed = (
  notification: NotificationRecord,
  completion: NotificationCompletion,
): NotificationRecord => {
  const { outcome } = completion;
  const { problem: _previous, ...rest } = notification;
  return outcome.status === 'Succeeded'
    ? { ...rest, status: 'Succeeded', completed: outcome.completed }
    : { ...rest, status: 'Failed', completed: outcome.completed, problem: copy(outcome.problem) };
};

/** Everything that would refuse the commit, checked before anything is written. */
const appendsOf = (commit: Commit): ReadonlyArray<StreamAppend> => [
  { streamId: commit.streamId, expectedVersion: commit.expectedVersion, events: commit.events },
  ...(commit.also ?? []),
];

const conflictOf = (state: MemoryState, commit: Commit): CommitConflict | undefined => {
  for (const append of appendsOf(commit)) {
    const actual = state.streams.get(append.streamId)?.length ?? 0;
    if (actual !== append.expectedVersion) {
      return { _tag: 'VersionConflict', streamId: append.streamId, expected: append.expectedVersion, actual };
    }
  }
  for (const accept of commit.accepts ?? []) {
    if (state.queue.has(accept.command.notificationId)) {
      throw new Error(`notification ${accept.command.notificationId} was already accepted`);
    }
  }
  if (commit.completion !== undefined) {
    const entry = state.queue.get(commit.completion.notificationId);
    // An unknown notification is treated as one that is no longer Pending: there is nothing to complete.
    if (entry?.notification.status !== 'Pending') {
      return { _tag: 'AlreadyCompleted', notificationId: commit.completion.notificationId };
    }
  }
  if (commit.holds !== undefined) {
    const resource = overbookedResource(state, commit.holds, commit.at);
    if (resource !== undefined) return { _tag: 'InsufficientInventory', resource };
  }
  if (commit.idempotency !== undefined) return idempotencyKeyTaken(state, commit.idempotency);
  return undefined;
};

const append = (state: MemoryState, streamAppend: StreamAppend, at: string): number => {
  const stream = state.streams.get(streamAppend.streamId) ?? [];
  // Never before the stream's last event: a stream's events are recorded in order of version.
  const last = stream.at(-1);
  const recorded = new Date(
    Math.max(millis(at), last === undefined ? 0 : millis(last.recorded)),
  ).toISOString();
  for (const event of streamAppend.events) {
    const stored: RecordedEvent = {
      streamId: streamAppend.streamId,
      version: stream.length + 1,
      type: event.type,
      data: copy(event.data),
      // Absent means 1 (NewEvent): kept only above.
      ...(event.schemaVersion !== undefined && event.schemaVersion > 1
        ? { schemaVersion: event.schemaVersion }
        : {}),
      recorded,
    };
    stream.push(stored);
  }
  if (stream.length > 0) state.streams.set(streamAppend.streamId, stream);
  return stream.length;
};

const apply = (state: MemoryState, commit: Commit): number => {
  const [main, ...others] = appendsOf(commit);
  const version = main === undefined ? 0 : append(state, main, commit.at);
  for (const other of others) append(state, other, commit.at);
  for (const accept of commit.accepts ?? []) {
    const entry = insertAccepted(state, accept.command);
    if (accept.outcome !== undefined) {
      entry.notification = completed(entry.notification, {
        notificationId: accept.command.notificationId,
        outcome: accept.outcome,
      });
      appendToOutbox(state, entry.notification);
    }
  }
  if (commit.holds !== undefined) {
    setHolds(
      state,
      commit.holds.holder,
      copy(commit.holds.holds).filter((row) => row.quantity > 0),
    );
  }
  if (commit.completion !== undefined) {
    const entry = state.queue.get(commit.completion.notificationId);
    if (entry !== undefined) {
      entry.notification = completed(entry.notification, commit.completion);
      appendToOutbox(state, entry.notification);
    }
  }
  if (commit.idempotency !== undefined) storeIdempotency(state, commit.idempotency);
  if (commit.snapshot !== undefined) keepNewest(state, commit.streamId, commit.snapshot);
  return version;
};

/** One chain of transactions per lock: a transaction starts when the previous one on its lock ended. */
const createLocks = () => {
  const tails = new Map<string, Promise<void>>();
  return async <T>(lock: string, run: () => Promise<T>): Promise<T> => {
    const previous = tails.get(lock) ?? Promise.resolve();
    let release: () => void = () => {};
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => mine);
    tails.set(lock, tail);
    await previous;
    try {
      return await run();
    } finally {
      release();
      if (tails.get(lock) === tail) tails.delete(lock);
    }
  };
};

/** All or nothing (C-3.4): validate everything, then apply, in one synchronous step. */
export const memoryUnitOfWork = (state: MemoryState): UnitOfWork => {
  const commit = (toCommit: Commit): CommitResult => {
    const conflict = conflictOf(state, toCommit);
    if (conflict !== undefined) return conflict;
    return { _tag: 'Committed', version: apply(state, toCommit) };
  };
  const withLock = createLocks();
  const queue = memoryCommandQueue(state);
  const idempotency = memoryIdempotencyStore(state);
  const reads: TransactionReads = {
    readStream: async (streamId, afterVersion = 0) => {
      const after = eventsAfter(state, streamId, afterVersion);
      return after.length === 0 ? [] : copy(after);
    },
    loadSnapshot: async (streamId) => {
      const stored = state.snapshots.get(streamId);
      return stored === undefined ? undefined : copy(stored);
    },
    findIdempotency: idempotency.find,
    heldByOthers: async (resources, holder, now) => {
      const at = millis(now);
      return new Map(resources.map((resource) => [resource, liveUnitsOfOthers(state, resource, holder, at)]));
    },
    oldestPending: queue.oldestPending,
  };
  return {
    commit: async (toCommit) => commit(toCommit),
    transaction: (lock, body) =>
      withLock(lock, async () => {
        const decided = await body(reads);
        if (decided.commit === undefined) return { _tag: 'Done', value: decided.value };
        const result = commit(decided.commit);
        return result._tag === 'Committed'
          ? { _tag: 'Done', value: decided.value, version: result.version }
          : { _tag: 'Refused', value: decided.value, conflict: result };
      }),
  };
};
