import type { StorageStats } from '@basket/app';
import type { Queryable } from './db';
import type { Tables } from './names';
import { instantParam, int, text } from './values';

/**
 * Pending commands and the units of holds that run out, counted by the database for every process.
 * Holds without an expiry (paid or being paid) are left out: they grow with every sale, and a
 * scrape that summed them would read them all.
 */
export const postgresStats = (db: Queryable, t: Tables): StorageStats => ({
  pendingCommands: async () => {
    const [row] = await db.query(`SELECT count(*)::int AS n FROM ${t.commands} WHERE status = 'Pending'`);
    return row === undefined ? 0 : int(row, 'n');
  },
  heldUnits: async (now) => {
    const rows = await db.query(
      `SELECT resource, sum(quantity)::int AS units FROM ${t.holds}
        WHERE expires_at > $1::timestamptz GROUP BY resource`,
      [instantParam(now)],
    );
    return rows.map((row) => ({ resource: text(row, 'resource'), units: int(row, 'units') }));
  },
});
