import { StorageUnavailableError } from '@basket/app';
import pg from 'pg';
import {
  type AdvisoryLock,
  advisoryLockSql,
  type Db,
  lockTaken,
  type Queryable,
  type Row,
  type TransactionBody,
  type TransactionOpening,
  type TransactionQueryable,
  tryAdvisoryLockSql,
} from './db';
import { lockLines, lockWaitLeft } from './lock-lines';
import { transactionBatches } from './pg-batches';
import { LockBusy, openingSql, preparedElsewhere } from './pg-opening';
import { errorOf, isReadTimeout, queryableOf, resultsOf } from './pg-queryable';
import { readBatches } from './pg-read-batches';

export type PgPoolOptions = {
  /** Connections in the pool (default 10). */
  readonly max?: number;
  /** Reported as `application_name` in pg_stat_activity. */
  readonly applicationName?: string;
  /**
   * Whether a transaction's opening reads run as `EXECUTE` of statements prepared in SQL once per
   * connection (default true). Behind a pooler in transaction mode, which cannot keep them, the
   * first failure turns this off for the pool by itself (docs/operations.md).
   */
  readonly prepareOpenings?: boolean;
  /**
   * How long a statement may run, or a connection be waited for, before it fails (default 15 000
   * ms): PostgreSQL cancels a statement past it (`statement_timeout`: a lock waited for too long,
   * nothing written), and a connection that answers nothing for as long again, 5 s at most (a network that drops
   * packets, a server that stalls) is given up and replaced. 0: no bound.
   */
  readonly timeoutMs?: number;
  /**
   * Transactions that may run together (opened with `batch`: the basket transactions of the unit
   * of work) run at most this many at once per schema; those that arrive meanwhile wait and run as
   * one PostgreSQL transaction (pg-batches.ts). Default 2; 0 runs every transaction alone, on a
   * connection of its own as soon as one is free. Either way, transactions of one lock (a basket's)
   * run one after another, the later ones waiting in line on no connection (lock-lines.ts), and at
   * most half the connections the batches leave wait for locks other sessions hold.
   */
  readonly batchesInFlight?: number;
};

/** `batchesInFlight` by default. */
export const DEFAULT_BATCHES_IN_FLIGHT = 2;
/** Transactions in one batch at most: each commit is a subtransaction, and PostgreSQL keeps 64 per backend in shared memory. */
const MAX_BATCH_MEMBERS = 32;

/** Connections in the pool by default. */
const DEFAULT_POOL_SIZE = 10;

/** `timeoutMs` by default. */
export const DEFAULT_DATABASE_TIMEOUT_MS = 15_000;
/** How much longer than the statement timeout the client waits for an answer before it gives up. */
const READ_GRACE_MS = 5_000;

/** How a transaction alone takes its lock (`attempt`). */
type AloneOptions = { readonly ifFree?: boolean; readonly lockWaitMs?: number | undefined };

/**
 * The statements taking `lock`, waiting `lockWaitMs` at most (absent: up to the statement timeout):
 * PostgreSQL's `lock_timeout` for that statement alone, then its default again.
 */
const boundedLockSql = (lock: AdvisoryLock, lockWaitMs: number | undefined): ReadonlyArray<string> =>
  lockWaitMs === undefined
    ? [advisoryLockSql(lock)]
    : [
        `SET LOCAL lock_timeout = ${Math.max(1, Math.ceil(lockWaitMs))}`,
        advisoryLockSql(lock),
        'SET LOCAL lock_timeout TO DEFAULT',
      ];

/** An opening failed on SQL-prepared statements that were not this connection's (`preparedElsewhere`). */
class PreparedElsewhere extends Error {
  constructor(readonly failure: Error) {
    super('a statement prepared in SQL was not on this connection');
  }
}

/**
 * SQLSTATEs of a statement that PostgreSQL cancelled before it did anything: past
 * `statement_timeout` or cancelled (57014), a lock not free in time (55P03). Its transaction is rolled
 * back, a commit included: nothing was written.
 */
const CANCELLED_STATES: ReadonlySet<unknown> = new Set(['57014', '55P03']);

/** `error`, or a `StorageUnavailableError` in its place when PostgreSQL did nothing and may later. */
const passingOr = (error: unknown): unknown =>
  error instanceof Error && CANCELLED_STATES.has(Reflect.get(error, 'code'))
    ? new StorageUnavailableError('PostgreSQL cancelled a statement past its timeout', { cause: error })
    : error;

/**
 * PostgreSQL did not answer a COMMIT in time: the transaction may have committed or not. Not a
 * `StorageUnavailableError` (sending it again could do it twice): a 500 whose log names it, and a
 * caller with an Idempotency-Key sends the same request again to learn its outcome (C-6.3).
 */
export class CommitOutcomeUnknownError extends Error {
  constructor(options: { readonly cause: unknown }) {
    super('PostgreSQL did not answer the COMMIT in time: it may have committed', options);
    this.name = 'CommitOutcomeUnknownError';
  }
}

