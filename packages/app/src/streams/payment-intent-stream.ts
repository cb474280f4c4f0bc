import type { PaymentIntentState } from '@basket/core';
import type { EventStore } from '../ports/event-store';
import { intentAggregate, type Loaded, loadAggregate } from './aggregate';

/** An intent's state folded up to `version`. Intents have short streams: no snapshots. */
export type LoadedIntent = Loaded<PaymentIntentState>;

export const encodeIntentEvent = intentAggregate.encodeEvent;

export const loadIntent = (events: EventStore, paymentIntentId: string): Promise<LoadedIntent> =>
  loadAggregate(
    { readStream: events.readStream, loadSnapshot: async () => undefined },
    intentAggregate,
    paymentIntentId,
  );
