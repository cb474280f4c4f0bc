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

/**
 * Units others hold of the resources from $1 to $2, both included ($3 the holder, $4 the time): as
 * `unitsOfOthersSql`, for a range of keys read as one index range instead of key by key, with the
 * expired rows and the holder's own taken off as sets (few rows each). A venue section's thousand
 * seats cost a third of the list's time here, and the request carries two keys, not a thousand.
 */
export const unitsInRangeSql = (t: Tables): string =>
  `WITH counts AS (
      SELECT c.resource, sum(c.units) AS units FROM ${t.holdCounts} c
        WHERE c.resource >= $1 AND c.resource <= $2 GROUP BY c.resource HAVING sum(c.units) <> 0
    ), expired AS (
      SELECT h.resource, sum(h.quantity) AS units FROM ${t.holds} h
        WHERE h.expires_at <= $4::timestamptz AND h.resource >= $1 AND h.resource <= $2 GROUP BY h.resource
    ), own AS (
      SELECT h.resource, sum(h.quantity) AS units FROM ${t.holds} h
        WHERE h.holder = $3 AND (h.expires_at IS NULL OR h.expires_at > $4::timestamptz) GROUP BY h.resource
    )
    SELECT c.resource, (c.units - coalesce(e.units, 0) - coalesce(o.units, 0))::int AS units
      FROM counts c LEFT JOIN expired e USING (resource) LEFT JOIN own o USING (resource)`;

/** A list of at least this many resources of one product is read as a range of keys. */
const RANGE_READ_MIN = 32;

/** What a resource key is of (its kind and product): all of it before its last `:`. */
const productOf = (resource: string): string => resource.slice(0, resource.lastIndexOf(':') + 1);

/**
 * The first and last of `resources` when they are to be read as a range: many, all of one product
 * (a section's seats, an event's section tallies), plain ASCII, on a database that orders such text
 * byte by byte, so that the range holds no key of another product and JavaScript's order is the
 * index's.
 */
export const rangeOf = (
  t: Tables,
  resources: ReadonlyArray<string>,
): { readonly first: string; readonly last: string } | undefined => {
  const [one] = resources;
  if (t.byteOrdered !== true || one === undefined || resources.length < RANGE_READ_MIN) return undefined;
  const product = productOf(one);
  let first = one;
  let last = one;
  for (const resource of resources) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is U+0000 to U+007F.
    if (productOf(resource) !== product || !/^[\x00-\x7f]*$/.test(resource)) return undefined;
    if (resource < first) first = resource;
    if (resource > last) last = resource;
  }
  return { first, last };
};

/**
 * The units of each of `resources` from the rows of `unitsOfOthersSql` or `unitsInRangeSql` (0 for a
 * resource without a row; rows of resources not asked for, which a range may hold, left out).
 */
export const unitsOf = (resources: ReadonlyArray<string>, rows: ReadonlyArray<Row>): Map<string, number> => {
  const units = new Map(resources.map((resource): [string, number] => [resource, 0]));
  for (const row of rows) {
    const resource = text(row, 'resource');
    if (units.has(resource)) units.set(resource, int(row, 'units'));
  }
  return units;
};

/** Text in this order is ordered byte by byte; a collation for a language orders it otherwise. */
const ORDER_PROBE = ['#', '-', '0', '9', ':', 'A', 'B', 'Z', '_', 'a', 'b', 'z', '|'];

/** Whether `db` orders ASCII text byte by byte in its default collation (see `Tables.byteOrdered`). */
export const byteOrderedText = async (db: Queryable): Promise<boolean> => {
  const [row] = await db.query(`SELECT array_agg(x ORDER BY x) AS sorted FROM unnest($1::text[]) AS x`, [
    [...ORDER_PROBE].reverse(),
  ]);
  const sorted: unknown = row?.sorted;
  return Array.isArray(sorted) && sorted.join('\u0001') === ORDER_PROBE.join('\u0001');
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
  const range = rangeOf(t, unique);
  return unitsOf(
    resources,
    range === undefined
      ? await db.query(unitsOfOthersSql(t), [unique, holder, instantParam(now)])
      : await db.query(unitsInRangeSql(t), [range.first, range.last, holder, instantParam(now)]),
  );
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
