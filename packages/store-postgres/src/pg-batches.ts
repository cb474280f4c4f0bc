import { setTimeout as delay } from 'node:timers/promises';
import type pg from 'pg';
import type { AdvisoryLock, CommitBatching, TransactionBody, TransactionOpening } from './db';
import { lockLines, waitedTooLong } from './lock-lines';
import { type Member, runTogether } from './pg-batch-run';
import { LockBusy } from './pg-opening';

/** How soon a transaction over the cap of waits for locks held elsewhere tries its lock again, doubling… */
const FIRST_TRY_AGAIN_MS = 5;
/** … up to this. */
const LAST_TRY_AGAIN_MS = 200;

export type BatchOptions = {
  /** Batches (or lone transactions) running at once per batch key; the others wait and join the next. */
  readonly inFlight: number;
  /** Transactions in one batch at most. */
  readonly maxMembers: number;
  /**
   * How long a transaction may wait, from its request's arrival, in line behind another of its lock
   * and for a lock another session holds together (0: no bound); past it, it fails with
   * `StorageUnavailableError` (lock-lines.ts).
   */
  readonly timeoutMs: number;
  /** Transactions at most that wait alone, each on a connection, for a lock another session holds. */
  readonly maxAlone: number;
};

export type BatchDeps = {
  readonly connect: () => Promise<pg.PoolClient>;
  /**
   * Runs one transaction alone, as the driver does without batches, waiting `lockWaitMs` at most
   * for its lock (absent: up to the statement timeout).
   */
  readonly alone: (
    fn: TransactionBody<unknown>,
    opening: TransactionOpening,
    lockWaitMs?: number,
  ) => Promise<unknown>;
  /** Runs one transaction alone if its lock is free, else fails with `LockBusy` having run nothing. */
  readonly ifFree: (fn: TransactionBody<unknown>, opening: TransactionOpening) => Promise<unknown>;
  /** Whether `lock` is free at this moment (one statement, taking and leaving it at once). */
  readonly lockFree: (lock: AdvisoryLock) => Promise<boolean>;
  /** Whether openings may use statements prepared in SQL; `notPreparable` turns that off. */
  readonly prepareOpenings: () => boolean;
  readonly notPreparable: () => void;
};

/**
 * The transactions of one batch key: those waiting for a turn, those running alone outside the
 * turns, and how many turns are taken.
 */
type Queue = {
  readonly waiting: Member[];
  readonly alone: Set<Member>;
  /** Those of `alone` that wait on a connection for a lock another session holds. */
  waitingForLocks: number;
  running: number;
};

/**
 * Transactions of different baskets that wait for their turn at the same time run as one
 * PostgreSQL transaction on one connection (docs/architecture.md, "Batches of transactions"): one
 * round trip opens it (BEGIN, every member's lock in key order, every member's opening reads), the
 * members' bodies decide side by side, their reads gathered into shared round trips, and one round
 * trip writes every commit through the schema's `commit_write_all` and commits: one WAL flush, and
 * a few round trips for the whole batch instead of two or three per transaction.
 *
 * What each member sees is what it would see alone: its own basket's lock is held from the opening
 * to the COMMIT, so nothing of its basket changes under it; two members never share a lock (a
 * transaction waits in its lock's line, lock-lines.ts, until the one before it has ended); a
 * refused commit is undone alone (its subtransaction) and comes back to its transaction as
 * PostgreSQL's error, which it handles as before (a conflict decided again, a deadlock retried).
 * Only a statement that fails outside the commits (a read that fails, a COMMIT that does not happen)
 * aborts the whole batch: the member whose statement it was gets the error, and every other member
 * that had not finished runs again, alone.
 *
 * No batch waits for another session's transaction: an opening with reads takes each lock only if
 * it is free, and a member whose lock is held elsewhere leaves its batch (or its turn, alone) and
 * waits for its lock on a connection of its own, outside the turns, `maxAlone` of them at most (the
 * others look at their locks again now and then), in what is left of its `timeoutMs`.
 *
 * At most `inFlight` batches run at once; a transaction that arrives while none is free waits, so
 * batches grow with the load, and a transaction that finds a batch free runs alone at once, as
 * without batches.
 */
