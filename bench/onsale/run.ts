// One on-sale run (bench/onsale.ts, test/onsale): K server processes on one PostgreSQL schema, B
// buyers over C concurrent connections against a generated venue, the holds table watched every
// second, and the checks read from the database at the end.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiKeyOf } from '../../packages/http/src/index';
import { mintDevToken } from '../../packages/server/src/index';
import { type Db, dropSchema, openPgPool } from '../../packages/store-postgres/src/index';
import { type VenueOptions, venueIds, writeVenue } from '../../scripts/generate-venue';
import { type Abandonment, buyer, newTally, rng, type Tally, type Venue } from './buyer';
import type { Admission } from './server';
import { type Server, startServer } from './server-process';

export type OnsaleOptions = {
  readonly postgresUrl: string;
  readonly processes: number;
  readonly buyers: number;
  readonly connections: number;
  readonly venue: Partial<VenueOptions>;
  readonly abandon: Abandonment;
  readonly manualShare: number;
  /** The run stops (and fails the sell-out check) after this many seconds. */
  readonly maxSeconds: number;
  readonly poolSize: number;
  /** Admission limits of each process (absent: the service's defaults). */
  readonly admission?: Admission;
  /** `BASKET_PAYMENT_TIMEOUT_S` of each process (absent: the service's default, 30 minutes). */
  readonly paymentTimeoutSeconds?: number;
  readonly seed: number;
  /** A checkout of the service to run the servers from (the "before"); default this one. */
  readonly serviceRoot?: string;
  readonly log?: (line: string) => void;
};

export type Check = { readonly name: string; readonly ok: boolean; readonly detail: string };

export type OnsaleResult = {
  readonly seats: number;
  readonly processes: number;
  readonly buyersStarted: number;
  /** Seconds from the first request until every seat was sold (undefined: not sold out). */
  readonly sellOutSeconds: number | undefined;
  readonly elapsedSeconds: number;
  readonly successfulSelections: number;
  readonly selectionsPerSecond: number;
  /**
   * Seconds from the first request until every seat was held or sold for the first time: the rush,
   * when the service's speed (and not the holds' expiry) sets the pace. Undefined: never.
   */
  readonly rushSeconds: number | undefined;
  /** Successful selections per second during the rush. */
  readonly rushSelectionsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  /** p99 from the first attempt of the select-seats request, waits after 503s included. */
  readonly p99WithWaits: number;
  /** p50 and p99 of the wait for a basket (createBasket's first attempt to its answer, 503s included). */
  readonly basketWait: { readonly p50: number; readonly p99: number };
  readonly purchases: number;
  readonly abandoned: number;
  readonly refusedSelections: number;
  readonly answers: ReadonlyArray<[string, number]>;
  readonly conflicts: number;
  readonly conflictsPerSuccess: number;
  readonly resourcesPerRead: number;
  readonly commits: Record<string, number>;
  readonly checks: ReadonlyArray<Check>;
};

const SECRET = 'onsale-bench-secret-0123456789abcdef';
const repositoryRoot = resolve(import.meta.dirname, '../..');

const percentile = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

