import type { CommandLeases, RelayLease } from '@basket/app';
import type { Queryable } from './db';
import type { Tables } from './names';

/**
 * Leases in the leases table, timed by the database's clock so that every process sharing them
 * agrees on when one runs out. Taking a free or run-out lease, and renewing one's own, is one
 * conditional upsert: of several concurrent takers exactly one gets a row back.
 */
const acquire = async (db: Queryable, t: Tables, name: string, holder: string, ttlMs: number) => {
  const rows = await db.query(
    `INSERT INTO ${t.leases} AS l (name, holder, until)
      VALUES ($1, $2, clock_timestamp() + $3::int * interval '1 millisecond')
      ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until
        WHERE l.holder = excluded.holder OR l.until <= clock_timestamp()
      RETURNING holder`,
    [name, holder, Math.max(0, Math.round(ttlMs))],
  );
  return rows.length === 1;
};

const release = async (db: Queryable, t: Tables, name: string, holder: string): Promise<void> => {
  await db.query(`DELETE FROM ${t.leases} WHERE name = $1 AND holder = $2`, [name, holder]);
};

/** The outbox relay's lease, one per schema. */
export const postgresRelayLease = (db: Queryable, t: Tables): RelayLease => ({
  acquire: (holder, ttlMs) => acquire(db, t, 'outbox-relay', holder, ttlMs),
  release: (holder) => release(db, t, 'outbox-relay', holder),
});

/** Claims on baskets' Pending commands: a lease per basket, named apart from the relay's. */
export const postgresCommandLeases = (db: Queryable, t: Tables): CommandLeases => ({
  acquire: (basketId, holder, ttlMs) => acquire(db, t, `commands:${basketId}`, holder, ttlMs),
  release: (basketId, holder) => release(db, t, `commands:${basketId}`, holder),
});
