import {
  evolvePaymentIntent,
  initialPaymentIntentState,
  PaymentIntentEvent,
  type PaymentIntentState,
} from '@basket/core';
import { type EventStore, paymentIntentStream } from '../ports/event-store';
import { fromRecorded, toNewEvent } from './event-codec';

/** An intent's state folded up to `version`. Intents have short streams: no snapshots. */
export type LoadedIntent = { readonly state: PaymentIntentState; readonly version: number };

const decodeEvent = fromRecorded(PaymentIntentEvent);
export const encodeIntentEvent = toNewEvent(PaymentIntentEvent);

export const loadIntent = async (events: EventStore, paymentIntentId: string): Promise<LoadedIntent> => {
  const recorded = await events.readStream(paymentIntentStream(paymentIntentId), 0);
  return {
    state: recorded.map(decodeEvent).reduce(evolvePaymentIntent, initialPaymentIntentState),
    version: recorded.at(-1)?.version ?? 0,
  };
};
