import { type ProviderIdentity, providerBasketsHolding, type UnlockAfterPayment } from '@basket/core';
import type * as t from 'io-ts';
import type { BasketPlan } from '../processing/basket-decision';
import { lockedBy } from './support';

type Reason = t.TypeOf<typeof UnlockAfterPayment>['reason'];

/**
 * The decision that unlocks a basket locked for `paymentIntentId` once that intent is cancelled or a
 * provider refused it (C-8.2, C-8.4): lines kept, holds restarted (C-7.8). The store checks a
 * restarted hold against capacity as one that grows; when the catalog no longer has room for what a
 * provider basket holds (a capacity lowered below it), it refuses, and the next attempt leaves that
 * provider basket's holds running (`notRestarted`): they run out when they would have, and the
 * basket is unlocked all the same. Before, the unlock was refused every time and the basket stayed
 * locked behind a Cancelled intent (docs/decisions.md, "A capacity lowered below what baskets hold").
 */
export const unlockPlan = (
  basketId: string,
  paymentIntentId: string,
  reason: Reason,
  rest: Pick<BasketPlan, 'completion'> = {},
): BasketPlan => {
  const notRestarted = new Set<ProviderIdentity>();
  return {
    ...rest,
    basketId,
    answersRefusals: true,
    commands: (loaded, at, refusedFor) => {
      if (!lockedBy(loaded.state, paymentIntentId)) return [];
      if (refusedFor !== undefined)
        for (const id of providerBasketsHolding(loaded.state, refusedFor)) notRestarted.add(id);
      return [
        {
          type: 'UnlockAfterPayment',
          basketId,
          at,
          paymentIntentId,
          reason,
          ...(notRestarted.size === 0 ? {} : { notRestarted: [...notRestarted] }),
        },
      ];
    },
  };
};
