import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { pid } from 'node:process';
import type { AppContext } from '../context';
import { completedRecord } from '../notifications/view';
import type { AcceptedCommand, CommandLeases } from '../ports/notifications';
import { shift } from '../time';
import { internalError } from './completion';
import { completeWithoutChange, type Handled } from './handled';

/** Carries out one accepted command (handle-accepted.ts, given by the app: it knows every kind). */
export type HandleAccepted = (ctx: AppContext, accepted: AcceptedCommand) => Promise<Handled>;

/**
 * Carries out accepted commands, per basket in acceptance order (C-5.4): only a basket's oldest
 * Pending command is processed. Within a process one worker runs per basket; across processes the
 * version-checked commit and the completion that must still be Pending keep every command applied
 * exactly once (C-6.2), whoever gets there first.
 */
export type Processor = {
  /** Processes the basket's Pending commands soon; never throws. */
  readonly kick: (basketId: string) => void;
  /** Processes the basket's Pending commands until none is left (or one cannot finish now). */
  readonly process: (basketId: string) => Promise<void>;
  /** Takes up the Pending commands accepted at or before `acceptedBefore` (default: a moment ago), C-5.1. */
  readonly recover: (acceptedBefore?: string) => Promise<void>;
  /** Starts the periodic recovery (after a recovery of everything Pending). */
  readonly start: () => void;
  /**
   * Stops taking work up (shutdown, C-10.3): the periodic recovery stops, and the commands under way
   * are finished while any other stays Pending in the storage, for another process (or this one
   * after a restart) to carry out (C-5.1).
   */
  readonly stop: () => void;
  /** Resolves once this process has no work under way. */
  readonly idle: () => Promise<void>;
};

/** Failed attempts at one command before it is reported Failed with `internal-error`. */
const MAX_FAILURES = 5;

