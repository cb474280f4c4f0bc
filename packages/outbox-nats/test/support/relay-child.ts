/**
 * A relay process over a file outbox (see relay-crash.test.ts). Environment: OUTBOX_DIR, NATS_URL,
 * BATCH_SIZE, and CRASH_AT_POSITION: when set, marking a batch that holds that position prints
 * `MARKING` and never finishes, so that the test can SIGKILL the process after the publish acks
 * and before the outbox records them. SIGTERM stops the relay and prints `METRICS <json>`.
 * `STARTED <pid>` names this process: tsx runs it as a child of its own, which a signal to tsx's
 * process would not reach with SIGKILL.
 */
import type { Outbox } from '@basket/app';
import { createNatsRelay } from '../../src';
import { createFileOutbox } from './file-outbox';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is required`);
  return value;
};

const fileOutbox = createFileOutbox(env('OUTBOX_DIR'));
const crashAt =
  process.env.CRASH_AT_POSITION === undefined ? undefined : Number(process.env.CRASH_AT_POSITION);

const outbox: Outbox = {
  ...fileOutbox,
  markPublished: async (positions) => {
    if (crashAt !== undefined && positions.includes(crashAt)) {
      process.stdout.write(`MARKING ${JSON.stringify(positions)}\n`);
      await new Promise<never>(() => {});
    }
    await fileOutbox.markPublished(positions);
  },
};

const relay = createNatsRelay({
  outbox,
  servers: env('NATS_URL'),
  batchSize: Number(process.env.BATCH_SIZE ?? '4'),
  pollMs: 10,
  backoffMs: { initial: 50, max: 500 },
});
relay.start();
process.stdout.write(`STARTED ${process.pid}\n`);

process.once('SIGTERM', () => {
  void relay.stop().then(() => {
    process.stdout.write(`METRICS ${JSON.stringify(relay.metrics())}\n`);
    process.exit(0);
  });
});
