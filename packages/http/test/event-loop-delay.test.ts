import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EventLoopDelayMonitor, startEventLoopDelayMonitor } from '../src/event-loop-delay';

/** Holds the thread for `ms`: the monitor's timer cannot run meanwhile. */
const blockLoop = (ms: number): void => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
};

describe('startEventLoopDelayMonitor', () => {
  let monitor: EventLoopDelayMonitor | undefined;
  afterEach(() => {
    monitor?.stop();
    vi.useRealTimers();
  });

  it('reports no delay while its timer is not overdue', () => {
    monitor = startEventLoopDelayMonitor(10);
    expect(monitor.delayMs()).toBe(0);
  });

  it('reports no delay after any time while its timer runs on time', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    monitor = startEventLoopDelayMonitor(10);
    vi.advanceTimersByTime(1_000);
    expect(monitor.delayMs()).toBe(0);
    vi.advanceTimersByTime(5);
    expect(monitor.delayMs()).toBe(0);
  });

  it('reports the iteration under way: the time its timer is overdue by', () => {
    monitor = startEventLoopDelayMonitor(10);
    blockLoop(80);
    // At least 80 ms since the timer last ran (at the start), less its 10 ms period.
    expect(monitor.delayMs()).toBeGreaterThanOrEqual(70);
    blockLoop(20);
    expect(monitor.delayMs()).toBeGreaterThanOrEqual(90);
  });

  it('keeps no timer once stopped', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    monitor = startEventLoopDelayMonitor(10);
    expect(vi.getTimerCount()).toBe(1);
    monitor.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
