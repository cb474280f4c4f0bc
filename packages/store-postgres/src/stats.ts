import type { StorageStats } from '@basket/app';
import type { Queryable } from './db';
import type { Tables } from './names';
import { instantParam, int, text } from './values';

/** Pending commands and unexpired held units, counted by the database for every process. */
export const postgresStats = (db: Queryable, t: Tables): StorageStats => ({
  pendingCommands: async () => {
    const [row] = await db.query(`SELECT count(*)::int AS n FROM ${t.commands} WHERE status = 'Pending'`);
    return row === undefined ? 0 : int(row, 'n');
  },
  heldUnits: async (now) => {
    const rows = await db.query(
      `SELECT resource, sum(quantity)::int AS units FROM ${t.holds}
        WHERE expires_at IS NULL OR expires_at > $1::timestamptz GROUP BY resource`,
      [instantParam(now)],
    );
    return rows.map((row) => ({ resource: text(row, 'resource'), units: int(row, 'units') }));
  },
});
