import type { Outbox, OutboxMessage } from '@basket/app';
import type { JetStreamClient, PubAck } from 'nats';
import { encodeNotification, notificationHeaders } from './message';
import type { MetricsState } from './metrics';
import { notificationSubject } from './subject';

export type BatchDeps = {
  readonly outbox: Outbox;
  /** The JetStream client, connected after the read so that backlog and lag show while NATS is down. */
  readonly ready: () => Promise<JetStreamClient>;
  readonly subjectPrefix: string;
  readonly batchSize: number;
  readonly publishTimeoutMs: number;
  /** Checked before each publish: false when this relay lost the lease. */
  readonly mayPublish: () => Promise<boolean>;
  readonly metrics: MetricsState;
};

export type BatchResult = {
  /** Rows read: fewer than batchSize means the outbox was drained. */
  readonly read: number;
  readonly lostLease: boolean;
};

export const publishOne = (
  js: JetStreamClient,
  subjectPrefix: string,
  message: OutboxMessage,
  timeout: number,
) =>
  js.publish(
    notificationSubject(subjectPrefix, message.notification.storeId, message.notification.basketId),
    encodeNotification(message.notification),
    { msgID: message.notification.notificationId, headers: notificationHeaders(message), timeout },
  );

const count = (metrics: MetricsState, message: OutboxMessage, ack: PubAck): void => {
  if (ack.duplicate) metrics.duplicates += 1;
  else metrics.published += 1;
  metrics.lastPosition = message.position;
  metrics.waiting = metrics.waiting.filter((waiting) => waiting.position !== message.position);
};

/**
 * One batch: the oldest unpublished rows, published one after another in position order (each
 * waits for the previous ack, so a basket's notifications reach the stream in order), then marked
 * published. Rows acknowledged before a failure are marked too; rows not marked are published
 * again by the next batch, and the stream drops them by message id.
 */
export const relayBatch = async (deps: BatchDeps): Promise<BatchResult> => {
  const rows = await deps.outbox.unpublished(deps.batchSize);
  deps.metrics.waiting = rows;
  const js = await deps.ready();
  const acked: number[] = [];
  try {
    for (const row of rows) {
      if (!(await deps.mayPublish())) return { read: rows.length, lostLease: true };
      const ack = await publishOne(js, deps.subjectPrefix, row, deps.publishTimeoutMs);
      acked.push(row.position);
      count(deps.metrics, row, ack);
    }
    return { read: rows.length, lostLease: false };
  } finally {
    if (acked.length > 0) await deps.outbox.markPublished(acked);
  }
};
