import { type Row, sqlState } from './db';

// How the members of a batch of transactions (pg-batch-run.ts) learn the outcome of its commit round.

/** Given to a member whose batch another member aborted: it runs again, alone. */
export class BatchAborted extends Error {
  constructor() {
    super('the batched transaction was aborted by another of its transactions');
  }
}

/**
 * An error PostgreSQL answered for a statement on a connection that stays up: not a connection
 * lost or ended (SQLSTATE class 08, 57P01 to 57P03), nor one with no SQLSTATE at all (a socket
 * closed, an answer not had in time).
 */
export const refusedBeforeCommit = (error: unknown): boolean => {
  const state = sqlState(error);
  return state !== undefined && !state.startsWith('08') && !/^57P0[1-3]$/.test(state);
};

/** An error `commit_write_all` reported for one document, shaped as PostgreSQL's own (code, detail). */
export const refusal = (outcome: Readonly<Record<string, unknown>>): Error =>
  Object.assign(new Error(typeof outcome.message === 'string' ? outcome.message : 'commit refused'), {
    code: outcome.code,
    ...(typeof outcome.detail === 'string' ? { detail: outcome.detail } : {}),
    ...(typeof outcome.constraint === 'string' ? { constraint: outcome.constraint } : {}),
  });

export const outcomesOf = (rows: ReadonlyArray<Row> | undefined, count: number): ReadonlyArray<unknown> => {
  const outcomes = rows?.[0]?.outcomes;
  if (!Array.isArray(outcomes) || outcomes.length !== count)
    throw new Error('commit_write_all answered no outcome for every commit');
  return outcomes;
};
