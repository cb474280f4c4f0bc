import type { Decider } from '../decider';
import type { BasketCommand } from './commands';
import { decideBasket } from './decide';
import type { BasketEvent } from './events';
import { evolveBasket } from './evolve';
import type { BasketFacts } from './facts';
import type { BasketState } from './state';
import { initialBasketState } from './state';

/** The Basket aggregate (stream `basket-<id>`) as a decider. */
export const basketDecider: Decider<BasketCommand, BasketEvent, BasketState, BasketFacts> = {
  initialState: initialBasketState,
  decide: decideBasket,
  evolve: evolveBasket,
};
