// Storage benchmarks (not tests): appends/s and command round trips/s on memory, PGlite and
// PostgreSQL, and basket load times at 10, 1,000 and 10,000 events with and without snapshots.
// Run from the repository root: `pnpm bench:storage` (replaces its own section of docs/benchmarks.md).
// The root has no package of its own, so the packages' entry points are imported by path.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  type Answer,
  type AppConfig,
  createBasketApp,
  randomIds,
  type Storage,
  systemClock,
} from '../packages/app/src/index';
import {
  demoCatalogPath,
  loadCatalogFile,
  simulatedPaymentProvider,
  simulatedProviders,
} from '../packages/providers-catalog/src/index';
import { createMemoryStorage } from '../packages/store-memory/src/index';
import {
  createPostgresStorage,
  dropSchema,
  openPglite,
  openPgPool,
} from '../packages/store-postgres/src/index';

const postgresUrl = process.env.BASKET_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const caller = { storeId: 'arena-web' };
const catalog = await loadCatalogFile(demoCatalogPath);

type Kind = {
  readonly name: string;
  readonly open: () => Promise<Storage>;
  readonly dispose: () => Promise<void>;
};

const pgliteDir = mkdtempSync(join(tmpdir(), 'basket-bench-'));
const schema = `basket_bench_${process.pid}`;
const kinds: ReadonlyArray<Kind> = [
  { name: 'memory', open: async () => createMemoryStorage(), dispose: async () => {} },
  {
    name: 'PGlite (in memory)',
    open: async () => createPostgresStorage({ db: await openPglite('memory') }),
    dispose: async () => {},
  },
  {
    name: 'PGlite (data directory)',
    open: async () => createPostgresStorage({ db: await openPglite(join(pgliteDir, 'data')) }),
    dispose: async () => rmSync(pgliteDir, { recursive: true, force: true }),
  },
  {
    name: 'PostgreSQL',
    open: async () => createPostgresStorage({ db: openPgPool(postgresUrl, { max: 10 }), schema }),
    dispose: async () => {
      const db = openPgPool(postgresUrl, { max: 1 });
      await dropSchema(db, schema);
      await db.close();
    },
  },
];

const appOn = (storage: Storage, config: AppConfig = {}) =>
  createBasketApp({
    storage,
    providers: simulatedProviders(catalog, { ledger: storage.providerLedger }),
    paymentProvider: simulatedPaymentProvider(catalog, { ids: randomIds, ledger: storage.providerLedger }),
    clock: systemClock,
    ids: randomIds,
    config: { recoveryIntervalMs: 0, ...config },
  });
type App = ReturnType<typeof appOn>;

const idOf = (answer: Answer, field: 'id' | 'notificationId'): string => {
  const value = 'body' in answer ? answer.body[field] : undefined;
  if (typeof value !== 'string') throw new Error(`unexpected answer ${JSON.stringify(answer)}`);
  return value;
};

const newBasket = async (app: App): Promise<string> => idOf(await app.api.createBasket(caller), 'id');

/** One command's round trip: accepted, processed, its notification Succeeded. */
const roundTrip = async (app: App, basketId: string, value: string): Promise<void> => {
  const answer = await app.api.setCustomerDetails(caller, basketId, {
    customerDetails: [{ type: 'FirstName', value: { name: value } }],
  });
  const notificationId = idOf(answer, 'notificationId');
  await app.processor.process(basketId);
  const notification = await app.api.getNotification(caller, notificationId);
  if (!('body' in notification) || notification.body.status !== 'Succeeded') throw new Error('not Succeeded');
};

/** Operations per second of `n` runs of `op` (after `warmup` unmeasured runs). */
const rate = async (n: number, op: (i: number) => Promise<void>, warmup = 20): Promise<number> => {
  for (let i = 0; i < warmup; i += 1) await op(-1 - i);
  const start = performance.now();
  for (let i = 0; i < n; i += 1) await op(i);
  return (n * 1000) / (performance.now() - start);
};

