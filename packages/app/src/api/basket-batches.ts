import type { BasketEvent, BasketState } from '@basket/core';
import { holdsOf } from '@basket/core';
import type { AppContext } from '../context';
import { basketStream } from '../ports/event-store';
import type { CommitAcceptance } from '../ports/unit-of-work';
import type { Applied, Loaded } from '../streams/aggregate';
import { holdRows } from '../transact/facts';
import { type Tx, transact } from '../transact/transact';
import type { Attempt } from './idempotency';
import type { Answer, Caller, Preconditions } from './types';

/** A basket request waiting for the decision under way on its basket to end. */
export type QueuedRequest<R> = {
  readonly caller: Caller;
  readonly request: R;
  readonly pre: Preconditions | undefined;
  /** The resources its decision will likely read first, read with the transaction's opening. */
  readonly likely?: ReadonlyArray<string>;
  /** When it arrived (ms since the epoch; absent: when it is queued), for the storage's wait bound. */
  readonly since?: number;
};

/** How a request is judged on a basket as the requests before it left it (`judgeBasketCommand`). */
export type JudgeOn<R> = (
  queued: QueuedRequest<R>,
  tx: Tx,
) => Promise<{ answer: Answer; plan?: { accepts?: ReadonlyArray<CommitAcceptance> } }>;

/**
 * Group commit of basket commands (docs/architecture.md): while a decision on a basket is under way
 * in this process, the basket commands that arrive for it wait, and are then decided together in
 * one transaction, in the order they arrived: each judged on the basket as the ones before it left
 * it (C-6.4), all their events appended, holds replaced and commands accepted in one commit. A lone
 * request is decided alone, at once, as before. When a command accepted earlier is still Pending on
 * the basket, or the commit is refused, each request of the group goes its own way (`alone`).
 * The group's transaction counts its wait for the basket's lock from its first request's arrival,
 * so that no request waits past the storage's timeout behind the groups before it.
 */
export const createBasketBatches = <R>(
  ctx: AppContext,
  judge: JudgeOn<R>,
  alone: (queued: QueuedRequest<R>) => Promise<Attempt>,
) => {
  type Waiting = QueuedRequest<R> & {
    readonly since: number;
    readonly done: (attempt: Attempt) => void;
    readonly failed: (error: unknown) => void;
  };
  const waiting = new Map<string, Waiting[]>();
  const busy = new Set<string>();

  const together = async (
    basketId: string,
    group: ReadonlyArray<Waiting>,
  ): Promise<ReadonlyArray<Attempt>> => {
    const result = await transact(
      ctx,
      basketId,
      async (tx) => {
        if ((await tx.reads.oldestPending(basketId)) !== undefined) return { value: undefined };
        const first = await tx.basket();
        let loaded: Loaded<BasketState> = first;
        const answers: Answer[] = [];
        const accepts: CommitAcceptance[] = [];
        const events: BasketEvent[] = [];
        for (const queued of group) {
          let applied: Applied<BasketEvent, BasketState> | undefined;
          // Each request is judged on the basket the ones before it left; what it decides is kept
          // here, and written once for the group below (its own write is never committed).
          const view: Tx = {
            ...tx,
            basket: async () => loaded,
            basketWrite: (from, decided) => {
              applied = decided;
              return {
                append: { streamId: basketStream(basketId), expectedVersion: from.version, events: [] },
                committed: () => {},
              };
            },
          };
          const judged = await judge(queued, view);
          answers.push(judged.answer);
          accepts.push(...(judged.plan?.accepts ?? []));
          if (applied !== undefined) {
            events.push(...applied.events);
            loaded = { state: applied.state, version: applied.version };
          }
        }
        if (events.length === 0) return { value: answers, accepts };
        return {
          value: answers,
          accepts,
          writes: [tx.basketWrite(first, { events, state: loaded.state, version: loaded.version })],
          holds: holdRows(holdsOf(loaded.state), tx.catalog),
        };
      },
      {
        likely: [...new Set(group.flatMap((queued) => queued.likely ?? []))],
        since: Math.min(...group.map((queued) => queued.since)),
      },
    );
    if (result._tag === 'Done' && result.value !== undefined) return result.value;
    const answers: Attempt[] = [];
    for (const queued of group) answers.push(await alone(queued));
    return answers;
  };

  const drain = async (basketId: string): Promise<void> => {
    for (;;) {
      const group = waiting.get(basketId) ?? [];
      waiting.delete(basketId);
      if (group.length === 0) {
        busy.delete(basketId);
        return;
      }
      try {
        const answers =
          group.length === 1 && group[0] !== undefined
            ? [await alone(group[0])]
            : await together(basketId, group);
        group.forEach((queued, i) => {
          const answer = answers[i];
          if (answer === undefined) queued.failed(new Error('a queued basket request got no answer'));
          else queued.done(answer);
        });
      } catch (error) {
        for (const queued of group) queued.failed(error);
      }
    }
  };

  return {
    /** Decides `queued` on `basketId`: at once when nothing is under way on it here, else with the next group. */
    decide: (basketId: string, queued: QueuedRequest<R>): Promise<Attempt> =>
      new Promise((done, failed) => {
        const list = waiting.get(basketId) ?? [];
        list.push({ ...queued, since: queued.since ?? Date.now(), done, failed });
        waiting.set(basketId, list);
        if (!busy.has(basketId)) {
          busy.add(basketId);
          void drain(basketId);
        }
      }),
  };
};

export type BasketBatches<R> = ReturnType<typeof createBasketBatches<R>>;
