import { performance } from 'node:perf_hooks';

/** How often the monitor's timer runs, in ms: the delay it reports is at most this much short. */
export const EVENT_LOOP_TICK_MS = 10;

export type EventLoopDelayMonitor = {
  /** How late the monitor's timer is right now, in ms (0 while the loop keeps up). */
  readonly delayMs: () => number;
  /** Clears the timer. */
  readonly stop: () => void;
};

/**
 * Measures the event loop's delay with a lag timer: an unref'd timer notes when it last ran, every
 * `tickMs`, and the delay is the time since then less `tickMs`, the time by which it is overdue.
 *
 * Read on a request, this counts the loop iteration under way: with no I/O to wait on, a whole
 * batch of requests is answered in one iteration, one after the other, and the timer cannot run
 * in between; the delay grows with each of them, so the requests late in a long iteration see it.
 * `perf_hooks.monitorEventLoopDelay` reports only the iterations that ended (its histogram records
 * the intervals between its timer's runs, resolution included, and drops the first one after a
 * `reset()`), so it would let a long iteration run to its end. Unref'd: it keeps no process alive.
 */
export const startEventLoopDelayMonitor = (tickMs: number = EVENT_LOOP_TICK_MS): EventLoopDelayMonitor => {
  let lastRun = performance.now();
  const timer = setInterval(() => {
    lastRun = performance.now();
  }, tickMs);
  timer.unref();
  return {
    delayMs: () => Math.max(0, performance.now() - lastRun - tickMs),
    stop: () => clearInterval(timer),
  };
};
