import type { NotificationRecord, Outbox } from '@basket/app';
import { copy, type MemoryState } from './state';

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
    for (const row of state.outbox) if (marked.has(row.message.position)) row.published = true;
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
