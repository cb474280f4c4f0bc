import {
  type BasketEvent,
  type BasketFacts,
  BasketState,
  basketDecider,
  basketEventSchema,
  type Decider,
  type DomainProblem,
  type PaymentIntentEvent,
  type PaymentIntentFacts,
  type PaymentIntentState,
  paymentIntentDecider,
  paymentIntentEventSchema,
} from '@basket/core';
import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import { toJsonObject } from '../json';
import {
  basketStream,
  type NewEvent,
  paymentIntentStream,
  type RecordedEvent,
  type Snapshot,
  type StreamId,
} from '../ports/event-store';
import type { JsonObject } from '../ports/json';
import type { StreamAppend, TransactionReads } from '../ports/unit-of-work';
import { fromRecorded, toNewEvent } from './event-codec';
import type { StateCache } from './state-cache';

/** An aggregate as `transact` needs it: its decider, its stream, its event codec and its snapshots. */
export type Aggregate<C, Ev, S, F> = {
  readonly decider: Decider<C, Ev, S, F>;
  readonly streamOf: (id: string) => StreamId;
  readonly decodeEvent: (recorded: RecordedEvent) => Ev;
  readonly encodeEvent: (event: Ev) => NewEvent;
  /** Absent: the stream is short and always replayed. */
  readonly snapshots?: {
    readonly schema: string;
    readonly encode: (state: S) => JsonObject;
    readonly decode: (state: JsonObject) => S | undefined;
  };
};

/** A state folded up to `version` (the number of events in its stream). */
export type Loaded<S> = { readonly state: S; readonly version: number };

/** What deciding commands in order came to: the events, and the state and version they leave. */
export type Applied<Ev, S> = {
  readonly events: ReadonlyArray<Ev>;
  readonly state: S;
  readonly version: number;
};

/** Bumped whenever the basket state's shape changes: older snapshots are then ignored and the stream replayed. */
export const BASKET_SNAPSHOT_SCHEMA = 'basket-state/1';

export const basketAggregate: Aggregate<
  Parameters<typeof basketDecider.decide>[0],
  BasketEvent,
  BasketState,
  BasketFacts
> = {
  decider: basketDecider,
  streamOf: basketStream,
  decodeEvent: fromRecorded(basketEventSchema),
  encodeEvent: toNewEvent(basketEventSchema),
  snapshots: {
    schema: BASKET_SNAPSHOT_SCHEMA,
    encode: (state) => toJsonObject(BasketState.encode(state)),
    decode: (state) => {
      const decoded = BasketState.decode(state);
      return E.isRight(decoded) ? decoded.right : undefined;
    },
  },
};

export const intentAggregate: Aggregate<
  Parameters<typeof paymentIntentDecider.decide>[0],
  PaymentIntentEvent,
  PaymentIntentState,
  PaymentIntentFacts
> = {
  decider: paymentIntentDecider,
  streamOf: paymentIntentStream,
  decodeEvent: fromRecorded(paymentIntentEventSchema),
  encodeEvent: toNewEvent(paymentIntentEventSchema),
};

/**
 * Loads an aggregate from the state this process last saw of it (the cache, a cache only: the
 * events committed since are read), else from its latest usable snapshot, then the later events.
 */
export const loadAggregate = async <C, Ev, S, F>(
  reads: Pick<TransactionReads, 'readStream' | 'loadSnapshot'>,
  aggregate: Aggregate<C, Ev, S, F>,
  id: string,
  cache?: StateCache<S>,
): Promise<Loaded<S>> => {
  const streamId = aggregate.streamOf(id);
  const fromSnapshot = async (): Promise<Loaded<S> | undefined> => {
    const { snapshots } = aggregate;
    if (snapshots === undefined) return undefined;
    const snapshot = await reads.loadSnapshot(streamId);
    if (snapshot === undefined || snapshot.schema !== snapshots.schema) return undefined;
    const state = snapshots.decode(snapshot.state);
    return state === undefined ? undefined : { state, version: snapshot.version };
  };
  const start = cache?.get(streamId) ??
    (await fromSnapshot()) ?? { state: aggregate.decider.initialState, version: 0 };
  const recorded = await reads.readStream(streamId, start.version);
  const loaded = {
    state: recorded.map(aggregate.decodeEvent).reduce(aggregate.decider.evolve, start.state),
    version: recorded.at(-1)?.version ?? start.version,
  };
  cache?.set(streamId, loaded);
  return loaded;
};

/** Decides `commands` one after the other, each on the state the previous left, with its own facts. */
export const decideAll = async <C, Ev, S, F>(
  aggregate: Aggregate<C, Ev, S, F>,
  loaded: Loaded<S>,
  commands: ReadonlyArray<C>,
  factsFor: (command: C, state: S) => Promise<F>,
): Promise<Either<DomainProblem, Applied<Ev, S>>> => {
  let state = loaded.state;
  const events: Ev[] = [];
  for (const command of commands) {
    const decided = aggregate.decider.decide(command, state, await factsFor(command, state));
    if (E.isLeft(decided)) return decided;
    events.push(...decided.right);
    state = decided.right.reduce(aggregate.decider.evolve, state);
  }
  return E.right({ events, state, version: loaded.version + events.length });
};

/** What one stream's decision writes: its events at the loaded version, and a snapshot when due. */
export type StreamWrite = {
  readonly append: StreamAppend;
  readonly snapshot?: Snapshot;
  /** Tells the state cache the new state once committed. */
  readonly committed: () => void;
};

export const streamWrite = <C, Ev, S, F>(
  aggregate: Aggregate<C, Ev, S, F>,
  id: string,
  loaded: Loaded<S>,
  applied: Applied<Ev, S>,
  options: { readonly snapshotEvery?: number; readonly cache?: StateCache<S> } = {},
): StreamWrite => {
  const streamId = aggregate.streamOf(id);
  const every = options.snapshotEvery ?? 0;
  const { snapshots } = aggregate;
  const snapshot =
    snapshots !== undefined &&
    every > 0 &&
    Math.floor(applied.version / every) > Math.floor(loaded.version / every)
      ? { version: applied.version, schema: snapshots.schema, state: snapshots.encode(applied.state) }
      : undefined;
  return {
    append: { streamId, expectedVersion: loaded.version, events: applied.events.map(aggregate.encodeEvent) },
    ...(snapshot === undefined ? {} : { snapshot }),
    committed: () => options.cache?.set(streamId, { state: applied.state, version: applied.version }),
  };
};