export const transactionBatches = (deps: BatchDeps, options: BatchOptions) => {
  const queues = new Map<string, Queue>();

  /** The members of the next batch: the first waiting, in order of arrival (one per lock: lock-lines.ts). */
  const take = ({ waiting }: Queue): Member[] => waiting.splice(0, options.maxMembers);

  /**
   * Runs `member` alone, outside the turns (its lock held elsewhere, or its batch given up). Its
   * basket's later transactions wait in its lock's line until it ends.
   */
  const alone = (
    queue: Queue,
    member: Member,
    {
      after = Promise.resolve(),
      waitsForLock = false,
    }: { after?: Promise<unknown>; waitsForLock?: boolean } = {},
  ): void => {
    queue.alone.add(member);
    void after.then(() => startAlone(queue, member, waitsForLock));
  };

  /** Starts `member` alone, at once, or, waiting for a lock another session holds, `waitForLock`. */
  const startAlone = (queue: Queue, member: Member, waitsForLock: boolean): void => {
    void (waitsForLock ? waitForLock(queue, member) : deps.alone(member.fn, member.opening))
      .then(member.resolve, member.reject)
      .finally(() => {
        queue.alone.delete(member);
        pump(member.opening.batch.key);
      });
  };

  /**
   * Runs `member`, whose lock another session held a moment ago, alone: it waits for the lock on a
   * connection of its own, `maxAlone` such at most, so that however many baskets other sessions hold,
   * the rest of the pool serves every other basket. Past that many, it waits on no connection and
   * looks at the lock again now and then (every 5 ms, then 10, 20 … up to 200), running as soon as
   * it is free: a basket another process had
   * in a batch is free again within milliseconds, and must not wait behind baskets held for long.
   * No request waits longer than the statement timeout from its arrival, in line and for the lock
   * together: past it, `waitedTooLong`.
   */
  const waitForLock = async (queue: Queue, member: Member): Promise<unknown> => {
    const left = (): number =>
      options.timeoutMs > 0 ? options.timeoutMs - (Date.now() - member.since) : Number.POSITIVE_INFINITY;
    for (let pause = FIRST_TRY_AGAIN_MS; queue.waitingForLocks >= options.maxAlone; ) {
      if (left() <= 0) throw waitedTooLong();
      await delay(Math.min(pause, left()));
      pause = Math.min(2 * pause, LAST_TRY_AGAIN_MS);
      if (queue.waitingForLocks < options.maxAlone) break;
      if (left() <= 0) throw waitedTooLong();
      // A look at the lock first: one short statement, where a try of the transaction would send
      // its whole opening and a ROLLBACK.
      if (!(await deps.lockFree(member.opening.lock))) continue;
      try {
        return await deps.ifFree(member.fn, member.opening);
      } catch (error) {
        if (!(error instanceof LockBusy)) throw error;
      }
    }
    const time = left();
    if (time <= 0) throw waitedTooLong();
    queue.waitingForLocks += 1;
    try {
      return await deps.alone(member.fn, member.opening, Number.isFinite(time) ? time : undefined);
    } finally {
      queue.waitingForLocks -= 1;
    }
  };

  const run = async (queue: Queue, members: ReadonlyArray<Member>): Promise<void> => {
    const [first] = members;
    if (first === undefined) return;
    // Alone, as without batches: no subtransaction, no wait for others' bodies. A lock another
    // session holds is waited for outside the batches, by the transaction alone (an opening with
    // no reads takes its lock with its first statement: a new basket's, which no one else holds).
    if (members.length === 1) {
      if ((first.opening.reads?.length ?? 0) === 0)
        return void (await deps.alone(first.fn, first.opening).then(first.resolve, first.reject));
      try {
        first.resolve(await deps.ifFree(first.fn, first.opening));
      } catch (error) {
        if (error instanceof LockBusy) alone(queue, first, { waitsForLock: true });
        else first.reject(error);
      }
      return;
    }
    let client: pg.PoolClient;
    try {
      client = await deps.connect();
    } catch (error) {
      for (const member of members) member.reject(error);
      return;
    }
    let broken: Error | undefined;
    try {
      broken = await runTogether(client, members, {
        alone: (member, after) => alone(queue, member, after === undefined ? {} : { after }),
        waitForLock: (member) => alone(queue, member, { waitsForLock: true }),
        again: (again) => {
          for (const member of again) enqueue(member);
        },
        prepareOpenings: deps.prepareOpenings,
        notPreparable: deps.notPreparable,
      });
    } finally {
      client.release(broken);
    }
  };

  const pump = (key: string): void => {
    const queue = queues.get(key);
    if (queue === undefined) return;
    while (queue.running < options.inFlight && queue.waiting.length > 0) {
      const members = take(queue);
      if (members.length === 0) break;
      queue.running += 1;
      void run(queue, members).finally(() => {
        queue.running -= 1;
        pump(key);
      });
    }
    if (queue.running === 0 && queue.waiting.length === 0 && queue.alone.size === 0) queues.delete(key);
  };

  const enqueue = (member: Member): void => {
    const key = member.opening.batch.key;
    const queue = queues.get(key) ?? {
      waiting: [],
      alone: new Set<Member>(),
      waitingForLocks: 0,
      running: 0,
    };
    queues.set(key, queue);
    queue.waiting.push(member);
    pump(key);
  };

  const inLine = lockLines(options.timeoutMs);

  return {
    /**
     * Runs `fn` in the next batch of its key (alone when it finds a batch free), once the transaction
     * before it of its lock has ended.
     */
    run: <T>(
      fn: TransactionBody<T>,
      opening: TransactionOpening & { readonly batch: CommitBatching },
    ): Promise<T> => {
      const since = opening.since ?? Date.now();
      return inLine(
        opening.lock,
        since,
        () =>
          new Promise<T>((resolve, reject) => {
            enqueue({ fn, opening, resolve: (value) => resolve(value as T), reject, since });
          }),
      );
    },
  };
};
