import type pg from 'pg';
import {
  advisoryLockSql,
  type CommitBatching,
  lockTaken,
  type Row,
  type Statement,
  type TransactionBody,
  type TransactionOpening,
  type TransactionQueryable,
  tryAdvisoryLockSql,
} from './db';
import { BatchAborted, outcomesOf, refusal, refusedBeforeCommit } from './pg-batch-outcomes';
import { openingSql, preparedElsewhere } from './pg-opening';
import { errorOf, resultsOf } from './pg-queryable';
import { isInline } from './pg-read-batches';

/** A transaction waiting to run in a batch: its body, opening and the caller's promise. */
export type Member = {
  readonly fn: TransactionBody<unknown>;
  readonly opening: TransactionOpening & { readonly batch: CommitBatching };
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  /** When its request arrived (ms): what is left of its time to wait for a lock held elsewhere. */
  readonly since: number;
};

export type RunDeps = {
  /**
   * Runs a member alone, as the driver does without batches, once `after` has settled: one the
   * batch's abort took down (after its body here ended).
   */
  readonly alone: (member: Member, after?: Promise<unknown>) => void;
  /** Runs a member alone whose lock another session holds: it waits for the lock on a connection of its own. */
  readonly waitForLock: (member: Member) => void;
  /** Runs the members again later (their bodies had not run: the opening was refused as a whole). */
  readonly again: (members: ReadonlyArray<Member>) => void;
  readonly prepareOpenings: () => boolean;
  readonly notPreparable: () => void;
};

/** How a member's body ended. */
type Settled =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: unknown };

/** A member's part in the batch. */
type Run = {
  readonly member: Member;
  /** Its commit document, once its body asked to commit; the batch's outcome settles `commit`. */
  document?: string;
  commit?: { readonly resolve: () => void; readonly reject: (error: unknown) => void };
  /** A statement of its own alone failed first: the batch's transaction is aborted on its account. */
  cause: boolean;
  /** Counts the steps its body took: reads asked, its commit answered, its end. */
  steps: number;
};

/** Microtask turns a member's body is given to take its next step before the next member's turn. */
const STEP_TURNS = 256;

/**
 * Gives `run`'s body the microtask turns it takes to go from what it was just given (its opening's
 * rows, a read's rows) to its next step: a read asked, its commit answered, its end. Members thus
 * decide one after the other, each after the ones before it have answered their commits, as they
 * would on connections of their own: a body that counts what the commits under way are taking
 * (`withSeatsInFlight`: seats the others just chose) sees them, instead of every member of the batch
 * choosing the same first free seats from one read. A body that waits for something else is not
 * waited for past these turns.
 */
const stepOf = async (run: Run, from: number): Promise<void> => {
  for (let turn = 0; turn < STEP_TURNS && run.steps === from; turn += 1) await undefined;
};

/** A statement a member's body sent, to go with the others' in the next round trip. */
type Asked = {
  readonly run: Run;
  readonly statement: Statement;
  readonly resolve: (rows: ReadonlyArray<Row>) => void;
  readonly reject: (error: unknown) => void;
};

const byLock = (a: Member, b: Member): number =>
  a.opening.lock.kind - b.opening.lock.kind || a.opening.lock.key - b.opening.lock.key;

/**
 * Runs `members` (two or more, of distinct locks) as one transaction on `client` and settles each
 * member's promise. The round trips: BEGIN with every lock in key order and every member's opening
 * reads; the reads the bodies send while deciding, gathered into one round trip each time the event
 * loop comes round; the commits through `CommitBatching.all` with COMMIT. Answers the error for
 * which the connection is to be discarded, if any.
 *
 * An opening with reads takes each lock only if it is free: a member whose lock another session
 * holds (another process's transaction of its basket, a session of an operator's) leaves the batch
 * before its body runs and waits for its lock alone, so that the batch, and the members behind it,
 * never wait for someone else's transaction. An opening with no reads (new baskets, whose locks no
 * one else holds) takes its locks with the first statement, waiting for them.
 */
