import type { OutboxMessage } from '@basket/app';
import type { RelayMetrics } from './types';

/** What the relay counts; `snapshot` turns it into RelayMetrics at a given time. */
export type MetricsState = {
  published: number;
  duplicates: number;
  /** Rows read at the last poll and not yet acknowledged, oldest first. */
  waiting: ReadonlyArray<OutboxMessage>;
  active: boolean;
  lastPosition?: number;
  lastError?: string;
};

export const initialMetrics = (): MetricsState => ({
  published: 0,
  duplicates: 0,
  waiting: [],
  active: false,
});

const completedAt = (message: OutboxMessage): number =>
  Date.parse(message.notification.completed ?? message.notification.created);

export const snapshot = (state: MetricsState, connected: boolean, now: number): RelayMetrics => {
  const oldest = state.waiting[0];
  const at = oldest === undefined ? Number.NaN : completedAt(oldest);
  return {
    published: state.published,
    duplicates: state.duplicates,
    backlog: state.waiting.length,
    lagMs: Number.isNaN(at) ? 0 : Math.max(0, now - at),
    active: state.active,
    connected,
    ...(state.lastPosition === undefined ? {} : { lastPosition: state.lastPosition }),
    ...(state.lastError === undefined ? {} : { lastError: state.lastError }),
  };
};
