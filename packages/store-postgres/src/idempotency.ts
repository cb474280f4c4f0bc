import type { IdempotencyRecord, IdempotencyStore } from '@basket/app';
import type { Queryable } from './db';
import type { Tables } from './names';
import { instant, instantParam, jsonObject, jsonParam, text } from './values';

/** Stores the first answer under the store's key; a later record for the same key replaces it. */
export const storeIdempotency = async (
  tx: Queryable,
  t: Tables,
  record: IdempotencyRecord,
): Promise<void> => {
  await tx.query(
    `INSERT INTO ${t.idempotency} (store_id, key, fingerprint, response, created)
      VALUES ($1, $2, $3, $4::jsonb, $5::timestamptz)
      ON CONFLICT (store_id, key) DO UPDATE
        SET fingerprint = excluded.fingerprint, response = excluded.response, created = excluded.created`,
    [
      record.storeId,
      record.key,
      record.fingerprint,
      jsonParam(record.response),
      instantParam(record.created),
    ],
  );
};

export const postgresIdempotencyStore = (db: Queryable, t: Tables): IdempotencyStore => ({
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
