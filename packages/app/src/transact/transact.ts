import type {
  BasketCommand,
  BasketEvent,
  BasketFacts,
  BasketState,
  CatalogIndex,
  Instant,
  PaymentIntentEvent,
  PaymentIntentState,
} from '@basket/core';
import type { AppContext } from '../context';
import { basketStream } from '../ports/event-store';
import type { IdempotencyRecord, NotificationCompletion, NotificationRecord } from '../ports/notifications';
import type {
  Commit,
  CommitAcceptance,
  CommitConflict,
  HoldRow,
  TransactionPrefetch,
  TransactionReads,
} from '../ports/unit-of-work';
import {
  type Applied,
  basketAggregate,
  intentAggregate,
  type Loaded,
  loadAggregate,
  type StreamWrite,
  streamWrite,
} from '../streams/aggregate';
import { nowOf } from '../time';
import { gatherFacts } from './facts';

/** What the body of `transact` works with: reads inside the transaction, under the basket's lock. */
export type Tx = {
  readonly reads: TransactionReads;
  /** The time of the transaction, stamped on its commands and events. */
  readonly now: Instant;
  /** The providers' catalog, gathered before the transaction (the holds check it by capacity inside). */
  readonly catalog: CatalogIndex;
  /** The basket as of this transaction: every command accepted before has taken effect on it. */
  readonly basket: () => Promise<Loaded<BasketState>>;
  readonly intent: (paymentIntentId: string) => Promise<Loaded<PaymentIntentState>>;
  /** The catalog and the availability of what the command touches, read inside the transaction. */
  readonly basketFacts: (command: BasketCommand, state: BasketState) => Promise<BasketFacts>;
  readonly basketWrite: (
    loaded: Loaded<BasketState>,
    applied: Applied<BasketEvent, BasketState>,
  ) => StreamWrite;
  readonly intentWrite: (
    paymentIntentId: string,
    loaded: Loaded<PaymentIntentState>,
    applied: Applied<PaymentIntentEvent, PaymentIntentState>,
  ) => StreamWrite;
  /**
   * The resource whose room the previous attempt's commit was refused for (`InsufficientInventory`),
   * when this attempt runs again because of it.
   */
  readonly refusedFor?: string;
};

/** What the body decided to write (all in one commit) and its own answer. */
export type Plan<T> = {
  readonly value: T;
  /** Streams appended, each at the version it was loaded at; the basket's first if it is among them. */
  readonly writes?: ReadonlyArray<StreamWrite>;
  /** The basket's holds, replaced (a projection of its new state). */
  readonly holds?: ReadonlyArray<HoldRow>;
  readonly completion?: NotificationCompletion;
  /** Commands accepted, in order (several: basket commands decided together). */
  readonly accepts?: ReadonlyArray<CommitAcceptance>;
  readonly idempotency?: IdempotencyRecord;
};

/** What the caller knows of the basket beforehand. */
export type TransactOptions = {
  /** The resources the body's decision will likely read first (its command's). */
  readonly likely?: ReadonlyArray<string>;
  /**
   * The basket id was just made here (createBasket): nothing can be stored under it yet, so its
   * stream, snapshot and Pending commands are answered empty without reading them. Were the id
   * not new after all, the commit would be refused by the events' unique (stream, version).
   */
  readonly fresh?: boolean;
  /**
   * When the request arrived (ms since the epoch), for the storage's bound on waiting for the
   * basket's lock (`UnitOfWork.transaction`); absent: when the transaction starts.
   */
  readonly since?: number;
};

export type Transacted<T> =
  | { readonly _tag: 'Done'; readonly value: T; readonly committed: boolean }
  | { readonly _tag: 'Refused'; readonly value: T; readonly conflict: CommitConflict };

/** A guess of more resources than this (a venue's section tallies) is not read beforehand. */
const MAX_PREFETCHED_RESOURCES = 16;

const retried = (conflict: CommitConflict): boolean =>
  conflict._tag === 'VersionConflict' || conflict._tag === 'InsufficientInventory';

/**
 * The one way the app changes anything: a transaction serialised on the basket's stream lock, in
 * which `body` loads the basket (and its intents), judges and decides on that state, and answers
 * what to commit: events of one or more streams, the basket's holds, the notification's completion
 * or the accepted command with its outcome, the idempotency record and a snapshot, all or nothing.
 * Provider facts are gathered before; the holds check capacity inside, and a conflict there (or a
 * writer that took no lock) runs the body again on fresh facts, up to `maxAttempts`.
 */
