import { exists } from '@basket/core';
import { keyNotBefore } from '../api/idempotency';
import type { AppContext } from '../context';
import { runBasketPlan } from '../processing/basket-decision';
import { nowOf } from '../time';

/** Idempotency records past their 24 hours (C-6.3) pruned in batches of `limit`; answers how many went. */
export const pruneIdempotencyRecords = async (ctx: AppContext, limit = 1000): Promise<number> => {
  const before = keyNotBefore(ctx);
  let pruned = 0;
  for (let batch = limit; batch === limit; ) {
    batch = await ctx.storage.idempotency.prune(before, limit);
    pruned += batch;
  }
  return pruned;
};

/**
 * C-7.8 on the injected clock: sends ExpireHolds to every basket with a hold that ran out, so its
 * expired provider baskets go and their inventory is released in the store too (holds already stop
 * counting at `expiresAt`, and reads and decisions never see them). Answers the baskets swept.
 */
export const sweepExpiredHolds = async (ctx: AppContext, limit = 1000): Promise<ReadonlyArray<string>> => {
  const holders = await ctx.storage.inventory.expiredHolders(nowOf(ctx.clock), limit);
  const swept: string[] = [];
  for (const basketId of holders) {
    const run = await runBasketPlan(ctx, {
      basketId,
      commands: (loaded, at) => (exists(loaded.state) ? [{ type: 'ExpireHolds', basketId, at }] : []),
      refreshHolds: true,
    });
    if (run._tag === 'Decided') swept.push(basketId);
  }
  return swept;
};