/** The holds table, watched while the buyers run. */
const monitor = (db: Db, schema: string, eventId: string, allSeats: ReadonlyArray<string>) => {
  const prefix = `seat:${eventId}:`;
  let doubleHeld = 0;
  let samples = 0;
  let sold = 0;
  let free: ReadonlySet<string> = new Set(allSeats);
  const sample = async (): Promise<void> => {
    const [double] = await db.query(
      `SELECT count(*)::int AS n FROM (SELECT resource FROM ${schema}.holds
        WHERE starts_with(resource, $1) AND (expires_at IS NULL OR expires_at > now())
        GROUP BY resource HAVING sum(quantity) > 1) AS twice`,
      [prefix],
    );
    doubleHeld = Math.max(doubleHeld, Number(double?.n ?? 0));
    const held = await db.query(
      `SELECT resource FROM ${schema}.holds
        WHERE starts_with(resource, $1) AND (expires_at IS NULL OR expires_at > now()) GROUP BY resource`,
      [prefix],
    );
    const taken = new Set(held.map((row) => String(row.resource).slice(prefix.length)));
    free = new Set(allSeats.filter((seat) => !taken.has(seat)));
    // Sold: held for good by a basket that was checked out (a confirmed intent may still be cancelled).
    const [paid] = await db.query(
      `SELECT count(DISTINCT h.resource)::int AS n FROM ${schema}.holds h
        WHERE starts_with(h.resource, $1) AND h.expires_at IS NULL AND EXISTS (
          SELECT 1 FROM ${schema}.events e WHERE e.stream_id = 'basket-' || h.holder AND e.type = 'BasketCheckedOut')`,
      [prefix],
    );
    sold = Number(paid?.n ?? 0);
    samples += 1;
  };
  return { sample, state: () => ({ doubleHeld, samples, sold, free }) };
};

