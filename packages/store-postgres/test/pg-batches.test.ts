import {
  type Commit,
  type HoldRow,
  type Storage,
  StorageUnavailableError,
  type TransactionResult,
  withSeatsInFlight,
} from '@basket/app';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPostgresStorage, type Db, dropSchema, openPgPool } from '../src/index';
import { lockKey } from '../src/locks';
import { batchedStorage, freshSchema, postgresUrl, waitForBlocked, withHeldLocks } from './support';

const at = '2026-11-21T18:04:05.123Z';

/**
 * Transactions run together as one PostgreSQL transaction (pg-batches.ts, docs/architecture.md
 * "Batches"): with one batch in flight, the first of several transactions started at once runs
 * alone and the others wait for it, then run as one batch.
 */
describe('batched transactions on PostgreSQL (pg-batches.ts)', () => {
  let opened: Awaited<ReturnType<typeof batchedStorage>>;
  let db: Db;
  let storage: Storage;
  let schema: string;
  beforeAll(async () => {
    opened = await batchedStorage();
    ({ db, storage, schema } = opened);
  });
  afterAll(() => opened?.close());

  /** A transaction on `stream`'s lock appending one event at the version it read, with `holds`. */
  const append = (
    stream: string,
    options: { holds?: ReadonlyArray<HoldRow>; fail?: () => Promise<void> } = {},
  ) =>
    storage.unitOfWork.transaction(stream, async (reads) => {
      const version = (await reads.readStream(stream)).length;
      await options.fail?.();
      const commit: Commit = {
        streamId: stream,
        expectedVersion: version,
        events: [{ type: 'Appended', data: { version } }],
        ...(options.holds === undefined ? {} : { holds: { holder: stream, holds: options.holds } }),
        at,
      };
      return { commit, value: version };
    });

  /** PostgreSQL transactions that wrote the streams' events (the events table records its writer's). */
  const writers = async (streams: ReadonlyArray<string>): Promise<number> => {
    const [row] = await db.query(
      `SELECT count(DISTINCT tx)::int AS n FROM ${schema}.events WHERE stream_id = ANY($1::text[])`,
      [streams],
    );
    return Number(row?.n);
  };

  const done = <T>(result: TransactionResult<T>) => {
    expect(result._tag).toBe('Done');
    return result;
  };

  it('runs the transactions that wait together in one PostgreSQL transaction, each written', async () => {
    const streams = Array.from({ length: 10 }, (_, i) => `basket-together-${i}`);
    const results = await Promise.all(streams.map((stream) => append(stream)));
    for (const result of results) expect(done(result)).toMatchObject({ value: 0, version: 1 });
    // The first alone, the nine that waited for it in one.
    expect(await writers(streams)).toBe(2);
    for (const stream of streams) expect(await storage.events.readStream(stream)).toHaveLength(1);
  });

  it('lets the members of a batch decide one after the other, in order of arrival', async () => {
    // Arriving in the reverse of their locks' order, which the batch takes its locks in.
    const streams = Array.from({ length: 12 }, (_, i) => `basket-order-${i}`)
      .sort((a, b) => lockKey(`${schema}:${b}`) - lockKey(`${schema}:${a}`))
      .slice(0, 4);
    const seen: string[] = [];
    const decide = (stream: string) =>
      storage.unitOfWork.transaction(stream, async (reads) => {
        seen.push(`start ${stream}`);
        const version = (await reads.readStream(stream)).length;
        seen.push(`decided ${stream}`);
        return {
          value: version,
          commit: { streamId: stream, expectedVersion: version, events: [{ type: 'Made', data: {} }], at },
        };
      });
    const [opener, ...together] = streams;
    await Promise.all([decide(opener ?? ''), ...together.map(decide)]);
    expect(await writers(together)).toBe(1);
    // Each starts once the one before it asked for its read, and is given its rows after it decided.
    expect(seen.slice(2)).toEqual([
      ...together.map((stream) => `start ${stream}`),
      ...together.map((stream) => `decided ${stream}`),
    ]);
  });

  it('lets a seat decision in a batch count the seats the members before it chose (seats in flight)', async () => {
    const seats = ['seat:order:a1', 'seat:order:a2', 'seat:order:a3', 'seat:order:a4', 'seat:order:a5'];
    const inFlight = withSeatsInFlight(storage);
    const buyers = Array.from({ length: 5 }, (_, i) => `basket-buyer-${i}`);
    // Each takes the first seat free by its read, as automatic selection (C-7.5) does.
    const buy = (stream: string) =>
      inFlight.unitOfWork.transaction(stream, async (reads) => {
        const held = await reads.heldByOthers(seats, stream, at, { choosing: true });
        const seat = seats.find((s) => (held.get(s) ?? 0) === 0) ?? 'none free';
        return {
          value: seat,
          commit: {
            streamId: stream,
            expectedVersion: 0,
            events: [{ type: 'Took', data: { seat } }],
            holds: { holder: stream, holds: [{ resource: seat, quantity: 1, capacity: 1 }] },
            at,
          },
        };
      });
    const results = await Promise.all(buyers.map(buy));
    // The first alone; the four after it in one batch, each on a seat of its own: none refused.
    expect(results.map((result) => result._tag)).toEqual(['Done', 'Done', 'Done', 'Done', 'Done']);
    expect(results.map((result) => result.value).sort()).toEqual(seats);
  });

  it('never puts two transactions of one lock in one batch: each sees the one before it', async () => {
    const stream = 'basket-one-lock';
    const results = await Promise.all(Array.from({ length: 8 }, () => append(stream)));
    expect(results.map((result) => done(result).value).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect((await storage.events.readStream(stream)).map((event) => event.version)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
  });

  it('undoes a refused commit alone: of six baskets taking one seat in a batch one holds it, the others write nothing', async () => {
    const seat: HoldRow = { resource: 'seat:batch:a1', quantity: 1, capacity: 1 };
    const bystanders = ['basket-by-0', 'basket-by-1'];
    const takers = Array.from({ length: 6 }, (_, i) => `basket-seat-${i}`);
    const [first, ...rest] = await Promise.all([
      append('basket-opener'),
      ...takers.map((stream) => append(stream, { holds: [seat] })),
      ...bystanders.map((stream) => append(stream)),
    ]);
    done(first as TransactionResult<number>);
    const taken = rest.slice(0, takers.length);
    expect(taken.filter((result) => result._tag === 'Done')).toHaveLength(1);
    expect(taken.filter((result) => result._tag === 'Refused')).toEqual(
      Array.from({ length: 5 }, () => ({
        _tag: 'Refused',
        value: 0,
        conflict: { _tag: 'InsufficientInventory', resource: seat.resource },
      })),
    );
    for (const result of rest.slice(takers.length)) done(result);
    const written = await Promise.all(takers.map((stream) => storage.events.readStream(stream)));
    expect(written.map((events) => events.length).sort()).toEqual([0, 0, 0, 0, 0, 1]);
    const [held] = await db.query(
      `SELECT count(*)::int AS holders, sum(quantity)::int AS units FROM ${schema}.holds WHERE resource = $1`,
      [seat.resource],
    );
    expect(held).toEqual({ holders: 1, units: 1 });
    expect(await writers([...takers, ...bystanders])).toBe(1);
  });

  it('gives a failed read its error and carries out the others of its batch once each', async () => {
    const streams = Array.from({ length: 5 }, (_, i) => `basket-abort-${i}`);
    const broken = 'basket-abort-broken';
    const results = await Promise.allSettled([
      append('basket-abort-opener'),
      ...streams.map((stream) => append(stream)),
      // An availability read PostgreSQL refuses aborts the batch's transaction.
      storage.unitOfWork.transaction(broken, async (reads) => {
        await reads.heldByOthers(['stock:x'], broken, 'not a time');
        return { value: 0 };
      }),
    ]);
    expect(results.at(-1)?.status).toBe('rejected');
    for (const result of results.slice(0, -1)) expect(result.status).toBe('fulfilled');
    for (const stream of streams) {
      expect((await storage.events.readStream(stream)).map((event) => event.version)).toEqual([1]);
    }
  });

  it('gives a body that throws its error and commits the others', async () => {
    const streams = ['basket-throws-a', 'basket-throws-b'];
    const results = await Promise.allSettled([
      append('basket-throws-opener'),
      append(streams[0] ?? ''),
      append('basket-throws-bug', {
        fail: async () => {
          throw new Error('a bug');
        },
      }),
      append(streams[1] ?? ''),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(await storage.events.readStream('basket-throws-bug')).toEqual([]);
    for (const stream of streams) expect(await storage.events.readStream(stream)).toHaveLength(1);
  });
});

/**
 * Two processes' batches taking resources in different orders. A commit locks its own resources in
 * key order, but in a batch one commit's come after another's: `commit_write_all` takes every
 * resource lock of the batch first, in key order, or two batches could each hold a resource the
 * other waits for. Deadlock detection is put off past the statement timeout here, so a deadlock
 * fails the test (a cancelled statement) instead of being broken after a second and retried.
 */
describe('batches of two processes on shared resources', () => {
  const schema = freshSchema();
  const url = `${postgresUrl}${postgresUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c deadlock_timeout=60s')}`;
  let processes: ReadonlyArray<{ readonly db: Db; readonly storage: Storage }>;
  beforeAll(async () => {
    processes = await Promise.all(
      [0, 1].map(async () => {
        const db = openPgPool(url, { max: 3, batchesInFlight: 1, timeoutMs: 5000 });
        return { db, storage: await createPostgresStorage({ db, schema }) };
      }),
    );
  });
  afterAll(async () => {
    const cleanup = openPgPool(postgresUrl, { max: 1 });
    await dropSchema(cleanup, schema);
    await cleanup.close();
    for (const { storage } of processes) await storage.close();
  });

  it('never wait on each other in a cycle', async () => {
    const resources = ['stock:r0', 'stock:r1', 'stock:r2', 'stock:r3'];
    const rounds = 12;
    for (let round = 0; round < rounds; round += 1) {
      await Promise.all(
        processes.flatMap(({ storage }, p) =>
          Array.from({ length: 8 }, (_, i) => {
            const stream = `basket-cycle-${round}-${p}-${i}`;
            // Each holds two resources, the pairs in every order across the batch.
            const a = resources[(i + p) % resources.length] ?? '';
            const b = resources[(i + p + 1 + (i % 2)) % resources.length] ?? '';
            return storage.unitOfWork.transaction(stream, async () => ({
              value: undefined,
              commit: {
                streamId: stream,
                expectedVersion: 0,
                events: [{ type: 'Held', data: {} }],
                holds: {
                  holder: stream,
                  holds: [
                    { resource: a, quantity: 1, capacity: 10_000 },
                    { resource: b, quantity: 1, capacity: 10_000 },
                  ],
                },
                at,
              },
            }));
          }),
        ),
      );
    }
    const [units] =
      (await processes[0]?.db.query(`SELECT sum(quantity)::int AS n FROM ${schema}.holds`)) ?? [];
    expect(units).toEqual({ n: rounds * 2 * 8 * 2 });
  }, 60_000);
});

/**
 * A batch that meets trouble on the way: its connection ended (a server restart, a failover, a killed
 * backend) or a statement refused past its timeout, while one of its baskets is held by another
 * session. Before COMMIT nothing of it is written: each of its transactions runs again alone, where
 * only the held basket waits. While it commits, a connection that goes leaves COMMIT's outcome
 * unknown, as for a transaction alone: each gets the error.
 */
describe('a batch that meets trouble', () => {
  const { applicationName, other, hold, storage, written } = withHeldLocks('trouble', {
    max: 4,
    batchesInFlight: 1,
    timeoutMs: 2000,
  });

  /**
   * Appends one event. Its lock is taken with its opening's reads (`opening`: only if free), with
   * the first read its body asks (`read`: waiting for it), or with its commit (`commit`: waiting).
   */
  const append = (stream: string, locked: 'opening' | 'read' | 'commit') =>
    storage().unitOfWork.transaction(
      stream,
      async (reads) => {
        if (locked === 'read') await reads.readStream(stream);
        return {
          value: stream,
          commit: { streamId: stream, expectedVersion: 0, events: [{ type: 'Made', data: {} }], at },
        };
      },
      locked === 'opening' ? { pendingOf: stream } : undefined,
    );

  const endBlocked = () =>
    other.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
      [applicationName],
    );

  it('runs each transaction again alone when its connection ends while it opens', async () => {
    const streams = ['basket-opens-first', 'basket-opens-held', 'basket-opens-b', 'basket-opens-c'];
    const release = await hold('basket-opens-held');
    // The first runs alone; the three after it open together with their first reads, waiting for
    // the held basket's lock.
    const results = Promise.allSettled(streams.map((stream) => append(stream, 'read')));
    await waitForBlocked(other, applicationName);
    await endBlocked();
    for (const stream of ['basket-opens-b', 'basket-opens-c'])
      await vi.waitFor(async () => expect(await written(stream)).toBe(1));
    expect(await written('basket-opens-held')).toBe(0);
    await release();
    expect((await results).map((result) => result.status)).toEqual(streams.map(() => 'fulfilled'));
    for (const stream of streams) expect(await written(stream)).toBe(1);
  });

  it('runs each transaction again alone when a statement is refused past its timeout before COMMIT', async () => {
    const streams = ['basket-late-first', 'basket-late-held', 'basket-late-b', 'basket-late-c'];
    const release = await hold('basket-late-held');
    // No reads: the three take their locks with their commits, and wait there past the timeout.
    const results = Promise.allSettled(streams.map((stream) => append(stream, 'commit')));
    for (const stream of ['basket-late-b', 'basket-late-c'])
      await vi.waitFor(async () => expect(await written(stream)).toBe(1), { timeout: 10_000 });
    await release();
    const [first, held, ...others] = await results;
    for (const result of [first, ...others]) expect(result?.status).toBe('fulfilled');
    // The held basket, alone, got its lock once released, or waited past the timeout once more
    // (a 503 to its request): written once, or not at all.
    if (held?.status === 'rejected') {
      expect(held.reason).toBeInstanceOf(StorageUnavailableError);
      expect(await written('basket-late-held')).toBe(0);
    } else expect(await written('basket-late-held')).toBe(1);
    for (const stream of ['basket-late-first', 'basket-late-b', 'basket-late-c'])
      expect(await written(stream)).toBe(1);
  });

  it('gives each transaction the error when its connection ends while it commits', async () => {
    const streams = ['basket-commits-first', 'basket-commits-held', 'basket-commits-b', 'basket-commits-c'];
    const release = await hold('basket-commits-held');
    const results = Promise.allSettled(streams.map((stream) => append(stream, 'commit')));
    await waitForBlocked(other, applicationName);
    await endBlocked();
    const settled = await results;
    await release();
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    for (const stream of streams.slice(1)) expect(await written(stream)).toBe(0);
  });
});

/**
 * Baskets whose locks another session holds (another process's transaction of them, an operator's
 * session) must not stop the process's batches: each waits for its lock alone, on a connection of
 * its own, and every other basket's transaction goes on (docs/architecture.md, "Batches of
 * transactions"). The statement timeout here is far longer than the test, so that only a batch
 * that does not wait for them lets the others through.
 */
describe('baskets held by another session', () => {
  const { applicationName, other, hold, append, written } = withHeldLocks('held', {
    max: 8,
    batchesInFlight: 2,
    timeoutMs: 120_000,
  });

  it('leave every batch slot to the other baskets while they wait for their locks alone', async () => {
    const held = ['basket-held-1', 'basket-held-2'];
    const releases = await Promise.all(held.map((stream) => hold(stream)));
    const releaseAll = async () => {
      for (const release of releases.splice(0)) await release();
    };
    try {
      // The first held basket alone in one slot, the second in the batch of the others in the
      // other slot: waiting for their locks there, they would stop every transaction of the process.
      const first = ['basket-held-1', 'basket-held-2', 'basket-free-a', 'basket-free-b', 'basket-free-c'];
      const results = first.map((stream) => append(stream));
      await waitForBlocked(other, applicationName, 2);
      for (const stream of ['basket-free-a', 'basket-free-b', 'basket-free-c'])
        await vi.waitFor(async () => expect(await written(stream)).toBe(1), { timeout: 20_000 });
      // Later transactions, a second one of a held basket among them, find the slots free.
      const later = ['basket-free-d', 'basket-held-1', 'basket-free-e', 'basket-free-f'].map((stream) =>
        append(stream),
      );
      for (const stream of ['basket-free-d', 'basket-free-e', 'basket-free-f'])
        await vi.waitFor(async () => expect(await written(stream)).toBe(1), { timeout: 20_000 });
      for (const stream of held) expect(await written(stream)).toBe(0);
      await releaseAll();
      const settled = await Promise.all([...results, ...later]);
      expect(settled.map((result) => result._tag)).toEqual(settled.map(() => 'Done'));
    } finally {
      await releaseAll();
    }
    // Each held basket's transactions, run once their locks were free, each on the state before it.
    expect(await written('basket-held-1')).toBe(2);
    expect(await written('basket-held-2')).toBe(1);
  }, 60_000);
});