export const runTogether = async (
  client: pg.PoolClient,
  members: ReadonlyArray<Member>,
  deps: RunDeps,
): Promise<Error | undefined> => {
  // The locks in key order (no two batches wait on each other in a cycle); all else in order of
  // arrival, so that of two members wanting the same seats the first to come decides and commits first.
  const sorted = [...members].sort(byLock);
  const reads = members.flatMap((member) => member.opening.reads ?? []);
  const lockSql = reads.length > 0 ? tryAdvisoryLockSql : advisoryLockSql;
  const head = ['BEGIN', ...sorted.map((member) => lockSql(member.opening.lock))];
  /** The head's results, once sent: BEGIN's, then each lock's in key order. */
  let headRows: ReadonlyArray<ReadonlyArray<Row>> = [];
  let begun = false;
  let broken: Error | undefined;
  /** The first failure of a statement: the transaction is aborted, nothing more is sent. */
  let failure: { readonly error: unknown } | undefined;

  /** One simple query of `statements` (the head first when not sent yet), as the opening's reads. */
  const send = async (statements: ReadonlyArray<Statement>): Promise<ReadonlyArray<ReadonlyArray<Row>>> => {
    const prepare = deps.prepareOpenings();
    const withHead = !begun;
    const query = openingSql(client, withHead ? head : [], statements, prepare);
    begun = true;
    try {
      const results = resultsOf(await client.query(query.sql));
      query.prepared();
      if (withHead) headRows = results.slice(0, head.length);
      return query.readAt.map((i) => results[i] ?? []);
    } catch (error) {
      if (prepare && preparedElsewhere(error)) deps.notPreparable();
      // A PREPARE may have run in the failed query: the connection is not used again.
      broken = errorOf(error);
      throw error;
    }
  };

  const rollback = async (): Promise<void> => {
    if (broken !== undefined) return;
    try {
      await client.query('ROLLBACK');
    } catch (error) {
      broken = errorOf(error);
    }
  };

  // The opening: what every member reads first, under every member's lock.
  const openedOf = new Map<Member, ReadonlyArray<ReadonlyArray<Row>>>();
  let joined = members;
  if (reads.length > 0) {
    let opened: ReadonlyArray<ReadonlyArray<Row>>;
    try {
      opened = await send(reads);
    } catch (error) {
      // Nothing of any member ran: alone, each meets only its own trouble (a connection lost).
      if (preparedElsewhere(error)) deps.again(members);
      else for (const member of members) deps.alone(member);
      return broken;
    }
    members.forEach((member, i) => {
      openedOf.set(member, opened.slice(offsetOf(members, i), offsetOf(members, i + 1)));
    });
    // A member whose lock is not free waits for it alone (its rows, read without it, are dropped).
    const busy = new Set(sorted.filter((_, i) => !lockTaken(headRows[i + 1])));
    for (const member of busy) deps.waitForLock(member);
    joined = members.filter((member) => !busy.has(member));
    if (joined.length === 0) {
      await rollback();
      return broken;
    }
  }

  // The bodies' own reads, a round trip for all that ask while the event loop goes round.
  let asked: Asked[] = [];
  let sending = false;
  const flush = async (): Promise<void> => {
    sending = true;
    while (asked.length > 0) {
      const round = asked;
      asked = [];
      if (failure !== undefined) {
        for (const a of round) a.reject(failure.error);
        continue;
      }
      let rows: ReadonlyArray<ReadonlyArray<Row>>;
      try {
        rows = await send(round.map((a) => a.statement));
      } catch (error) {
        failure = { error };
        // A statement alone is its member's; of several, the one at fault is not known: all run again.
        const [only] = round;
        if (round.length === 1 && only !== undefined) only.run.cause = true;
        for (const a of round) a.reject(error);
        continue;
      }
      // Each member its rows, one member at a time (`stepOf`).
      for (const run of new Set(round.map((a) => a.run))) {
        const from = run.steps;
        round.forEach((a, i) => {
          if (a.run === run) a.resolve(rows[i] ?? []);
        });
        await stepOf(run, from);
      }
    }
    sending = false;
  };
  const ask = (run: Run, sql: string, params: ReadonlyArray<unknown>): Promise<ReadonlyArray<Row>> => {
    if (!isInline(params))
      return Promise.reject(
        new Error('a statement of a batched transaction has a parameter it cannot write'),
      );
    run.steps += 1;
    return new Promise((resolve, reject) => {
      asked.push({ run, statement: { sql, params }, resolve, reject });
      if (!sending && asked.length === 1) setImmediate(() => void flush());
    });
  };

  const runs: Run[] = joined.map((member) => ({ member, cause: false, steps: 0 }));
  const bodies: Array<Promise<Settled>> = [];
  const ends: Array<Promise<void>> = [];
  // The bodies start one at a time too, each given its turns to decide on its opening's rows.
  for (const run of runs) {
    ends.push(
      new Promise<void>((ended) => {
        const step = (): void => {
          run.steps += 1;
          ended();
        };
        const tx: TransactionQueryable = {
          query: (sql, params = []) => ask(run, sql, params),
          exec: async () => {
            throw new Error('a batched transaction runs no scripts');
          },
          commitWith: (_sql, document) => {
            if (document === undefined)
              return Promise.reject(new Error('a batched transaction commits a document'));
            run.document = document;
            return new Promise<void>((resolve, reject) => {
              run.commit = { resolve, reject };
              step();
            });
          },
        };
        const settled = (outcome: Settled): Settled => {
          step();
          return outcome;
        };
        bodies.push(
          run.member.fn(tx, openedOf.get(run.member) ?? []).then(
            (value) => settled({ ok: true, value }),
            (error: unknown) => settled({ ok: false, error }),
          ),
        );
      }),
    );
    await stepOf(run, 0);
  }
  await Promise.all(ends);

  const pending = runs.filter((run) => run.commit !== undefined);
  /** Members to run again, alone, whatever their bodies answered. */
  const again = new Set<Run>();
  if (failure !== undefined) {
    // The transaction is aborted: nothing is written. A member whose statement failed keeps its
    // error; a member that finished without writing or failing keeps its answer; the others run again.
    const ended = await Promise.all(runs.map((run, i) => (run.commit === undefined ? bodies[i] : undefined)));
    runs.forEach((run, i) => {
      if (!run.cause && (run.commit !== undefined || ended[i]?.ok === false)) again.add(run);
    });
    for (const run of pending) run.commit?.reject(new BatchAborted());
    await rollback();
  } else if (pending.length === 0) {
    // Reads only: nothing to write.
    if (begun) await rollback();
  } else {
    const batching = pending[0]?.member.opening.batch;
    const statements = begun ? [] : [...head];
    const at = statements.length;
    statements.push(batching?.all(pending.map((run) => run.document ?? '')) ?? '', 'COMMIT');
    begun = true;
    try {
      const outcomes = outcomesOf(resultsOf(await client.query(statements.join(';\n')))[at], pending.length);
      pending.forEach((run, i) => {
        const outcome = outcomes[i];
        if (outcome === null || typeof outcome !== 'object') run.commit?.resolve();
        else run.commit?.reject(refusal(outcome as Readonly<Record<string, unknown>>));
      });
    } catch (error) {
      if (refusedBeforeCommit(error)) {
        // PostgreSQL refused a statement before COMMIT (a lock not had in time, a deadlock while
        // taking the batch's resource locks), on a connection still up: nothing was written, and
        // each runs again alone, where it meets only its own trouble.
        await rollback();
        for (const run of pending) again.add(run);
        for (const run of pending) run.commit?.reject(new BatchAborted());
      } else {
        // The connection went (or said nothing in time): whether COMMIT was reached is not known
        // here, as for a transaction alone, so each gets the error and nothing runs again.
        broken = errorOf(error);
        for (const run of pending) run.commit?.reject(error);
      }
    }
  }
  runs.forEach((run, i) => {
    // Run again once its body here has ended, told now (its lock stays its own meanwhile).
    if (again.has(run)) deps.alone(run.member, bodies[i]);
    else
      void bodies[i]?.then((settled) => {
        if (settled.ok) run.member.resolve(settled.value);
        else run.member.reject(settled.error);
      });
  });
  return broken;
};

/** Where the opening's rows of the member at `index` start. */
const offsetOf = (members: ReadonlyArray<Member>, index: number): number =>
  members.slice(0, index).reduce((sum, member) => sum + (member.opening.reads?.length ?? 0), 0);