/** Runs the on-sale once and answers its figures and checks. */
export const runOnsale = async (options: OnsaleOptions): Promise<OnsaleResult> => {
  const log = options.log ?? (() => undefined);
  const dir = mkdtempSync(join(tmpdir(), 'basket-onsale-'));
  const catalogPath = join(dir, 'venue.json');
  writeVenue(catalogPath, options.venue);
  const catalog = JSON.parse(readFileSync(catalogPath, 'utf8')) as {
    providers: Array<{
      products: Array<{ id: string; sections?: Array<{ rows: Array<{ seats: string[] }> }> }>;
    }>;
  };
  const event = catalog.providers.flatMap((p) => p.products).find((p) => p.id === venueIds.event);
  const rows = (event?.sections ?? []).flatMap((s) => s.rows.map((r) => r.seats));
  const allSeats = rows.flat();
  const venue: Venue = {
    eventId: venueIds.event,
    adultRate: venueIds.adult,
    childRate: venueIds.child,
    pieId: venueIds.pie,
    rows,
  };
  const schema = `onsale_${randomBytes(5).toString('hex')}`;
  const db = openPgPool(options.postgresUrl, { max: 2, applicationName: 'onsale-bench-monitor' });
  const root = options.serviceRoot ?? repositoryRoot;
  const servers: Server[] = [];
  try {
    // The first server migrates the schema alone; the others start on a ready schema.
    const task = {
      url: options.postgresUrl,
      schema,
      catalog: catalogPath,
      secret: SECRET,
      poolSize: options.poolSize,
      ...(options.admission === undefined ? {} : { admission: options.admission }),
      ...(options.paymentTimeoutSeconds === undefined
        ? {}
        : { paymentTimeoutSeconds: options.paymentTimeoutSeconds }),
    };
    servers.push(await startServer(root, task));
    servers.push(
      ...(await Promise.all(Array.from({ length: options.processes - 1 }, () => startServer(root, task)))),
    );
    log(`${options.processes} server(s) on ${schema}, ${allSeats.length} seats, ${options.buyers} buyers`);

    const contacts = options.venue.contacts ?? 100;
    const tokens = await Promise.all(
      Array.from({ length: contacts }, (_, i) =>
        mintDevToken({ secret: SECRET, contactId: venueIds.contact(i), ttlSeconds: 6 * 3600 }),
      ),
    );
    const watch = monitor(db, schema, venueIds.event, allSeats);
    await watch.sample();
    const tally: Tally = newTally();
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    let sellOut: number | undefined;
    let rush: number | undefined;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        await watch.sample();
        if (rush === undefined && watch.state().free.size === 0) rush = seconds();
        if (sellOut === undefined && watch.state().sold === allSeats.length) sellOut = seconds();
        await new Promise((done) => setTimeout(done, 1000));
      }
    })();
    const soldOut = () => sellOut !== undefined;
    const stopped = () => seconds() > options.maxSeconds;
    let next = 0;
    let buyersStarted = 0;
    const random = rng(options.seed);
    const lane = async (): Promise<void> => {
      while (!soldOut() && !stopped()) {
        const i = next++;
        if (i >= options.buyers) return;
        buyersStarted += 1;
        const server = servers[i % servers.length];
        if (!server) return;
        try {
          await buyer({
            url: `http://127.0.0.1:${server.port}`,
            headers: { 'x-api-key': apiKeyOf('arena-web'), authorization: `Bearer ${tokens[i % contacts]}` },
            tokenId: venueIds.token(i % contacts),
            venue,
            abandon: options.abandon,
            manualShare: options.manualShare,
            random,
            tally,
            seatMap: () => watch.state().free,
            soldOut,
            stopped,
          });
        } catch (error) {
          tally.errors.push(error instanceof Error ? error.message : String(error));
        }
        if (i % 500 === 0) log(`  buyer ${i} at ${seconds().toFixed(0)} s, ${watch.state().sold} sold`);
      }
    };
    await Promise.all(Array.from({ length: options.connections }, lane));
    // Buyers are done: the last purchases may still be on their way to the holds table.
    await watch.sample();
    if (sellOut === undefined && watch.state().sold === allSeats.length) sellOut = seconds();
    const elapsed = seconds();
    watching = false;
    await watcher;

    const stats = await Promise.all(servers.map((server) => server.stats()));
    const commits: Record<string, number> = {};
    for (const s of stats)
      for (const [tag, n] of Object.entries(s.commits)) commits[tag] = (commits[tag] ?? 0) + n;
    const reads = stats.reduce((n, s) => n + s.availabilityReads, 0);
    const resources = stats.reduce((n, s) => n + s.resourcesRead, 0);
    const conflicts = (commits.VersionConflict ?? 0) + (commits.InsufficientInventory ?? 0);
    const checks = await finalChecks(
      db,
      schema,
      venue,
      allSeats,
      tally,
      sellOut !== undefined,
      watch.state(),
    );
    const latencies = [...tally.selectToSucceeded].sort((a, b) => a - b);
    const basketWaits = [...tally.basketWaits].sort((a, b) => a - b);
    const successes = latencies.length;
    const window = sellOut ?? elapsed;
    const rushEnd = started + (rush ?? elapsed) * 1000;
    const inRush = tally.selectionsSucceededAt.filter((at) => at <= rushEnd).length;
    return {
      seats: allSeats.length,
      processes: options.processes,
      buyersStarted,
      sellOutSeconds: sellOut,
      elapsedSeconds: elapsed,
      successfulSelections: successes,
      selectionsPerSecond: successes / window,
      rushSeconds: rush,
      rushSelectionsPerSecond: inRush / (rush ?? elapsed),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      p99WithWaits: percentile(
        [...tally.selectToSucceededWithWaits].sort((x, y) => x - y),
        99,
      ),
      basketWait: {
        p50: percentile(basketWaits, 50),
        p99: percentile(basketWaits, 99),
      },
      purchases: tally.purchases,
      abandoned: tally.abandoned,
      refusedSelections: tally.selectionsRefused,
      answers: [...tally.answers].sort(([a], [b]) => a.localeCompare(b)),
      conflicts,
      conflictsPerSuccess: successes === 0 ? Number.NaN : conflicts / successes,
      resourcesPerRead: reads === 0 ? 0 : resources / reads,
      commits,
      checks,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await dropSchema(db, schema).catch(() => undefined);
    await db.close();
  }
};

