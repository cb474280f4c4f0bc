import type { NotificationRecord, Outbox, OutboxMessage } from '@basket/app';

type Row = { readonly message: OutboxMessage; published: boolean };

export type TestOutbox = {
  readonly outbox: Outbox;
  readonly add: (...notifications: ReadonlyArray<NotificationRecord>) => void;
  readonly all: () => ReadonlyArray<OutboxMessage>;
  readonly unpublishedCount: () => number;
};

/** An in-test fake of the Outbox port (store-memory's may not exist yet). */
export const createTestOutbox = (): TestOutbox => {
  const rows: Row[] = [];
  const outbox: Outbox = {
    unpublished: async (limit) =>
      rows
        .filter((row) => !row.published)
        .slice(0, limit)
        .map((row) => row.message),
    markPublished: async (positions) => {
      const marked = new Set(positions);
      for (const row of rows) if (marked.has(row.message.position)) row.published = true;
    },
    after: async (position, limit) =>
      rows
        .filter((row) => row.message.position > position)
        .slice(0, limit)
        .map((row) => row.message),
    backlog: async () => rows.filter((row) => !row.published).length,
  };
  return {
    outbox,
    add: (...notifications) => {
      for (const notification of notifications) {
        rows.push({ message: { position: rows.length + 1, notification }, published: false });
      }
    },
    all: () => rows.map((row) => row.message),
    unpublishedCount: () => rows.filter((row) => !row.published).length,
  };
};
