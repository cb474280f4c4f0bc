import {
  type DomainProblem,
  evolvePaymentIntent,
  type Instant,
  type PaymentIntentCommand,
  type PaymentIntentEvent,
  type PaymentIntentState,
  paymentIntentDecider,
} from '@basket/core';
import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import type { AppContext } from '../context';
import { paymentIntentStream } from '../ports/event-store';
import type { NotificationCompletion } from '../ports/notifications';
import { encodeIntentEvent, type LoadedIntent, loadIntent } from '../streams/payment-intent-stream';
import { nowOf } from '../time';

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

/** One decision on a payment intent: commands in order, from the freshest state. */
export type IntentPlan = {
  readonly paymentIntentId: string;
  readonly commands: (loaded: LoadedIntent, at: Instant) => ReadonlyArray<PaymentIntentCommand>;
  readonly completion?: (outcome: IntentOutcome) => NotificationCompletion | undefined;
};

const decideAll = (loaded: LoadedIntent, commands: ReadonlyArray<PaymentIntentCommand>) => {
  let state = loaded.state;
  const events: PaymentIntentEvent[] = [];
  for (const command of commands) {
    const decided = paymentIntentDecider.decide(command, state, undefined);
    if (E.isLeft(decided)) return decided;
    events.push(...decided.right);
    state = decided.right.reduce(evolvePaymentIntent, state);
  }
  return E.right({ events, state, version: loaded.version + events.length });
};

/** Decides on the intent's stream and commits, re-reading on a version conflict (bounded). */
export const runIntentPlan = async (ctx: AppContext, plan: IntentPlan): Promise<IntentRun> => {
  for (let attempt = 0; attempt < ctx.config.maxAttempts; attempt++) {
    const loaded = await loadIntent(ctx.storage.events, plan.paymentIntentId);
    const now = nowOf(ctx.clock);
    const decided = decideAll(loaded, plan.commands(loaded, now));
    const outcome: IntentOutcome = pipe(
      decided,
      E.map(({ state, version }) => ({ state, version })),
    );
    const completion = plan.completion?.(outcome);
    const events = E.isRight(decided) ? decided.right.events : [];
    if (completion === undefined && events.length === 0) return { _tag: 'Decided', outcome };
    const result = await ctx.storage.unitOfWork.commit({
      streamId: paymentIntentStream(plan.paymentIntentId),
      expectedVersion: loaded.version,
      events: events.map(encodeIntentEvent),
      ...(completion ? { completion } : {}),
      at: now,
    });
    if (result._tag === 'Committed')
      return { _tag: 'Decided', outcome, ...(completion ? { completion } : {}) };
    if (result._tag === 'AlreadyCompleted') return { _tag: 'AlreadyCompleted' };
    // The plan commits no idempotency record, so this cannot happen; it is no conflict to retry.
    if (result._tag === 'IdempotencyKeyTaken') return { _tag: 'GaveUp' };
  }
  return { _tag: 'GaveUp' };
};