export const createProcessor = (ctx: AppContext, handleAccepted: HandleAccepted): Processor => {
  // This processor's name in `commandLeases`, one per process: its host and process id, for an
  // operator reading the leases table, and a random part (not from `ctx.ids`, whose sequence of ids
  // a test may count on) for two apps in one process.
  const holder = `${hostname()}:${pid}:${randomUUID().slice(0, 8)}`;
  const workers = new Map<string, { promise: Promise<void>; again: boolean }>();
  const failures = new Map<string, number>();
  const background = new Set<Promise<unknown>>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let recovering: Promise<void> | undefined;
  /** Set by `stop`: no command is taken up any more, the ones under way finish. */
  let stopping = false;

  const track = <A>(promise: Promise<A>): Promise<A> => {
    background.add(promise);
    void promise.finally(() => background.delete(promise)).catch(() => {});
    return promise;
  };

  /** In-process news of the completion; one completed elsewhere is read back (listeners take duplicates, C-5.5). */
  const reportCompleted = async (accepted: AcceptedCommand, handled: Handled): Promise<void> => {
    if (handled._tag === 'Completed') ctx.hub.completed(completedRecord(accepted, handled.completion));
    if (handled._tag !== 'AlreadyCompleted') return;
    const record = await ctx.storage.commands.notification(accepted.notificationId);
    if (record !== undefined && record.status !== 'Pending') ctx.hub.completed(record);
  };

  /** A command that keeps throwing (a provider down, a bug) is reported Failed after a few attempts. */
  const attempt = async (accepted: AcceptedCommand): Promise<Handled> => {
    try {
      const handled = await handleAccepted(ctx, accepted);
      failures.delete(accepted.notificationId);
      return handled;
    } catch (error) {
      ctx.onError(error);
      const count = (failures.get(accepted.notificationId) ?? 0) + 1;
      failures.set(accepted.notificationId, count);
      if (count < MAX_FAILURES) return { _tag: 'Unfinished' };
      failures.delete(accepted.notificationId);
      return completeWithoutChange(ctx, accepted, () =>
        internalError(accepted.notificationId, ctx.clock.now()),
      );
    }
  };

  /** Handles the basket's Pending commands in order; answers the one it left Pending, if any. */
  const drainPending = async (basketId: string): Promise<string | undefined> => {
    let previous: string | undefined;
    for (;;) {
      if (stopping) return undefined;
      const accepted = await ctx.storage.commands.oldestPending(basketId);
      if (accepted === undefined) return undefined;
      // The same command again right after it was handled: leave it to a later attempt.
      if (accepted.notificationId === previous) return previous;
      previous = accepted.notificationId;
      const handled = await attempt(accepted);
      await reportCompleted(accepted, handled);
      // Left Pending: a later kick or the recovery takes it up again, still first of its basket.
      if (handled._tag === 'Unfinished') return previous;
    }
  };

  /**
   * Runs `work` under the basket's claim, renewed every third of its time while it runs and given up
   * after; undefined, without running it, when another process holds the claim.
   */
  const underClaim = async <A>(
    leases: CommandLeases,
    basketId: string,
    work: () => Promise<A>,
  ): Promise<{ readonly value: A } | undefined> => {
    const ttlMs = ctx.config.commandLeaseMs;
    if (!(await leases.acquire(basketId, holder, ttlMs))) return undefined;
    let renewing: Promise<unknown> = Promise.resolve();
    const renewal = setInterval(
      () => {
        renewing = leases.acquire(basketId, holder, ttlMs).catch(ctx.onError);
      },
      Math.floor(ttlMs / 3),
    );
    renewal.unref?.();
    try {
      return { value: await work() };
    } finally {
      clearInterval(renewal);
      // A renewal still on its way would take the claim again after the release.
      await renewing;
      await leases.release(basketId, holder).catch(ctx.onError);
    }
  };

  const drainBasket = async (basketId: string): Promise<void> => {
    const leases = ctx.storage.commandLeases;
    if (leases === undefined) {
      await drainPending(basketId);
      return;
    }
    for (;;) {
      // Another process holds the claim: it carries the basket's commands out, or its claim runs
      // out and the recovery (or the next request that waits on them) takes them up.
      const claimed = await underClaim(leases, basketId, () => drainPending(basketId));
      if (claimed === undefined || stopping) return;
      // A command another process accepted while this one held the claim found it taken, so its
      // process left it here: looked for once the claim is given up, or it would wait for recovery.
      const next = await ctx.storage.commands.oldestPending(basketId);
      if (next === undefined || next.notificationId === claimed.value) return;
    }
  };

  const process = (basketId: string): Promise<void> => {
    // Shutting down: what is Pending stays so, for another process (docs/operations.md, "Shutdown").
    if (stopping) return workers.get(basketId)?.promise ?? Promise.resolve();
    const running = workers.get(basketId);
    if (running) {
      running.again = true;
      return running.promise;
    }
    const worker = { promise: Promise.resolve(), again: true };
    workers.set(basketId, worker);
    worker.promise = (async () => {
      try {
        while (worker.again) {
          worker.again = false;
          await drainBasket(basketId);
        }
      } finally {
        workers.delete(basketId);
      }
    })();
    return track(worker.promise);
  };

  const recover = async (acceptedBefore?: string): Promise<void> => {
    const before = acceptedBefore ?? shift(ctx.clock.now(), -ctx.config.recoveryAfterMs);
    const baskets = await ctx.storage.commands.basketsWithPending(before, 1000);
    // A basket whose work failed outside its commands (the storage unreachable for its claim or its
    // Pending commands) is reported and left to the next recovery; the others go on.
    await Promise.all(baskets.map((basketId) => process(basketId).catch(ctx.onError)));
  };

  const recoverInBackground = (acceptedBefore?: string): void => {
    if (recovering) return;
    recovering = track(recover(acceptedBefore))
      .catch(ctx.onError)
      .finally(() => {
        recovering = undefined;
      });
  };

  return {
    kick: (basketId) => {
      process(basketId).catch(ctx.onError);
    },
    process,
    recover,
    start: () => {
      // At start every Pending command may have been left by a crashed process (C-5.1).
      recoverInBackground(ctx.clock.now());
      if (timer === undefined && ctx.config.recoveryIntervalMs > 0) {
        timer = setInterval(() => recoverInBackground(), ctx.config.recoveryIntervalMs);
        timer.unref?.();
      }
    },
    stop: () => {
      stopping = true;
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    },
    idle: async () => {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
  };
};
