import { BasketNetworkError, BasketProblemError, BasketResponseError } from './errors';
import { pause } from './transport';

/**
 * Runs `poll` with a signal that aborts at `deadline` (with `timedOut()`) or with `outer`: a slow
 * answer (a proxy holding a long poll, a slow network) cannot outlast `settled({ timeoutMs })`.
 */
const beforeDeadline = async <A>(
  deadline: number | undefined,
  outer: AbortSignal | undefined,
  timedOut: () => Error,
  poll: (signal: AbortSignal | undefined) => Promise<A>,
): Promise<A> => {
  if (deadline === undefined) return poll(outer);
  const controller = new AbortController();
  const abortWithOuter = () => controller.abort(outer?.reason);
  if (outer?.aborted === true) abortWithOuter();
  outer?.addEventListener('abort', abortWithOuter, { once: true });
  const timer = setTimeout(() => controller.abort(timedOut()), Math.max(0, deadline - Date.now()));
  try {
    return await poll(controller.signal);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', abortWithOuter);
  }
};

/**
 * How long a read is sent again through failures in a row when its caller set no deadline: a read
 * is safe to send again, and a server behind a load balancer may take this long to restart.
 */
const FAILING_READS_MS = 30_000;

/** The pause after the `n`th failed read in a row (the transport's own retries came before it). */
const failedReadPause = (n: number): number => Math.min(2000, 250 * 2 ** (n - 1));

/**
 * A read that failed on the way rather than in the service's judgement: no answer after the
 * transport's retries, or a 5xx (a restarting server, a load balancer with no server to send it
 * to). The command it follows was accepted all the same, so reading again is what is left to do.
 */
const failedOnTheWay = (error: unknown): boolean =>
  error instanceof BasketNetworkError ||
  ((error instanceof BasketProblemError || error instanceof BasketResponseError) && error.status >= 500);

/** When a read stops being sent again: its caller's deadline (then `timedOut()`), or its signal. */
export type ReadBounds = {
  readonly deadline: number | undefined;
  readonly signal: AbortSignal | undefined;
  readonly timedOut: () => Error;
};

/**
 * `read` (a GET that follows an accepted command: a notification's poll, the intent it made), sent
 * again after a pause (250 ms, doubling up to 2 s) while it fails on the way: until the deadline, or
 * without one for 30 s of failures in a row, after which its last error is thrown.
 */
export const readThroughFailures = async <A>(
  read: (signal: AbortSignal | undefined) => Promise<A>,
  { deadline, signal, timedOut }: ReadBounds,
): Promise<A> => {
  let failing: { readonly since: number; count: number } | undefined;
  for (;;) {
    try {
      return await beforeDeadline(deadline, signal, timedOut, read);
    } catch (error) {
      if (!failedOnTheWay(error) || signal?.aborted === true) throw error;
      failing ??= { since: Date.now(), count: 0 };
      failing.count += 1;
      const pauseMs = failedReadPause(failing.count);
      const until = deadline ?? failing.since + FAILING_READS_MS;
      if (Date.now() + pauseMs >= until) throw deadline === undefined ? error : timedOut();
      await beforeDeadline(deadline, signal, timedOut, (bounded) => pause(pauseMs, bounded));
    }
  }
};
