import type { Outbox, OutboxMessage } from '@basket/app';
import type { Queryable, Row } from './db';
import type { Tables } from './names';
import { notificationFromJson } from './notification-row';
import { instantParam, int, jsonObject } from './values';

/**
 * Two readers with two guarantees (docs/outbox-nats.md, "In order per basket").
 *
 * The relay's `unpublished` reads every committed unpublished row in position order. Positions are
 * taken at INSERT time and transactions commit in any order, so a row of basket A may appear below
 * one already read; but rows of one basket cannot: the outbox trigger (migration 4) makes a row's
 * writer hold a lock on its basket from taking the position until it commits, so a basket's next
 * row takes a higher position only after its previous row is committed, and visible. Reading the
 * oldest unpublished rows again on every batch picks up a late row of another basket whenever it
 * commits. Nothing here waits for transactions outside the service.
 *
 * `after(position)` is a cursor over every row, published or not, for in-process readers that keep
 * their place by position: it must never pass a row that commits late, so it reads only rows of
 * transactions older than every transaction still running (`tx < pg_snapshot_xmin(…)`), which a long
 * transaction anywhere on the server holds back. The relay does not use it.
 */
const settled = 'tx < pg_snapshot_xmin(pg_current_snapshot())';

const messageOf = (row: Row): OutboxMessage => ({
  position: int(row, 'position'),
  notification: notificationFromJson(jsonObject(row, 'notification')),
});

export const postgresOutbox = (db: Queryable, t: Tables): Outbox => ({
  unpublished: async (limit) => {
    const rows = await db.query(
      `SELECT position, notification FROM ${t.outbox}
        WHERE NOT published ORDER BY position LIMIT $1`,
      [Math.max(0, limit)],
    );
    return rows.map(messageOf);
  },
  markPublished: async (positions) => {
    if (positions.length === 0) return;
    await db.query(
      `UPDATE ${t.outbox} SET published = true, published_at = now()
        WHERE position = ANY($1::bigint[]) AND NOT published`,
      [[...positions]],
    );
  },
  prunePublished: async (before, limit) => {
    // Rows published before migration 16, or by a process older than it during a rolling upgrade,
    // have no time: they are given the time they are first seen here, and kept as long from then.
    await db.query(
      `UPDATE ${t.outbox} SET published_at = now() WHERE position IN (
          SELECT position FROM ${t.outbox} WHERE published AND published_at IS NULL LIMIT $1)`,
      [Math.max(0, limit)],
    );
    const rows = await db.query(
      `DELETE FROM ${t.outbox} WHERE position IN (
          SELECT position FROM ${t.outbox} WHERE published AND published_at < $1::timestamptz
            ORDER BY published_at LIMIT $2)
        RETURNING position`,
      [instantParam(before), Math.max(0, limit)],
    );
    return rows.length;
  },
  pruneUnpublished: async (before, limit) => {
    // A bounded look at the head of the unpublished rows (their partial index, in position order),
    // where the oldest are: never a scan of every row kept.
    const rows = await db.query(
      `DELETE FROM ${t.outbox} WHERE position IN (
          SELECT position FROM (
            SELECT position, notification FROM ${t.outbox} WHERE NOT published ORDER BY position LIMIT $2
          ) head WHERE (notification->>'completed')::timestamptz < $1::timestamptz)
        RETURNING position`,
      [instantParam(before), Math.max(0, limit)],
    );
    return rows.length;
  },
  backlog: async () => {
    const [row] = await db.query(`SELECT count(*)::int AS n FROM ${t.outbox} WHERE NOT published`);
    return row === undefined ? 0 : int(row, 'n');
  },
  after: async (position, limit) => {
    const rows = await db.query(
      `SELECT position, notification FROM ${t.outbox}
        WHERE position > $1 AND ${settled} ORDER BY position LIMIT $2`,
      [position, Math.max(0, limit)],
    );
    return rows.map(messageOf);
  },
});
