import { connect, createServer, type Server, type Socket } from 'node:net';
import { StorageUnavailableError } from '@basket/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommitOutcomeUnknownError, type Db, openPgPool } from '../src/index';
import { postgresUrl } from './support';

const target = new URL(postgresUrl);

/**
 * A TCP proxy to PostgreSQL that can stall: `stall()` keeps every connection open so far but
 * forwards nothing more on it either way (a network that drops packets); later ones work.
 */
const stallingProxy = async () => {
  const stalled = new Set<Socket>();
  const live = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      live.add(from);
      from.on('data', (chunk: Buffer) => {
        if (!stalled.has(from)) to.write(chunk);
      });
      from.on('error', () => undefined);
      from.on('close', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const url = new URL(postgresUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    stall: () => {
      for (const socket of live) stalled.add(socket);
      live.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of stalled) socket.destroy();
        server.close(() => resolve());
      }),
  };
};

describe('the pg driver when connections fail (PostgreSQL)', () => {
  let admin: Db;
  beforeAll(() => {
    admin = openPgPool(postgresUrl, { max: 1 });
  });
  afterAll(() => admin?.close());

  it('survives a connection the server ends while a transaction holds it between statements, and goes on', async () => {
    const db = openPgPool(postgresUrl, { max: 1, applicationName: 'basket-driver-failure-test' });
    try {
      const ended = db.transaction(async (tx) => {
        const [row] = await tx.query('SELECT pg_backend_pid() AS pid');
        await admin.query('SELECT pg_terminate_backend($1::int)', [row?.pid]);
        // Until the backend is gone, so that the connection's end reaches this process while no
        // statement runs on it (pg then emits 'error' on the client: unheard, it would crash).
        while (
          (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1::int', [row?.pid])).length > 0
        );
        await new Promise((resolve) => setImmediate(resolve));
        await tx.query('SELECT 1');
      });
      await expect(ended).rejects.toThrow();
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('gives up a connection that stops answering, within its timeout, and serves on a new one; nothing committed is a 503', async () => {
    const proxy = await stallingProxy();
    const db = openPgPool(proxy.url, { max: 1, timeoutMs: 500 });
    try {
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      proxy.stall();
      // Unanswered before COMMIT: nothing was committed, a 503 to send again.
      const unanswered = db.transaction((tx) => tx.query('SELECT 2 AS two'));
      await expect(unanswered).rejects.toThrow(StorageUnavailableError);
      await expect(unanswered).rejects.toThrow('PostgreSQL did not answer in time; nothing was committed');
      expect(await db.transaction((tx) => tx.query('SELECT 3 AS three'))).toEqual([{ three: 3 }]);
      // An unanswered COMMIT may have committed: a 500, whose log names it (not a bare `Error`).
      const commit = db.transaction(async (tx) => {
        await tx.query('SELECT 4 AS four');
        proxy.stall();
      });
      await expect(commit).rejects.toThrow(CommitOutcomeUnknownError);
      await expect(commit).rejects.toMatchObject({ name: 'CommitOutcomeUnknownError' });
      await expect(commit).rejects.not.toThrow(StorageUnavailableError);
      expect(await db.transaction((tx) => tx.query('SELECT 5 AS five'))).toEqual([{ five: 5 }]);
    } finally {
      await db.close();
      await proxy.close();
    }
  });

  it('a read that PostgreSQL does not answer in time is a 503 (it wrote nothing), batched with others or alone', async () => {
    for (const batchesInFlight of [1, 0]) {
      const proxy = await stallingProxy();
      const db = openPgPool(proxy.url, { max: 4, timeoutMs: 500, batchesInFlight });
      try {
        expect(await db.read?.('SELECT $1::int AS one', [1])).toEqual([{ one: 1 }]);
        proxy.stall();
        const unanswered = db.read?.('SELECT $1::int AS two', [2]);
        await expect(unanswered, `batchesInFlight ${batchesInFlight}`).rejects.toThrow(
          StorageUnavailableError,
        );
        await expect(unanswered).rejects.toThrow('PostgreSQL did not answer a read in time');
        expect(await db.read?.('SELECT $1::int AS three', [3])).toEqual([{ three: 3 }]);
      } finally {
        await db.close();
        await proxy.close();
      }
    }
  });

  it('answers StorageUnavailableError when no connection can be had, in a transaction or alone', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const url = new URL(postgresUrl);
    url.hostname = '127.0.0.1';
    url.port = String(typeof address === 'object' && address !== null ? address.port : 1);
    const db = openPgPool(url.toString(), { max: 1, timeoutMs: 500 });
    try {
      await expect(db.transaction((tx) => tx.query('SELECT 1'))).rejects.toThrow(StorageUnavailableError);
      // Saying why: refused, not "in time".
      await expect(db.query('SELECT 1')).rejects.toThrow(/^no connection to PostgreSQL: .*ECONNREFUSED/);
    } finally {
      await db.close();
    }
  });

  it("names PostgreSQL's own reason when it refuses the connection: a database that does not exist", async () => {
    const url = new URL(postgresUrl);
    url.pathname = '/basket_no_such_database';
    const db = openPgPool(url.toString(), { max: 1, timeoutMs: 5000 });
    try {
      const refused = db.query('SELECT 1');
      await expect(refused).rejects.toThrow(StorageUnavailableError);
      await expect(refused).rejects.toThrow('database "basket_no_such_database" does not exist');
    } finally {
      await db.close();
    }
  });

  it('cancels a statement that waits on a lock past its timeout: nothing written, the pool goes on', async () => {
    const db = openPgPool(postgresUrl, { max: 1, timeoutMs: 300 });
    const table = `basket_driver_lock_${process.pid}`;
    await admin.query(`CREATE TABLE IF NOT EXISTS ${table} (n integer)`);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const locking = admin.transaction(async (tx) => {
      await tx.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
      await held;
    });
    try {
      const refused = db.transaction((tx) => tx.query(`INSERT INTO ${table} VALUES (1)`));
      // Nothing was done and may be later: the HTTP interface answers it 503 with Retry-After.
      await expect(refused).rejects.toThrow(StorageUnavailableError);
      await expect(refused).rejects.toMatchObject({ cause: { code: '57014' } });
      await expect(db.query(`INSERT INTO ${table} VALUES (2)`)).rejects.toThrow(StorageUnavailableError);
      release();
      await locking;
      expect(await db.query(`SELECT count(*)::int AS n FROM ${table}`)).toEqual([{ n: 0 }]);
    } finally {
      release();
      await locking.catch(() => undefined);
      await admin.query(`DROP TABLE IF EXISTS ${table}`);
      await db.close();
    }
  });
});
