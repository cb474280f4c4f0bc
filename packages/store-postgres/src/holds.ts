import type { HoldRow, InventoryStore } from '@basket/app';
import type { Queryable, Row } from './db';
import type { Tables } from './names';
import { instantParam, int, text } from './values';

type Wanted = { quantity: number; capacity: number; expiresAt: string | undefined };

/** One row per resource (the table's key is resource × holder): units add up, the tightest capacity wins. */
export const mergeByResource = (rows: ReadonlyArray<HoldRow>): Map<string, Wanted> => {
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
 * the resource's count of units held, over its stripes (kept by the schema's `replace_holds` function,
 * striped-hold-counts.ts, in the same transactions as the rows)
 * less the expired rows not yet released (few: the expiry sweeper releases them) and less the
 * holder's own unexpired rows (by the primary key). No statement here reads every hold of a
 * resource, so a check costs the same whether 10 or 10,000 baskets hold it. One statement, so the
 * count and the rows are read in one snapshot.
 */
/**
 * Units others hold of each resource ($1 the resources, $2 the holder, $3 the time): see
 * `unitsOfOthers`. Only resources whose count is not 0 have a row (`unitsOf` answers 0 for the
 * others), so that reading a venue section's thousand seats, most of them free, costs PostgreSQL
 * an index look-up each and the service only the rows of seats someone holds.
 */
export const unitsOfOthersSql = (t: Tables): string =>
  `SELECT c.resource,
      (c.units
        - coalesce((SELECT sum(h.quantity) FROM ${t.holds} h
            WHERE h.resource = c.resource AND h.expires_at IS NOT NULL AND h.expires_at <= $3::timestamptz), 0)
        - coalesce((SELECT sum(h.quantity) FROM ${t.holds} h
            WHERE h.resource = c.resource AND h.holder = $2
              AND (h.expires_at IS NULL OR h.expires_at > $3::timestamptz)), 0))::int AS units
    FROM (SELECT c.resource, sum(c.units) AS units FROM ${t.holdCounts} c
            WHERE c.resource = ANY ($1::text[]) GROUP BY c.resource) AS c
    WHERE c.units <> 0`;

/** The units of each of `resources` from the rows of `unitsOfOthersSql` (0 for a resource without a row). */
export const unitsOf = (resources: ReadonlyArray<string>, rows: ReadonlyArray<Row>): Map<string, number> => {
  const units = new Map(resources.map((resource): [string, number] => [resource, 0]));
  for (const row of rows) units.set(text(row, 'resource'), int(row, 'units'));
  return units;
};

const unitsOfOthers = async (
  db: Queryable,
  t: Tables,
  resources: ReadonlyArray<string>,
  holder: string,
  now: string,
): Promise<Map<string, number>> => {
  if (resources.length === 0) return unitsOf(resources, []);
  const unique = [...new Set(resources)];
  return unitsOf(resources, await db.query(unitsOfOthersSql(t), [unique, holder, instantParam(now)]));
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