/** A connection from the pool; when none comes (unreachable, none free in time), nothing was done. */
const connect = async (pool: pg.Pool): Promise<pg.PoolClient> => {
  try {
    return await pool.connect();
  } catch (error) {
    // Its reason, as pg or PostgreSQL gives it (refused, no such database, authentication failed, no
    // connection free in time): never the password, which no such message contains.
    throw new StorageUnavailableError(`no connection to PostgreSQL: ${errorOf(error).message}`, {
      cause: error,
    });
  }
};

/** The ranges of the pool's numeric options: `[least, most]`. */
const OPTION_RANGES = {
  max: [1, 10_000],
  // pg's timers, like every Node.js timer, take at most 2³¹ − 1 ms.
  timeoutMs: [0, 2 ** 31 - 1 - READ_GRACE_MS],
  batchesInFlight: [0, 64],
} as const satisfies Partial<Record<keyof PgPoolOptions, readonly [number, number]>>;

/** A numeric option out of its range throws a `RangeError` naming each, before any connection. */
const checkPoolOptions = (options: PgPoolOptions): void => {
  const problems = Object.entries(OPTION_RANGES).flatMap(([name, [least, most]]) => {
    const value: unknown = Reflect.get(options, name);
    if (value === undefined) return [];
    if (typeof value === 'number' && Number.isInteger(value) && value >= least && value <= most) return [];
    return [`${name} must be an integer from ${least} to ${most}, not ${String(value)}`];
  });
  if (problems.length > 0) throw new RangeError(`openPgPool: ${problems.join('; ')}`);
};