export const transact = async <T>(
  ctx: AppContext,
  basketId: string,
  body: (tx: Tx) => Promise<Plan<T>>,
  { likely, fresh = false, since }: TransactOptions = {},
): Promise<Transacted<T>> => {
  const catalog = await ctx.providers.catalog();
  const lock = basketStream(basketId);
  let last: Transacted<T> | undefined;
  let refusedFor: string | undefined;
  for (let attempt = 0; attempt < Math.max(1, ctx.config.maxAttempts); attempt++) {
    const now = nowOf(ctx.clock);
    let writes: ReadonlyArray<StreamWrite> = [];
    let accepted: ReadonlyArray<CommitAcceptance> = [];
    // The basket's events after the state this process has (the common case: none or a few; with
    // none, its snapshot and the events after it), and its oldest Pending command, read with the
    // transaction's opening where the storage can.
    const cached = ctx.basketStates.get(lock);
    // Read with the opening too: what the command will read first, else what the basket's last
    // decision read first (a basket's next command often touches the same resources).
    const guess = likely !== undefined && likely.length > 0 ? likely : ctx.recentResources.get(basketId);
    const prefetch: TransactionPrefetch = {
      ...(fresh
        ? {}
        : {
            pendingOf: basketId,
            stream:
              cached === undefined ? { streamId: lock } : { streamId: lock, afterVersion: cached.version },
          }),
      ...(guess === undefined || guess.length > MAX_PREFETCHED_RESOURCES
        ? {}
        : { heldByOthers: { resources: guess, holder: basketId, now } }),
    };
    let asked = false;
    const inTransaction = async (stored: TransactionReads) => {
      const reads = fresh ? freshBasketReads(stored, basketId) : stored;
      let basket: Loaded<BasketState> | undefined;
      const loadBasket = async () => {
        basket ??= await loadAggregate(reads, basketAggregate, basketId, ctx.basketStates);
        return basket;
      };
      const tx: Tx = {
        reads,
        now,
        catalog,
        basket: loadBasket,
        intent: (paymentIntentId) => loadAggregate(reads, intentAggregate, paymentIntentId),
        basketFacts: (command, state) =>
          gatherFacts(
            {
              heldByOthers: (resources, holder, at, read) => {
                // The first read of a decision is the likely one of the basket's next decision.
                if (holder === basketId && !asked) ctx.recentResources.set(basketId, resources);
                asked = true;
                return reads.heldByOthers(resources, holder, at, read);
              },
            },
            catalog,
            command,
            state,
            now,
          ),
        basketWrite: (loaded, applied) =>
          streamWrite(basketAggregate, basketId, loaded, applied, {
            snapshotEvery: ctx.config.snapshotEvery,
            cache: ctx.basketStates,
          }),
        intentWrite: (paymentIntentId, loaded, applied) =>
          streamWrite(intentAggregate, paymentIntentId, loaded, applied),
        ...(refusedFor === undefined ? {} : { refusedFor }),
      };
      const plan = await body(tx);
      writes = [...(plan.writes ?? [])].sort(
        (a, b) => Number(b.append.streamId === lock) - Number(a.append.streamId === lock),
      );
      accepted = plan.accepts ?? [];
      const nothing =
        writes.every((w) => w.append.events.length === 0) &&
        plan.holds === undefined &&
        plan.completion === undefined &&
        accepted.length === 0 &&
        plan.idempotency === undefined;
      if (nothing) return { value: plan.value };
      const [main, ...also] = writes;
      const mainAppend = main?.append ?? {
        streamId: lock,
        expectedVersion: (await loadBasket()).version,
        events: [],
      };
      const commit: Commit = {
        streamId: mainAppend.streamId,
        expectedVersion: mainAppend.expectedVersion,
        events: mainAppend.events,
        ...(also.length === 0 ? {} : { also: also.map((w) => w.append) }),
        ...(plan.holds === undefined ? {} : { holds: { holder: basketId, holds: plan.holds } }),
        ...(plan.completion === undefined ? {} : { completion: plan.completion }),
        ...(accepted.length === 0 ? {} : { accepts: accepted }),
        ...(plan.idempotency === undefined ? {} : { idempotency: plan.idempotency }),
        ...(main?.snapshot === undefined ? {} : { snapshot: main.snapshot }),
        at: now,
      };
      return { commit, value: plan.value };
    };
    const result = await ctx.storage.unitOfWork.transaction(lock, inTransaction, prefetch, since);
    if (result._tag === 'Done') {
      for (const write of writes) write.committed();
      for (const acceptance of accepted) {
        if (acceptance.outcome !== undefined) ctx.hub.completed(acceptedRecord(acceptance));
      }
      return { _tag: 'Done', value: result.value, committed: result.version !== undefined };
    }
    last = { _tag: 'Refused', value: result.value, conflict: result.conflict };
    if (!retried(result.conflict)) return last;
    refusedFor = result.conflict._tag === 'InsufficientInventory' ? result.conflict.resource : undefined;
  }
  if (last === undefined) throw new Error('transact made no attempt');
  return last;
};

/** The reads of a basket whose id was just made: its stream, snapshot and Pending commands are none. */
const freshBasketReads = (reads: TransactionReads, basketId: string): TransactionReads => {
  const stream = basketStream(basketId);
  return {
    ...reads,
    readStream: async (streamId, afterVersion) =>
      streamId === stream ? [] : reads.readStream(streamId, afterVersion),
    loadSnapshot: async (streamId) => (streamId === stream ? undefined : reads.loadSnapshot(streamId)),
    oldestPending: async (id) => (id === basketId ? undefined : reads.oldestPending(id)),
  };
};

/** The notification of a command accepted with its outcome, for the in-process news (C-5.5). */
const acceptedRecord = (accepted: CommitAcceptance): NotificationRecord => {
  const { command, outcome } = accepted;
  return {
    notificationId: command.notificationId,
    storeId: command.storeId,
    basketId: command.basketId,
    operation: command.operation,
    ...(command.paymentIntentId === undefined ? {} : { paymentIntentId: command.paymentIntentId }),
    created: command.accepted,
    status: 'Pending',
    ...outcome,
  };
};
