import type { NotificationRecord, Outbox } from '@basket/app';
import { copy, type MemoryState, millis } from './state';

/** Appends the completed notification at the next position (C-5.5). */
export const appendToOutbox = (state: MemoryState, notification: NotificationRecord): void => {
  state.counters.position += 1;
  state.outbox.push({
    message: { position: state.counters.position, notification: copy(notification) },
    published: false,
  });
};

export const memoryOutbox = (state: MemoryState): Outbox => ({
  unpublished: async (limit) =>
    copy(
      state.outbox
        .filter((row) => !row.published)
        .slice(0, Math.max(0, limit))
        .map((row) => row.message),
    ),
  markPublished: async (positions) => {
    const marked = new Set(positions);
    const now = Date.now();
    for (const row of state.outbox) {
      if (!marked.has(row.message.position) || row.published) continue;
      row.published = true;
      row.publishedAt = now;
    }
  },
  prunePublished: async (before, limit) => {
    const cutoff = millis(before);
    const gone = state.outbox
      .filter((row) => row.published && (row.publishedAt ?? 0) < cutoff)
      .sort((a, b) => (a.publishedAt ?? 0) - (b.publishedAt ?? 0))
      .slice(0, Math.max(0, limit));
    const pruned = new Set(gone);
    const kept = state.outbox.filter((row) => !pruned.has(row));
    state.outbox.splice(0, state.outbox.length, ...kept);
    return gone.length;
  },
  pruneUnpublished: async (before, limit) => {
    const cutoff = millis(before);
    const gone = new Set(
      state.outbox
        .filter((row) => !row.published)
        .slice(0, Math.max(0, limit))
        .filter(
          ({ message }) =>
            message.notification.completed !== undefined && millis(message.notification.completed) < cutoff,
        ),
    );
    const kept = state.outbox.filter((row) => !gone.has(row));
    state.outbox.splice(0, state.outbox.length, ...kept);
    return gone.size;
  },
  backlog: async () => state.outbox.filter((row) => !row.published).length,
  after: async (position, limit) =>
    copy(
      state.outbox
        .filter((row) => row.message.position > position)
        .slice(0, Math.max(0, limit))
        .map((row) => row.message),
    ),
});