/** The checks the run fails on, read from the database (and from what the buyers were answered). */
const finalChecks = async (
  db: Db,
  schema: string,
  venue: Venue,
  allSeats: ReadonlyArray<string>,
  tally: Tally,
  soldOut: boolean,
  watched: { doubleHeld: number; samples: number },
): Promise<Check[]> => {
  const prefix = `seat:${venue.eventId}:`;
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  const [twice] = await db.query(
    `SELECT count(*)::int AS n FROM (SELECT resource FROM ${schema}.holds
      WHERE starts_with(resource, $1) AND (expires_at IS NULL OR expires_at > now())
      GROUP BY resource HAVING sum(quantity) > 1) AS twice`,
    [prefix],
  );
  const doubleNow = Number(twice?.n ?? 0);
  check(
    'no seat held or sold by two baskets at once',
    watched.doubleHeld === 0 && doubleNow === 0,
    `${watched.samples} samples of the holds table, at most ${watched.doubleHeld} seats held twice; ${doubleNow} at the end`,
  );

  // Sold: held for good by a basket that was checked out. Kept but not checked out: stranded.
  const kept = await db.query(
    `SELECT h.resource, bool_or(e.stream_id IS NOT NULL) AS paid FROM ${schema}.holds h
      LEFT JOIN ${schema}.events e ON e.stream_id = 'basket-' || h.holder AND e.type = 'BasketCheckedOut'
      WHERE starts_with(h.resource, $1) AND h.expires_at IS NULL GROUP BY h.resource`,
    [prefix],
  );
  const sold = kept.filter((row) => row.paid === true).length;
  const keptUnpaid = kept.length - sold;
  check(
    'every seat sold (none stranded in a hold that never turns into an order)',
    soldOut && sold === allSeats.length && keptUnpaid === 0,
    `${sold} of ${allSeats.length} seats sold, ${keptUnpaid} kept by baskets never checked out${soldOut ? '' : '; not sold out within the run'}`,
  );

  const payments = await db.query(
    `SELECT s.data->>'basketId' AS basket, count(*)::int AS n FROM ${schema}.events c
      JOIN ${schema}.events s ON s.stream_id = c.stream_id AND s.type = 'PaymentIntentStarted'
      WHERE c.type = 'PaymentCompleted' GROUP BY 1`,
  );
  const twiceStored = payments.filter((row) => Number(row.n) > 1).length;
  const twiceAnswered = [...tally.payments.values()].filter((n) => n > 1).length;
  const checkedOut = await db.query(
    `SELECT count(*)::int AS n FROM ${schema}.events WHERE type = 'BasketCheckedOut' AND starts_with(stream_id, 'basket-')`,
  );
  check(
    'at most one payment per basket',
    twiceStored === 0 && twiceAnswered === 0 && Number(checkedOut[0]?.n) === payments.length,
    `${payments.length} baskets paid, ${twiceStored} paid twice in the store, ${twiceAnswered} answered 204 twice; ${checkedOut[0]?.n} checked out`,
  );

  const ids = [...tally.notifications.keys()];
  const rows = await db.query(
    // A join, not a count per notification: the outbox has no index on the notification id, and a
    // count per row reads the whole outbox once per notification (past the statement timeout at
    // a few tens of thousands).
    `SELECT c.notification_id, c.status, count(o.notification_id)::int AS published
      FROM ${schema}.commands c LEFT JOIN ${schema}.outbox o ON o.notification_id = c.notification_id
      WHERE c.notification_id = ANY($1::text[]) GROUP BY c.notification_id, c.status`,
    [ids],
  );
  const stored = new Map(rows.map((row) => [String(row.notification_id), row]));
  const wrong = ids.filter((id) => {
    const row = stored.get(id);
    return (
      row === undefined ||
      row.status === 'Pending' ||
      row.status !== tally.notifications.get(id) ||
      Number(row.published) !== 1
    );
  });
  check(
    'every accepted notification completed exactly once',
    wrong.length === 0,
    `${ids.length} notifications: ${wrong.length} missing, Pending, changed or not published exactly once`,
  );
  check(
    'no answer outside the contract',
    tally.errors.length === 0,
    tally.errors.slice(0, 3).join('; ') || 'none',
  );
  return checks;
};
