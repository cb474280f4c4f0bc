import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createBasketApp, randomIds, type Storage, systemClock } from '@basket/app';
import {
  demoCatalogPath,
  loadCatalogFile,
  simulatedPaymentProvider,
  simulatedProviders,
} from '@basket/providers-catalog';
import { createPostgresStorage, type Db, dropSchema, openPgPool } from '@basket/store-postgres';
import type { WorkerReport, WorkerTask } from './fixtures/worker';

/** The test PostgreSQL server. Unreachable → the tests fail: they never skip. */
export const postgresUrl = process.env.BASKET_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const repositoryRoot = resolve(import.meta.dirname, '../..');
const workerScript = resolve(import.meta.dirname, 'fixtures/worker.ts');

export type Worker = {
  readonly child: ChildProcess;
  readonly reports: WorkerReport[];
  /** Resolves when `count` reports match (or rejects if the process ends first). */
  readonly until: (match: (report: WorkerReport) => boolean, count?: number) => Promise<void>;
  /** The exit code, or the signal that ended it. */
  readonly exited: Promise<number | NodeJS.Signals>;
  readonly stderr: () => string;
};

/**
 * Starts a server process running `task`: another process, not a worker thread, so that it can
 * really crash. Node runs the TypeScript itself (`--import tsx`), so the child is the process that
 * a signal reaches (the `tsx` CLI would put a process in between that a SIGKILL leaves orphaned).
 */
export const startWorker = (task: WorkerTask): Worker => {
  const child = spawn(process.execPath, ['--import', 'tsx', workerScript, JSON.stringify(task)], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const reports: WorkerReport[] = [];
  const waiters = new Set<() => void>();
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    reports.push(JSON.parse(line) as WorkerReport);
    for (const waiter of waiters) waiter();
  });
  const exited = new Promise<number | NodeJS.Signals>((done) =>
    child.on('exit', (code, signal) => {
      for (const waiter of waiters) waiter();
      done(signal ?? code ?? -1);
    }),
  );
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const until = (match: (report: WorkerReport) => boolean, count = 1): Promise<void> =>
    new Promise((done, fail) => {
      const check = (): void => {
        if (reports.filter(match).length >= count) {
          waiters.delete(check);
          done();
        } else if (ended || child.exitCode !== null || child.signalCode !== null) {
          waiters.delete(check);
          fail(new Error(`worker ended before reporting (stderr: ${errors.slice(-2000)})`));
        }
      };
      waiters.add(check);
      check();
    });
  return { child, reports, until, exited, stderr: () => errors };
};

export const accepted = (reports: ReadonlyArray<WorkerReport>) =>
  reports.flatMap((report) => (report.event === 'accepted' ? [report] : []));

/** A schema of this test alone, its storage and an app in this process (to create baskets). */
export type Scene = {
  readonly schema: string;
  readonly db: Db;
  readonly storage: Storage;
  readonly createBaskets: (count: number) => Promise<ReadonlyArray<string>>;
  readonly cleanup: () => Promise<void>;
};

export const openScene = async (): Promise<Scene> => {
  const schema = `basket_test_${randomBytes(6).toString('hex')}`;
  const db = openPgPool(postgresUrl, { max: 4 });
  const storage = await createPostgresStorage({ db, schema, closeDb: false });
  const catalog = await loadCatalogFile(demoCatalogPath);
  const createBaskets = async (count: number): Promise<ReadonlyArray<string>> => {
    const app = createBasketApp({
      storage,
      providers: simulatedProviders(catalog, { ledger: storage.providerLedger }),
      paymentProvider: simulatedPaymentProvider(catalog, { ids: randomIds, ledger: storage.providerLedger }),
      clock: systemClock,
      ids: randomIds,
    });
    try {
      const ids: string[] = [];
      for (let i = 0; i < count; i += 1) {
        const answer = await app.api.createBasket({ storeId: 'arena-web' });
        if (answer.status !== 200 || typeof answer.body.id !== 'string')
          throw new Error('createBasket failed');
        ids.push(answer.body.id);
      }
      return ids;
    } finally {
      await app.drain();
    }
  };
  return {
    schema,
    db,
    storage,
    createBaskets,
    cleanup: async () => {
      try {
        await dropSchema(db, schema);
      } finally {
        await db.close();
      }
    },
  };
};

/**
 * The `<tag>-<n>` values an event carries (setCustomerDetails FirstName values), as whole words:
 * a uuid elsewhere in the event must not pass for one (`…8fcc-1234…` is no `c-1234`).
 */
export const valuesIn = (data: unknown, tag: string): ReadonlyArray<string> =>
  JSON.stringify(data).match(new RegExp(`(?<![0-9A-Za-z-])${tag}-\\d+(?![0-9A-Za-z])`, 'g')) ?? [];

/**
 * Resolves once a backend of the worker process `pid` waits on a lock: how a test knows that the
 * worker is stopped inside a transaction (polling the server's own view, not sleeping).
 */
export const waitForBlocked = async (db: Db, pid: number): Promise<void> => {
  for (let attempt = 0; attempt < 100_000; attempt += 1) {
    const [row] = await db.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
      [`basket-worker-${pid}`],
    );
    if (Number(row?.n) > 0) return;
  }
  throw new Error(`worker ${pid} never blocked`);
};
