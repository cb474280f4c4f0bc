import type { HoldRow, HoldsChange, InventoryStore } from '@basket/app';
import type { Queryable } from './db';
import { lockAll, lockClass } from './locks';
import type { Tables } from './names';
import { instantParam, int, text } from './values';

type Wanted = { quantity: number; capacity: number; expiresAt: string | undefined };

/** One row per resource (the table's key is resource × holder): units add up, the tightest capacity wins. */
const mergeByResource = (rows: ReadonlyArray<HoldRow>): Map<string, Wanted> => {
  const wanted = new Map<string, Wanted>();
  for (const row of rows) {
    if (row.quantity <= 0) continue;
    const seen = wanted.get(row.resource);
    const expiresAt =
      seen === undefined
        ? row.expiresAt
        : seen.expiresAt === undefined || row.expiresAt === undefined
          ? undefined
          : Date.parse(seen.expiresAt) >= Date.parse(row.expiresAt)
            ? seen.expiresAt
            : row.expiresAt;
    wanted.set(row.resource, {
      quantity: (seen?.quantity ?? 0) + row.quantity,
      capacity: Math.min(seen?.capacity ?? row.capacity, row.capacity),
      expiresAt: expiresAt === undefined ? undefined : instantParam(expiresAt),
    });
  }
  return wanted;
};

/**
 * Units of each resource held, unexpired at `now`, by holders other than `holder` (0 when none):
 * the resource's count of units held (kept by `replaceHolds` in the same transactions as the rows)
 * less the expired rows not yet released (few: the expiry sweeper releases them) and less the
 * holder's own unexpired rows (by the primary key). No statement here reads every hold of a
 * resource, so a check costs the same whether 10 or 10,000 baskets hold it. One statement, so the
 * count and the rows are read in one snapshot.
 */
const unitsOfOthers = async (
  db: Queryable,
  t: Tables,
  resources: ReadonlyArray<string>,
  holder: string,
  now: string,
): Promise<Map<string, number>> => {
  const units = new Map(resources.map((resource): [string, number] => [resource, 0]));
  if (resources.length === 0) return units;
  const rows = await db.query(
    `SELECT r.resource,
        (coalesce(c.units, 0)
          - coalesce((SELECT sum(h.quantity) FROM ${t.holds} h
              WHERE h.resource = r.resource AND h.expires_at IS NOT NULL AND h.expires_at <= $3::timestamptz), 0)
          - coalesce((SELECT sum(h.quantity) FROM ${t.holds} h
              WHERE h.resource = r.resource AND h.holder = $2
                AND (h.expires_at IS NULL OR h.expires_at > $3::timestamptz)), 0))::int AS units
      FROM unnest($1::text[]) AS r(resource)
      LEFT JOIN ${t.holdCounts} c ON c.resource = r.resource`,
    [[...new Set(resources)], holder, instantParam(now)],
  );
  for (const row of rows) units.set(text(row, 'resource'), int(row, 'units'));
  return units;
};

/**
 * Adds to each resource's count what the holder's rows changed by (new less deleted), in resource
 * order so that two commits never wait for each other's count rows in opposite orders.
 */
const countChanges = async (
  tx: Queryable,
  t: Tables,
  deleted: ReadonlyArray<{ readonly resource: string; readonly quantity: number }>,
  inserted: ReadonlyMap<string, Wanted>,
): Promise<void> => {
  const change = new Map<string, number>();
  for (const { resource, quantity } of deleted) change.set(resource, (change.get(resource) ?? 0) - quantity);
  for (const [resource, { quantity }] of inserted)
    change.set(resource, (change.get(resource) ?? 0) + quantity);
  const changed = [...change].filter(([, by]) => by !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (changed.length === 0) return;
  await tx.query(
    `INSERT INTO ${t.holdCounts} AS c (resource, units)
      SELECT r, d FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS u(r, d, n) ORDER BY n
      ON CONFLICT (resource) DO UPDATE SET units = c.units + EXCLUDED.units`,
    [changed.map(([resource]) => resource), changed.map(([, by]) => by)],
  );
};

/**
 * Replaces the holder's holds within the commit's transaction. Resources that grow beyond what the
 * holder already holds unexpired are locked (advisory, in key order) and checked against the others'
 * unexpired holds at `at`; the first that would exceed its capacity is returned and nothing is written
 * (the caller rolls back). Keeping or shrinking a hold never fails.
 */
export const replaceHolds = async (
  tx: Queryable,
  t: Tables,
  change: HoldsChange,
  at: string,
): Promise<string | undefined> => {
  const now = instantParam(at);
  await lockAll(tx, t.schema, lockClass.holder, [change.holder]);
  const wanted = mergeByResource(change.holds);
  const ownRows = await tx.query(
    `SELECT resource, quantity FROM ${t.holds}
      WHERE holder = $1 AND (expires_at IS NULL OR expires_at > $2::timestamptz)`,
    [change.holder, now],
  );
  const own = new Map(ownRows.map((row): [string, number] => [text(row, 'resource'), int(row, 'quantity')]));
  const growing = [...wanted].filter(([resource, { quantity }]) => quantity > (own.get(resource) ?? 0));
  const growingResources = growing.map(([resource]) => resource);
  await lockAll(tx, t.schema, lockClass.resource, growingResources);
  const others = await unitsOfOthers(tx, t, growingResources, change.holder, now);
  for (const [resource, { quantity, capacity }] of growing) {
    if ((others.get(resource) ?? 0) + quantity > capacity) return resource;
  }
  const deleted = await tx.query(`DELETE FROM ${t.holds} WHERE holder = $1 RETURNING resource, quantity`, [
    change.holder,
  ]);
  await countChanges(
    tx,
    t,
    deleted.map((row) => ({ resource: text(row, 'resource'), quantity: int(row, 'quantity') })),
    wanted,
  );
  if (wanted.size === 0) return undefined;
  const rows = [...wanted];
  await tx.query(
    `INSERT INTO ${t.holds} (resource, holder, quantity, capacity, expires_at)
      SELECT r, $2, q, c, e FROM unnest($1::text[], $3::int[], $4::int[], $5::timestamptz[]) AS u(r, q, c, e)`,
    [
      rows.map(([resource]) => resource),
      change.holder,
      rows.map(([, row]) => row.quantity),
      rows.map(([, row]) => row.capacity),
      rows.map(([, row]) => row.expiresAt ?? null),
    ],
  );
  return undefined;
};

export const postgresInventoryStore = (db: Queryable, t: Tables): InventoryStore => ({
  heldByOthers: (resources, holder, now) => unitsOfOthers(db, t, resources, holder, now),
  expiredHolders: async (now, limit) => {
    const rows = await db.query(
      `SELECT holder FROM ${t.holds} WHERE expires_at <= $1::timestamptz
        GROUP BY holder ORDER BY min(expires_at), holder LIMIT $2`,
      [instantParam(now), Math.max(0, limit)],
    );
    return rows.map((row) => text(row, 'holder'));
  },
});
