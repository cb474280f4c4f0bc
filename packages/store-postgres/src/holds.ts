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

/** Units of each resource held, unexpired at `now`, by holders other than `holder` (0 when none). */
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
    `SELECT resource, sum(quantity)::int AS units FROM ${t.holds}
      WHERE resource = ANY($1::text[]) AND holder <> $2 AND (expires_at IS NULL OR expires_at > $3::timestamptz)
      GROUP BY resource`,
    [[...new Set(resources)], holder, instantParam(now)],
  );
  for (const row of rows) units.set(text(row, 'resource'), int(row, 'units'));
  return units;
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
  await tx.query(`DELETE FROM ${t.holds} WHERE holder = $1`, [change.holder]);
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
