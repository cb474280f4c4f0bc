import type { EventStore, RecordedEvent, Snapshot, SnapshotStore } from '@basket/app';
import { copy, type MemoryState } from './state';

/**
 * A stream's events after `afterVersion`. A stream is stored in order of version from 1 with no gap
 * (each append checks the version), so they are the tail from that index: a load from the state
 * cache costs the events it reads, not the stream's length.
 */
export const eventsAfter = (
  state: MemoryState,
  streamId: string,
  afterVersion: number,
): ReadonlyArray<RecordedEvent> => (state.streams.get(streamId) ?? []).slice(Math.max(0, afterVersion));

export const memoryEventStore = (state: MemoryState): EventStore => ({
  readStream: async (streamId, afterVersion = 0, limit) => {
    const after = eventsAfter(state, streamId, afterVersion);
    const page = limit === undefined ? after : after.slice(0, Math.max(0, limit));
    // Nothing new is the common answer of a load from the state cache: no copy to make.
    return page.length === 0 ? [] : copy(page);
  },
});

/** Stores the snapshot unless the stored one is as new or newer. */
export const keepNewest = (state: MemoryState, streamId: string, snapshot: Snapshot): void => {
  const stored = state.snapshots.get(streamId);
  if (stored === undefined || snapshot.version > stored.version)
    state.snapshots.set(streamId, copy(snapshot));
};

export const memorySnapshotStore = (state: MemoryState): SnapshotStore => ({
  load: async (streamId) => {
    const stored = state.snapshots.get(streamId);
    return stored === undefined ? undefined : copy(stored);
  },
  save: async (streamId, snapshot) => keepNewest(state, streamId, snapshot),
});
