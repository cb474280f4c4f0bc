import type {
  Commit,
  CommitConflict,
  CommitResult,
  NotificationCompletion,
  NotificationRecord,
  RecordedEvent,
  UnitOfWork,
} from '@basket/app';
import { idempotencyKeyTaken, storeIdempotency } from './command-queue';
import { keepNewest } from './event-store';
import { overbookedResource, setHolds } from './holds';
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
const conflictOf = (state: MemoryState, commit: Commit): CommitConflict | undefined => {
  const actual = state.streams.get(commit.streamId)?.length ?? 0;
  if (actual !== commit.expectedVersion) {
    return { _tag: 'VersionConflict', streamId: commit.streamId, expected: commit.expectedVersion, actual };
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

const apply = (state: MemoryState, commit: Commit): number => {
  const stream = state.streams.get(commit.streamId) ?? [];
  const recorded = new Date(millis(commit.at)).toISOString();
  for (const event of commit.events) {
    const stored: RecordedEvent = {
      streamId: commit.streamId,
      version: stream.length + 1,
      type: event.type,
      data: copy(event.data),
      recorded,
    };
    stream.push(stored);
  }
  if (stream.length > 0) state.streams.set(commit.streamId, stream);
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
  return stream.length;
};

/** All or nothing (C-3.4): validate everything, then apply, in one synchronous step. */
export const memoryUnitOfWork = (state: MemoryState): UnitOfWork => ({
  commit: async (commit): Promise<CommitResult> => {
    const conflict = conflictOf(state, commit);
    if (conflict !== undefined) return conflict;
    return { _tag: 'Committed', version: apply(state, commit) };
  },
});
