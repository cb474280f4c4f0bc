import type { DomainProblem, Instant, PaymentIntentCommand, PaymentIntentState } from '@basket/core';
import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import type { AppContext } from '../context';
import type { NotificationCompletion } from '../ports/notifications';
import { decideAll, intentAggregate, type Loaded } from '../streams/aggregate';
import { transact } from '../transact/transact';

export type LoadedIntent = Loaded<PaymentIntentState>;

export type IntentOutcome = Either<
  DomainProblem,
  { readonly state: PaymentIntentState; readonly version: number }
>;

export type IntentRun =
  | {
      readonly _tag: 'Decided';
      readonly outcome: IntentOutcome;
      readonly completion?: NotificationCompletion;
    }
  | { readonly _tag: 'AlreadyCompleted' }
  | { readonly _tag: 'GaveUp' };

/** One decision on a payment intent of a basket: commands in order, on the intent as of the transaction. */
export type IntentPlan = {
  /** The intent's basket: its lock serialises the intent's writes with the basket's. */
  readonly basketId: string;
  readonly paymentIntentId: string;
  readonly commands: (loaded: LoadedIntent, at: Instant) => ReadonlyArray<PaymentIntentCommand>;
  readonly completion?: (outcome: IntentOutcome) => NotificationCompletion | undefined;
};

/** Decides on the intent's stream through `transact`, under its basket's lock. */
export const runIntentPlan = async (ctx: AppContext, plan: IntentPlan): Promise<IntentRun> => {
  const result = await transact(ctx, plan.basketId, async (tx) => {
    const loaded = await tx.intent(plan.paymentIntentId);
    const decided = await decideAll(
      intentAggregate,
      loaded,
      plan.commands(loaded, tx.now),
      async () => undefined,
    );
    const outcome: IntentOutcome = E.map(
      ({ state, version }: { state: PaymentIntentState; version: number }) => ({
        state,
        version,
      }),
    )(decided);
    const completion = plan.completion?.(outcome);
    const applied = E.isRight(decided) ? decided.right : undefined;
    return {
      value: { outcome, ...(completion ? { completion } : {}) },
      ...(applied && applied.events.length > 0
        ? { writes: [tx.intentWrite(plan.paymentIntentId, loaded, applied)] }
        : {}),
      ...(completion ? { completion } : {}),
    };
  });
  if (result._tag === 'Done') return { _tag: 'Decided', ...result.value };
  return result.conflict._tag === 'AlreadyCompleted' ? { _tag: 'AlreadyCompleted' } : { _tag: 'GaveUp' };
};
