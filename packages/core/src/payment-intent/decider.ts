import type { Decider } from '../decider';
import type { PaymentIntentCommand } from './commands';
import { decidePaymentIntent } from './decide';
import type { PaymentIntentEvent } from './events';
import { evolvePaymentIntent } from './evolve';
import { initialPaymentIntentState, type PaymentIntentState } from './state';

/** An intent decides on its own state alone: the providers' answers arrive as commands. */
export type PaymentIntentFacts = undefined;

/** The PaymentIntent aggregate (stream `payment-intent-<id>`, C-8). */
export const paymentIntentDecider: Decider<
  PaymentIntentCommand,
  PaymentIntentEvent,
  PaymentIntentState,
  PaymentIntentFacts
> = {
  initialState: initialPaymentIntentState,
  decide: (command, state) => decidePaymentIntent(command, state),
  evolve: evolvePaymentIntent,
};
