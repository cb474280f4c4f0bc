import type { Outbox, OutboxMessage } from '@basket/app';
import type { Queryable, Row } from './db';
import type { Tables } from './names';
import { notificationFromJson } from './notification-row';
import { int, jsonObject } from './values';

/**
 * Positions come from a sequence at INSERT time, but transactions commit in any order: a reader that
 * saw position 7 could later find 6 appear. So readers only see rows of transactions older than
 * every transaction still running (`tx < pg_snapshot_xmin(pg_current_snapshot())`): once such a row
 * is visible, every row with a lower position is either visible too or was rolled back. This needs
 * each writing transaction to hold its xid before its row takes a position (unit-of-work.ts).
 */
const visible = 'tx < pg_snapshot_xmin(pg_current_snapshot())';

const messageOf = (row: Row): OutboxMessage => ({
  position: int(row, 'position'),
  notification: notificationFromJson(jsonObject(row, 'notification')),
});

export const postgresOutbox = (db: Queryable, t: Tables): Outbox => ({
  unpublished: async (limit) => {
    const rows = await db.query(
      `SELECT position, notification FROM ${t.outbox}
        WHERE NOT published AND ${visible} ORDER BY position LIMIT $1`,
      [Math.max(0, limit)],
    );
    return rows.map(messageOf);
  },
  markPublished: async (positions) => {
    if (positions.length === 0) return;
    await db.query(`UPDATE ${t.outbox} SET published = true WHERE position = ANY($1::bigint[])`, [
      [...positions],
    ]);
  },
  backlog: async () => {
    const [row] = await db.query(
      `SELECT count(*)::int AS n FROM ${t.outbox} WHERE NOT published AND ${visible}`,
    );
    return row === undefined ? 0 : int(row, 'n');
  },
  after: async (position, limit) => {
    const rows = await db.query(
      `SELECT position, notification FROM ${t.outbox}
        WHERE position > $1 AND ${visible} ORDER BY position LIMIT $2`,
      [position, Math.max(0, limit)],
    );
    return rows.map(messageOf);
  },
});