/** Median milliseconds of `runs` runs of `op`. */
const medianMs = async (runs: number, op: () => Promise<unknown>): Promise<number> => {
  const times: number[] = [];
  await op();
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await op();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
};

const appendsPerSecond = async (storage: Storage, n: number, writers: number): Promise<number> => {
  const streams = Array.from({ length: writers }, () => `bench-${randomIds.uuid()}`);
  const versions = new Map(streams.map((s) => [s, 0]));
  const append = async (streamId: string) => {
    const expectedVersion = versions.get(streamId) ?? 0;
    const result = await storage.unitOfWork.commit({
      streamId,
      expectedVersion,
      events: [
        { type: 'BenchAppended', data: { n: expectedVersion, note: 'a typical small event payload' } },
      ],
      at: systemClock.now(),
    });
    if (result._tag !== 'Committed') throw new Error(result._tag);
    versions.set(streamId, result.version);
  };
  const perWriter = Math.ceil(n / writers);
  return (await rate(perWriter, () => Promise.all(streams.map(append)).then(() => {}), 5)) * writers;
};

/** A basket history of `events` events (createBasket + setCustomerDetails), built once on memory. */
const buildHistory = async (events: number) => {
  const storage = createMemoryStorage();
  const app = appOn(storage, { snapshotEvery: 50 });
  const basketId = await newBasket(app);
  for (let i = 1; i < events; i += 1) await roundTrip(app, basketId, `v${i}`);
  await app.drain();
  const streamId = `basket-${basketId}`;
  return {
    basketId,
    streamId,
    recorded: await storage.events.readStream(streamId),
    snapshot: await storage.snapshots.load(streamId),
  };
};
type History = Awaited<ReturnType<typeof buildHistory>>;

/** Copies a history into `storage`, with its latest snapshot or without any. */
const copyHistory = async (storage: Storage, history: History, withSnapshot: boolean): Promise<void> => {
  for (let from = 0; from < history.recorded.length; from += 500) {
    const batch = history.recorded.slice(from, from + 500);
    const last = batch[batch.length - 1];
    const result = await storage.unitOfWork.commit({
      streamId: history.streamId,
      expectedVersion: from,
      events: batch.map(({ type, data }) => ({ type, data })),
      at: last?.recorded ?? systemClock.now(),
    });
    if (result._tag !== 'Committed') throw new Error(result._tag);
  }
  if (withSnapshot && history.snapshot !== undefined)
    await storage.snapshots.save(history.streamId, history.snapshot);
};