/** PostgreSQL through a `pg` Pool: the scaled configuration, shared by several server processes. */
export const openPgPool = (url: string, options: PgPoolOptions = {}): Db => {
  checkPoolOptions(options);
  const timeoutMs = options.timeoutMs ?? DEFAULT_DATABASE_TIMEOUT_MS;
  const poolSize = options.max ?? DEFAULT_POOL_SIZE;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    application_name: options.applicationName ?? 'basket-service',
    // The OS notices a peer that went away without a word on a connection that waits.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(timeoutMs > 0
      ? {
          statement_timeout: timeoutMs,
          query_timeout: timeoutMs + Math.min(READ_GRACE_MS, timeoutMs),
          connectionTimeoutMillis: timeoutMs,
        }
      : {}),
  });
  // A connection that the server drops or resets must not crash the process, idle (the pool's own
  // listener) or checked out (this one, on every connection): the query on it fails, and the
  // connection, no longer queryable, is discarded when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  let prepareOpenings = options.prepareOpenings ?? true;

  /**
   * One transaction on a connection of its own. With `ifFree`, an opening with reads takes its lock
   * only if it is free, and fails with `LockBusy` (having run nothing of `fn`) if it is not; with
   * `lockWaitMs`, it waits that long at most for its lock (what is left of a transaction's time once
   * it has waited in line, lock-lines.ts), failing as past the statement timeout.
   */
  const attempt = async <A>(
    fn: TransactionBody<A>,
    opening?: TransactionOpening,
    { ifFree = false, lockWaitMs }: AloneOptions = {},
  ): Promise<A> => {
    const client = await connect(pool);
    let broken: Error | undefined;
    let begun = false;
    let committed = false;
    try {
      const reads = opening?.reads ?? [];
      const tryLock = ifFree && reads.length > 0;
      const head =
        opening === undefined
          ? ['BEGIN']
          : tryLock
            ? ['BEGIN', tryAdvisoryLockSql(opening.lock)]
            : ['BEGIN', ...boundedLockSql(opening.lock, lockWaitMs)];
      let opened: ReadonlyArray<ReadonlyArray<Row>> = [];
      if (reads.length > 0) {
        // One round trip: BEGIN, the lock and the opening reads.
        const prepare = prepareOpenings;
        const query = openingSql(client, head, reads, prepare);
        begun = true;
        let results: ReadonlyArray<ReadonlyArray<Row>>;
        try {
          results = resultsOf(await client.query(query.sql));
        } catch (error) {
          broken = errorOf(error);
          throw prepare && preparedElsewhere(error) ? new PreparedElsewhere(broken) : error;
        }
        query.prepared();
        if (tryLock && !lockTaken(results[1])) throw new LockBusy();
        opened = query.readAt.map((i) => results[i] ?? []);
      }
      // With no reads, BEGIN and the lock go with the transaction's first statement: its commit,
      // for a body that only writes (one round trip in all), or alone before a statement with
      // parameters.
      const begin = async (): Promise<void> => {
        if (begun) return;
        begun = true;
        await client.query(head.join(';\n'));
      };
      const queryable = queryableOf(client);
      const tx: TransactionQueryable = {
        query: async (sql, params) => {
          await begin();
          return queryable.query(sql, params);
        },
        exec: async (sql) => {
          await begin();
          await queryable.exec(sql);
        },
        commitWith: async (sql) => {
          const statements = begun ? [sql, 'COMMIT'] : [...head, sql, 'COMMIT'];
          begun = true;
          committed = true;
          await client.query(statements.join(';\n'));
        },
      };
      const result = await fn(tx, opened);
      if (begun && !committed) {
        committed = true;
        await client.query('COMMIT');
      }
      return result;
    } catch (error) {
      // A statement that got no answer in time leaves the connection in an unknown state (a
      // ROLLBACK on it would wait as long): it is discarded, which ends the session and its transaction.
      if (broken === undefined && isReadTimeout(error)) broken = errorOf(error);
      if (begun && broken === undefined) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          broken = errorOf(rollbackError);
        }
      }
      // No answer in time to a statement before COMMIT (a process that was stopped meanwhile finds
      // its read timers past due): the discarded connection rolls the transaction back, so nothing
      // of it was written, and it may be sent again. An unanswered COMMIT may have committed.
      if (isReadTimeout(error) && !committed)
        throw new StorageUnavailableError('PostgreSQL did not answer in time; nothing was committed', {
          cause: error,
        });
      if (isReadTimeout(error)) throw new CommitOutcomeUnknownError({ cause: error });
      throw error;
    } finally {
      // A connection whose opening or rollback failed is discarded rather than handed to the next
      // caller.
      client.release(broken);
    }
  };

  /** A statement or script on a connection of its own, outside any transaction. */
  const alone = async <A>(run: (queryable: Queryable) => Promise<A>): Promise<A> => {
    const client = await connect(pool);
    let broken: Error | undefined;
    try {
      return await run(queryableOf(client));
    } catch (error) {
      if (isReadTimeout(error)) broken = errorOf(error);
      throw error;
    } finally {
      client.release(broken);
    }
  };

  const single = async <A>(
    fn: TransactionBody<A>,
    opening?: TransactionOpening,
    options: AloneOptions = {},
  ): Promise<A> => {
    try {
      return await attempt(fn, opening, options);
    } catch (error) {
      if (!(error instanceof PreparedElsewhere)) throw error;
      // Statements of another backend behind this connection (a pooler in transaction mode):
      // from now on the openings write their reads' values in, and this transaction runs again
      // (its body had not run).
      prepareOpenings = false;
      return attempt(fn, opening, options);
    }
  };

  const inFlight = options.batchesInFlight ?? DEFAULT_BATCHES_IN_FLIGHT;
  /** What batches of transactions and of reads need of the pool. */
  const batching = {
    connect: () => connect(pool),
    prepareOpenings: () => prepareOpenings,
    notPreparable: () => {
      prepareOpenings = false;
    },
  };
  // Without batches (`batchesInFlight` 0), the same scheduler runs every transaction alone, as many
  // at once as the pool has connections: a basket held elsewhere is waited for under the same cap.
  const batches = transactionBatches(
    {
      ...batching,
      alone: (fn, opening, lockWaitMs) => single(fn, opening, { lockWaitMs }),
      ifFree: (fn, opening) => single(fn, opening, { ifFree: true }),
      lockFree: async ({ kind, key }) => {
        const [row] = await alone((queryable) =>
          queryable.query('SELECT pg_try_advisory_xact_lock($1::int, $2::int) AS free', [kind, key]),
        );
        return row?.free === true;
      },
    },
    {
      inFlight: inFlight > 0 ? inFlight : poolSize,
      maxMembers: inFlight > 0 ? MAX_BATCH_MEMBERS : 1,
      timeoutMs,
      // Half the connections the batches of transactions and of reads leave.
      maxAlone: Math.max(1, Math.floor((poolSize - 2 * inFlight) / 2)),
    },
  );

  /** Transactions of no batch key, a line per lock (lock-lines.ts; the batches keep their own). */
  const inLine = lockLines(timeoutMs);
  const transaction: Db['transaction'] = (fn, opening) => {
    if (opening === undefined) return single(fn);
    if (opening.batch !== undefined) return batches.run(fn, { ...opening, batch: opening.batch });
    const since = opening.since ?? Date.now();
    return inLine(opening.lock, since, () =>
      single(fn, opening, { lockWaitMs: lockWaitLeft(timeoutMs, since) }),
    );
  };

  /** Every operation's failure, with PostgreSQL's cancellations as `StorageUnavailableError`. */
  const passing = <A>(operation: Promise<A>): Promise<A> =>
    operation.catch((error: unknown) => {
      throw passingOr(error);
    });

  const query: Db['query'] = (sql, params) => passing(alone((queryable) => queryable.query(sql, params)));
  const reads = inFlight > 0 ? readBatches({ ...batching, alone: query }, inFlight) : undefined;
  /**
   * A read (it writes nothing) that PostgreSQL did not answer in time did nothing either: like a
   * cancelled statement, a `StorageUnavailableError` (a 503 to send again), not an unknown outcome.
   */
  const read: Db['query'] = (sql, params = []) =>
    passing(reads === undefined ? query(sql, params) : reads.read(sql, params)).catch((error: unknown) => {
      throw isReadTimeout(error)
        ? new StorageUnavailableError('PostgreSQL did not answer a read in time', { cause: error })
        : error;
    });

  return {
    driver: 'pg',
    query,
    read,
    exec: (sql) => passing(alone((queryable) => queryable.exec(sql))),
    transaction: (fn, opening) => passing(transaction(fn, opening)),
    close: () => pool.end(),
  };
};
