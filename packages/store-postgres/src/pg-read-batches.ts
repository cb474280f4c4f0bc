import type pg from 'pg';
import type { InlineParam, Row, Statement } from './db';
import { openingSql, preparedElsewhere } from './pg-opening';
import { errorOf, isReadTimeout, resultsOf } from './pg-queryable';

type Asked = {
  readonly statement: Statement;
  readonly resolve: (rows: ReadonlyArray<Row>) => void;
  readonly reject: (error: unknown) => void;
};

export type ReadBatchDeps = {
  readonly connect: () => Promise<pg.PoolClient>;
  /** A read on a connection of its own (a read whose parameters cannot be written in, or one that failed with others). */
  readonly alone: (sql: string, params: ReadonlyArray<unknown>) => Promise<ReadonlyArray<Row>>;
  readonly prepareOpenings: () => boolean;
  readonly notPreparable: () => void;
};

export const isInline = (params: ReadonlyArray<unknown>): params is ReadonlyArray<InlineParam> =>
  params.every(
    (p) =>
      p === null ||
      typeof p === 'string' ||
      (typeof p === 'number' && Number.isSafeInteger(p)) ||
      (Array.isArray(p) && p.every((item) => typeof item === 'string')),
  );

/** Reads gathered into one round trip at most. */
const MAX_READS = 64;

/**
 * Reads outside any transaction (a notification, a basket's events, a snapshot) asked for in the
 * same turn of the event loop go to PostgreSQL in one simple query, each an `EXECUTE` of a
 * statement prepared once per connection, as a transaction's opening reads do: one round trip, one
 * wake-up of one backend, for all of them. At most `inFlight` such round trips run at once; reads
 * asked meanwhile go with the next. The statements of one simple query run in one snapshot, which a
 * read alone would have had too. When one of several fails, each of them runs again alone, so each
 * gets its own answer.
 */
export const readBatches = (deps: ReadBatchDeps, inFlight: number) => {
  let asked: Asked[] = [];
  let running = 0;
  let scheduled = false;

  const send = async (round: ReadonlyArray<Asked>): Promise<void> => {
    let client: pg.PoolClient;
    try {
      client = await deps.connect();
    } catch (error) {
      for (const a of round) a.reject(error);
      return;
    }
    let broken: Error | undefined;
    try {
      const prepare = deps.prepareOpenings();
      const query = openingSql(
        client,
        [],
        round.map((a) => a.statement),
        prepare,
      );
      try {
        const results = resultsOf(await client.query(query.sql));
        query.prepared();
        round.forEach((a, i) => {
          a.resolve(results[query.readAt[i] ?? -1] ?? []);
        });
      } catch (error) {
        // A PREPARE may have run in the failed query: the connection is not used again.
        broken = errorOf(error);
        if (prepare && preparedElsewhere(error)) deps.notPreparable();
        // A read alone, or a connection that stalled, answers its error; of several reads, the
        // one at fault is not known: each runs again alone.
        if (round.length === 1 || isReadTimeout(error)) for (const a of round) a.reject(error);
        else for (const a of round) deps.alone(a.statement.sql, a.statement.params).then(a.resolve, a.reject);
      }
    } finally {
      client.release(broken);
    }
  };

  const pump = (): void => {
    scheduled = false;
    while (running < inFlight && asked.length > 0) {
      const round = asked.slice(0, MAX_READS);
      asked = asked.slice(MAX_READS);
      running += 1;
      void send(round).finally(() => {
        running -= 1;
        pump();
      });
    }
  };

  return {
    read: (sql: string, params: ReadonlyArray<unknown>): Promise<ReadonlyArray<Row>> => {
      if (!isInline(params)) return deps.alone(sql, params);
      return new Promise((resolve, reject) => {
        asked.push({ statement: { sql, params }, resolve, reject });
        // The reads of this turn of the event loop go together.
        if (!scheduled && running < inFlight) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
  };
};