const sizes = [10, 1000, 10_000] as const;
const fmt = (value: number, digits = 0): string =>
  value.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const main = async (): Promise<void> => {
  const histories: History[] = [];
  for (const size of sizes) histories.push(await buildHistory(size));
  const throughput: string[] = [];
  const loads: string[] = [];
  for (const kind of kinds) {
    const storage = await kind.open();
    try {
      const fast = kind.name === 'memory';
      const sequential = await appendsPerSecond(storage, fast ? 5000 : 500, 1);
      const parallel = await appendsPerSecond(storage, fast ? 5000 : 800, 8);
      const app = appOn(storage);
      const basketId = await newBasket(app);
      const trips = await rate(fast ? 2000 : 200, (i) => roundTrip(app, basketId, `r${i}`));
      const baskets = await Promise.all(Array.from({ length: 8 }, () => newBasket(app)));
      const parallelTrips =
        (await rate(fast ? 250 : 30, (i) =>
          Promise.all(baskets.map((b, j) => roundTrip(app, b, `p${i}-${j}`))).then(() => {}),
        )) * baskets.length;
      throughput.push(
        `| ${kind.name} | ${fmt(sequential)} | ${fmt(parallel)} | ${fmt(trips)} | ${fmt(parallelTrips)} |`,
      );
      // Load times through the app's read path (getBasket: snapshot + later events, folded, viewed).
      const timings = new Map<string, number>();
      for (const history of histories) {
        for (const withSnapshot of [false, true]) {
          const copy = { ...history, streamId: `basket-${randomIds.uuid()}` };
          const id = copy.streamId.slice('basket-'.length);
          await copyHistory(storage, copy, withSnapshot);
          const runs = history.recorded.length >= 10_000 ? 5 : 15;
          timings.set(
            `${history.recorded.length}/${withSnapshot}`,
            await medianMs(runs, () => app.api.getBasket(caller, id)),
          );
        }
      }
      const baseline = timings.get('10/false') ?? Number.NaN;
      const cell = (size: number, withSnapshot: boolean): string => {
        const ms = timings.get(`${size}/${withSnapshot}`) ?? Number.NaN;
        return `${fmt(ms, 2)} ms (${fmt(ms / baseline, 1)}×)`;
      };
      for (const size of sizes) {
        const snapshotAt = histories.find((h) => h.recorded.length === size)?.snapshot?.version;
        loads.push(
          `| ${kind.name} | ${fmt(size)} | ${cell(size, false)} | ${cell(size, true)} | ${snapshotAt ?? 'none (< 50 events)'} |`,
        );
      }
      await app.drain();
    } finally {
      await storage.close();
      await kind.dispose();
    }
    process.stdout.write(`done: ${kind.name}\n`);
  }
  writeSection(section(throughput, loads));
};

const section = (
  throughput: ReadonlyArray<string>,
  loads: ReadonlyArray<string>,
): string => `<!-- storage-bench:start -->
## Storage (bench/storage.ts)

Produced by \`pnpm bench:storage\` (from the repository root; PostgreSQL at
\`BASKET_BENCH_POSTGRES_URL\`, default \`postgres://postgres@127.0.0.1:5432/test\`), on
${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${availableParallelism()} × ${cpus()[0]?.model ?? 'CPU'},
load average ${loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ')} at the end of the run. Figures of one run on a shared
machine: compare them with each other, not with other machines.

### Throughput

- *Appends/s*: \`unitOfWork.commit\` of one event each, one writer (sequential) or 8 writers on 8 streams.
- *Round trips/s*: a setCustomerDetails accepted, processed and its notification read back Succeeded,
  through the app (\`createBasketApp\`): one basket sequentially, or 8 baskets at once.

| Storage | appends/s (1 writer) | appends/s (8 writers) | round trips/s (1 basket) | round trips/s (8 baskets) |
|---|---:|---:|---:|---:|
${throughput.join('\n')}

### Loading a basket

Median time of \`getBasket\` (load: latest snapshot + the events after it, fold, view) of a basket
whose stream has 10, 1,000 or 10,000 events (createBasket then setCustomerDetails commands), with no
snapshot or with the snapshot the app commits every 50 events. In brackets: the ratio to the
baseline, the 10-event basket without snapshot on the same storage in the same run. At these sizes
(multiples of 50) the app's latest snapshot is at the last event, so "with snapshot" reads no event
after it; between snapshots a load also reads up to 49 events (at most about 1/20 of the 1,000-event
replay).

| Storage | events | without snapshot | with snapshot | snapshot at version |
|---|---:|---:|---:|---:|
${loads.join('\n')}
<!-- storage-bench:end -->
`;

/** Replaces this benchmark's own section of docs/benchmarks.md (other benchmarks write theirs). */
const writeSection = (text: string): void => {
  const docs = new URL('../docs/benchmarks.md', import.meta.url);
  const current = existsSync(docs) ? readFileSync(docs, 'utf8') : '# Benchmarks\n';
  const marked = /<!-- storage-bench:start -->[\s\S]*<!-- storage-bench:end -->\n?/;
  writeFileSync(
    docs,
    marked.test(current) ? current.replace(marked, text) : `${current.trimEnd()}\n\n${text}`,
  );
};

await main();
