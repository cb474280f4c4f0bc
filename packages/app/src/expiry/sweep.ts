import { exists } from '@basket/core';
import { keyNotBefore } from '../api/idempotency';
import type { AppContext } from '../context';
import { runBasketPlan } from '../processing/basket-decision';
import { nowOf, shift } from '../time';

/** Baskets one sweep releases at once (a fraction of a pool's connections). */
const SWEEPERS = 4;
/** Batches one sweep goes through at most. */
const MAX_ROUNDS = 10;

/** Calls `prune(before, limit)` until a batch comes back short; answers how many went in all. */
const pruneInBatches = async (
  prune: (before: string, limit: number) => Promise<number>,
  before: string,
  limit: number,
): Promise<number> => {
  let pruned = 0;
  for (let batch = limit; batch === limit; ) {
    batch = await prune(before, limit);
    pruned += batch;
  }
  return pruned;
};

/** Idempotency records past their 24 hours (C-6.3) pruned in batches of `limit`; answers how many went. */
export const pruneIdempotencyRecords = (ctx: AppContext, limit = 1000): Promise<number> =>
  pruneInBatches((before, n) => ctx.storage.idempotency.prune(before, n), keyNotBefore(ctx), limit);

/**
 * Outbox messages published more than `outboxRetentionMs` ago, and, when
 * `outboxUnpublishedRetentionMs` is set, unpublished ones completed longer ago than that, deleted in
 * batches of `limit` (when the storage can); answers how many went.
 */
export const pruneOutbox = async (ctx: AppContext, limit = 1000): Promise<number> => {
  const { outbox } = ctx.storage;
  // Bound to their port: an adapter's method may use `this`.
  const prunings = [
    { prune: outbox.prunePublished?.bind(outbox), retention: ctx.config.outboxRetentionMs },
    { prune: outbox.pruneUnpublished?.bind(outbox), retention: ctx.config.outboxUnpublishedRetentionMs },
  ];
  let pruned = 0;
  for (const { prune, retention } of prunings) {
    if (prune !== undefined && retention > 0)
      pruned += await pruneInBatches(prune, shift(nowOf(ctx.clock), -retention), limit);
  }
  return pruned;
};

/**
 * C-7.8 on the injected clock: sends ExpireHolds to every basket with a hold that ran out, so its
 * expired provider baskets go and their inventory is released in the store too (holds already stop
 * counting at `expiresAt`, and reads and decisions never see them). Answers the baskets swept.
 */
export const sweepExpiredHolds = async (ctx: AppContext, limit = 1000): Promise<ReadonlyArray<string>> => {
  const swept: string[] = [];
  // A full batch means more are waiting: they are swept now rather than at the next call, up to a
  // bound (a basket that cannot be swept stays in every batch).
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const { found, released } = await sweepBatch(ctx, limit);
    swept.push(...released);
    if (found < limit || released.length === 0) break;
  }
  return swept;
};

const sweepBatch = async (
  ctx: AppContext,
  limit: number,
): Promise<{ readonly found: number; readonly released: ReadonlyArray<string> }> => {
  const holders = await ctx.storage.inventory.expiredHolders(nowOf(ctx.clock), limit);
  // Processes sweeping at once begin at different places of the list, so that they mostly take
  // different baskets rather than queue on the same basket's lock one behind the other.
  const start = Math.floor(Math.random() * holders.length);
  const order = [...holders.slice(start), ...holders.slice(0, start)];
  const swept: string[] = [];
  let next = 0;
  // A few baskets at a time: after a crowd abandons its baskets, expired holds not yet released
  // make every capacity check of their resources read them until they go.
  const sweeper = async (): Promise<void> => {
    for (let basketId = order[next++]; basketId !== undefined; basketId = order[next++]) {
      const id = basketId;
      const run = await runBasketPlan(ctx, {
        basketId: id,
        commands: (loaded, at) => (exists(loaded.state) ? [{ type: 'ExpireHolds', basketId: id, at }] : []),
        refreshHolds: true,
      });
      if (run._tag === 'Decided') swept.push(id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SWEEPERS, order.length) }, sweeper));
  return { found: holders.length, released: swept };
};
