// Inventory-scaling benchmark (not a test): the storage's part of adding a product as
// other baskets hold the same stock: read what others hold (the decision's facts) and commit the
// basket's event with its grown hold (capacity checked in the commit), with 0 and with 10,000 other
// holders of the resource, on memory and PostgreSQL, in the same run.
// Run from the repository root: `npx tsx bench/inventory.ts` (replaces its own section of
// docs/benchmarks.md). PostgreSQL at `BASKET_BENCH_POSTGRES_URL`.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Storage } from '../packages/app/src/index';
import { createMemoryStorage } from '../packages/store-memory/src/index';
import { createPostgresStorage, dropSchema, openPgPool } from '../packages/store-postgres/src/index';
import { COUNT_STRIPES } from '../packages/store-postgres/src/striped-hold-counts';

const postgresUrl = process.env.BASKET_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CROWD = Number(process.env.BASKET_BENCH_CROWD ?? 10_000);
const ADDS = Number(process.env.BASKET_BENCH_ADDS ?? 100);
const CAPACITY = 100_000_000;
const T0 = Date.parse('2031-05-01T12:00:00.000Z');
const at = (offsetMs = 0) => new Date(T0 + offsetMs).toISOString();

/**
 * What the other holders have: units held until 15 minutes on (baskets choosing), or units sold
 * (checked-out baskets: a hold without expiry, kept for good).
 */
type Crowd = 'holding' | 'sold';
const expiryOf = (crowd: Crowd): string | undefined => (crowd === 'holding' ? at(15 * 60_000) : undefined);

/** Holder `holder` (a fresh basket stream) holds `quantity` of `resource` until `expiresAt` (or for good). */
const holdCommit = (
  storage: Storage,
  resource: string,
  holder: string,
  version: number,
  quantity: number,
  expiresAt: string | undefined = at(15 * 60_000),
) =>
  storage.unitOfWork.commit({
    streamId: `basket-${holder}`,
    expectedVersion: version,
    events: [{ type: 'LineItemQuantityChanged', data: { quantity } }],
    holds: { holder, holds: [{ resource, quantity, capacity: CAPACITY, expiresAt }] },
    at: at(),
  });

/** `count` other baskets hold one unit of `resource` each (8 commits at a time). */
const crowdOf = (storage: Storage, kind: Crowd) => async (resource: string) => {
  for (let start = 0; start < CROWD; start += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, CROWD - start) }, () =>
        holdCommit(storage, resource, randomUUID(), 0, 1, expiryOf(kind)),
      ),
    );
  }
};

/** Median ms of one add: others' holdings read, then the basket's grown hold committed. */
const addCost = async (storage: Storage, resource: string): Promise<number> => {
  const holder = randomUUID();
  const times: number[] = [];
  for (let version = 0; version < ADDS; version++) {
    const start = performance.now();
    await storage.inventory.heldByOthers([resource], holder, at());
    const result = await holdCommit(storage, resource, holder, version, version + 1);
    times.push(performance.now() - start);
    if (result._tag !== 'Committed') throw new Error(`add refused: ${result._tag}`);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
};

type Row = { storage: string; crowd: Crowd; alone: number; crowded: number };

const measure = async (
  name: string,
  kind: Crowd,
  storage: Storage,
  seed: (resource: string) => Promise<void>,
): Promise<Row> => {
  console.log(name, kind);
  const [quiet, busy] = [`stock:bench|${randomUUID()}`, `stock:bench|${randomUUID()}`];
  await seed(busy);
  // Alternated, so that a change of load on the machine falls on both.
  const alone: number[] = [];
  const crowded: number[] = [];
  for (let round = 0; round < 3; round++) {
    alone.push(await addCost(storage, quiet));
    crowded.push(await addCost(storage, busy));
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[1] ?? Number.NaN;
  return { storage: name, crowd: kind, alone: median(alone), crowded: median(crowded) };
};

const memory = createMemoryStorage();
const rows: Row[] = [
  await measure('memory', 'holding', memory, crowdOf(memory, 'holding')),
  await measure('memory', 'sold', memory, crowdOf(memory, 'sold')),
];
const pool = openPgPool(postgresUrl);
await dropSchema(pool, 'bench_inventory');
const postgres = await createPostgresStorage({ db: pool, schema: 'bench_inventory', closeDb: false });
// 10,000 commits take minutes on a loaded machine: the crowd's rows (and their counts, spread over
// the stripes as commits would leave them: striped-hold-counts.ts) are written in one statement instead.
const seedRows = (kind: Crowd) => async (resource: string) => {
  await pool.transaction(async (tx) => {
    // The holds table takes writes from replace_holds alone (migration 19), unless told otherwise.
    await tx.query(`SELECT set_config('basket.writing_holds', 'on', true)`, []);
    await tx.query(
      `WITH crowd AS (
        INSERT INTO bench_inventory.holds (resource, holder, quantity, capacity, expires_at, stripe)
          SELECT $1, gen_random_uuid()::text, 1, $2, $3::timestamptz, n % ${COUNT_STRIPES} FROM generate_series(1, $4) AS n
          RETURNING stripe, quantity
      )
      INSERT INTO bench_inventory.hold_counts (resource, stripe, units)
        SELECT $1, stripe, sum(quantity) FROM crowd GROUP BY stripe`,
      [resource, CAPACITY, expiryOf(kind) ?? null, CROWD],
    );
  });
  await pool.query('ANALYZE bench_inventory.holds');
};
rows.push(await measure('PostgreSQL', 'holding', postgres, seedRows('holding')));
rows.push(await measure('PostgreSQL', 'sold', postgres, seedRows('sold')));
await postgres.close();
await dropSchema(pool, 'bench_inventory');
await pool.close();

const table = rows
  .map(
    (r) =>
      `| ${r.storage} | ${r.crowd === 'holding' ? 'hold it (15 minutes left)' : 'bought it (sold: held for good)'} | ${r.alone.toFixed(3)} | ${r.crowded.toFixed(3)} | ${(r.crowded / r.alone).toFixed(2)}× |`,
  )
  .join('\n');
const section = `<!-- inventory-bench:start -->
## Inventory scaling (bench/inventory.ts)

\`npx tsx bench/inventory.ts\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}
shared with other engineers' test runs (load average ${loadavg()[0]?.toFixed(1)} at the end): the storage's part of adding a
product, that is reading what other baskets hold of its stock (the decision's facts) and committing the
basket's event with its grown hold (capacity checked in the commit). Median of ${ADDS} adds per round,
the median of 3 rounds alternating the two cases; same storage, same run.

| storage | ${CROWD.toLocaleString('en-GB')} other baskets… | ms per add, nobody else holds the stock | ms per add, with the other baskets | ratio |
| --- | --- | ---: | ---: | ---: |
${table}
<!-- inventory-bench:end -->
`;
const docs = new URL('../docs/benchmarks.md', import.meta.url);
const current = readFileSync(docs, 'utf8');
const marked = /<!-- inventory-bench:start -->[\s\S]*<!-- inventory-bench:end -->\n?/;
writeFileSync(
  docs,
  marked.test(current) ? current.replace(marked, section) : `${current.trimEnd()}\n\n${section}`,
);
console.log(section);
process.exit(0);
