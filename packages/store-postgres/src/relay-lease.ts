import type { RelayLease } from '@basket/app';
import type { Queryable } from './db';
import type { Tables } from './names';

const leaseName = 'outbox-relay';

/**
 * The outbox relay's lease, one per schema, timed by the database's clock so that every process
 * sharing it agrees on when a lease runs out. Taking a free or run-out lease, and renewing one's
 * own, is one conditional upsert: of several concurrent takers exactly one gets a row back.
 */
export const postgresRelayLease = (db: Queryable, t: Tables): RelayLease => ({
  acquire: async (holder, ttlMs) => {
    const rows = await db.query(
      `INSERT INTO ${t.leases} AS l (name, holder, until)
        VALUES ($1, $2, clock_timestamp() + $3::int * interval '1 millisecond')
        ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until
          WHERE l.holder = excluded.holder OR l.until <= clock_timestamp()
        RETURNING holder`,
      [leaseName, holder, Math.max(0, Math.round(ttlMs))],
    );
    return rows.length === 1;
  },
  release: async (holder) => {
    await db.query(`DELETE FROM ${t.leases} WHERE name = $1 AND holder = $2`, [leaseName, holder]);
  },
});
