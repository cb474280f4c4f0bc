import type pg from 'pg';
import type { CommitBatching, Row, TransactionOpening, TransactionQueryable } from './db';
import { type Body, type Member, runTogether } from './pg-batch-run';

export type BatchOptions = {
  /** Batches (or lone transactions) running at once per batch key; the others wait and join the next. */
  readonly inFlight: number;
  /** Transactions in one batch at most. */
  readonly maxMembers: number;
};

export type BatchDeps = {
  readonly connect: () => Promise<pg.PoolClient>;
  /** Runs one transaction alone, as the driver does without batches. */
  readonly alone: (fn: Body, opening: TransactionOpening) => Promise<unknown>;
  /** Whether openings may use statements prepared in SQL; `notPreparable` turns that off. */
  readonly prepareOpenings: () => boolean;
  readonly notPreparable: () => void;
};

const lockName = ({ lock }: TransactionOpening): string => `${lock.kind}:${lock.key}`;

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
 * second transaction of a basket waits for the next batch); a refused commit is undone alone (its
 * subtransaction) and comes back to its transaction as PostgreSQL's error, which it handles as
 * before (a conflict decided again, a deadlock retried). Only a statement that fails outside the
 * commits (a read that fails, a COMMIT that does not happen) aborts the whole batch: the member
 * whose statement it was gets the error, and every other member that had not finished runs again,
 * alone.
 *
 * At most `inFlight` batches run at once; a transaction that arrives while none is free waits, so
 * batches grow with the load, and a transaction that finds a batch free runs alone at once, as
 * without batches.
 */
export const transactionBatches = (deps: BatchDeps, options: BatchOptions) => {
  const queues = new Map<string, { readonly waiting: Member[]; running: number }>();

  /** The members of the next batch: the first waiting, one per lock, in order of arrival. */
  const take = (waiting: Member[]): Member[] => {
    const members: Member[] = [];
    const left: Member[] = [];
    const locks = new Set<string>();
    for (const member of waiting) {
      const name = lockName(member.opening);
      if (members.length < options.maxMembers && !locks.has(name)) {
        locks.add(name);
        members.push(member);
      } else left.push(member);
    }
    waiting.splice(0, waiting.length, ...left);
    return members;
  };

  const alone = (member: Member): void => {
    deps.alone(member.fn, member.opening).then(member.resolve, member.reject);
  };

  const run = async (members: ReadonlyArray<Member>): Promise<void> => {
    const [first] = members;
    if (first === undefined) return;
    // Alone, as without batches: no subtransaction, no wait for others' bodies.
    if (members.length === 1)
      return void (await deps.alone(first.fn, first.opening).then(first.resolve, first.reject));
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
        alone,
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
      const members = take(queue.waiting);
      queue.running += 1;
      void run(members).finally(() => {
        queue.running -= 1;
        pump(key);
      });
    }
    if (queue.running === 0 && queue.waiting.length === 0) queues.delete(key);
  };

  const enqueue = (member: Member): void => {
    const key = member.opening.batch.key;
    const queue = queues.get(key) ?? { waiting: [], running: 0 };
    queues.set(key, queue);
    queue.waiting.push(member);
    pump(key);
  };

  return {
    /** Runs `fn` in the next batch of its key (alone when it finds a batch free). */
    run: <T>(
      fn: (tx: TransactionQueryable, opened: ReadonlyArray<ReadonlyArray<Row>>) => Promise<T>,
      opening: TransactionOpening & { readonly batch: CommitBatching },
    ): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        enqueue({ fn, opening, resolve: (value) => resolve(value as T), reject });
      }),
  };
};
