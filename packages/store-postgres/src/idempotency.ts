import type { IdempotencyKeyTaken, IdempotencyRecord, IdempotencyStore } from '@basket/app';
import type { Queryable } from './db';
import type { Tables } from './names';
import { instant, instantParam, jsonObject, jsonParam, text } from './values';

/**
 * Claims the record's key (C-6.3): inserts the record, or replaces one that expired (created more
 * than 24 hours before this one). Answers `IdempotencyKeyTaken` when the key has a live record,
 * having written nothing: the caller rolls its transaction back. Two concurrent claims of one key
 * meet on its primary key; the second waits for the first to commit, then sees its record.
 */
export const storeIdempotency = async (
  tx: Queryable,
  t: Tables,
  record: IdempotencyRecord,
): Promise<IdempotencyKeyTaken | undefined> => {
  const [row] = await tx.query(
    `INSERT INTO ${t.idempotency} AS existing (store_id, key, fingerprint, response, created)
      VALUES ($1, $2, $3, $4::jsonb, $5::timestamptz)
      ON CONFLICT (store_id, key) DO UPDATE
        SET fingerprint = excluded.fingerprint, response = excluded.response, created = excluded.created
        WHERE existing.created < excluded.created - interval '24 hours'
      RETURNING key`,
    [
      record.storeId,
      record.key,
      record.fingerprint,
      jsonParam(record.response),
      instantParam(record.created),
    ],
  );
  return row === undefined
    ? { _tag: 'IdempotencyKeyTaken', storeId: record.storeId, key: record.key }
    : undefined;
};

export const postgresIdempotencyStore = (db: Queryable, t: Tables): IdempotencyStore => ({
  prune: async (before, limit) => {
    const rows = await db.query(
      `DELETE FROM ${t.idempotency} WHERE (store_id, key) IN (
         SELECT store_id, key FROM ${t.idempotency} WHERE created < $1::timestamptz ORDER BY created LIMIT $2)
       RETURNING 1`,
      [instantParam(before), limit],
    );
    return rows.length;
  },
  find: async (storeId, key, notBefore) => {
    const [row] = await db.query(
      `SELECT store_id, key, fingerprint, response, created FROM ${t.idempotency}
        WHERE store_id = $1 AND key = $2 AND created >= $3::timestamptz`,
      [storeId, key, instantParam(notBefore)],
    );
    if (row === undefined) return undefined;
    return {
      storeId: text(row, 'store_id'),
      key: text(row, 'key'),
      fingerprint: text(row, 'fingerprint'),
      response: jsonObject(row, 'response'),
      created: instant(row, 'created'),
    };
  },
});
