import { type AlignedClock, alignedClock, type Storage } from '@basket/app';
import type { Logger } from 'pino';
import { errorSummary } from './errors';

/** How often the offset from the database's clock is measured again (a host's clock drifts slowly). */
const RESYNC_MS = 60_000;
/** An offset past this is logged as a warning: the host's clock should be fixed (NTP). */
const WARN_OFFSET_MS = 1_000;

export type ProcessClock = AlignedClock & { readonly stop: () => void };

/**
 * The process's clock: the database's, when the storage shares one (`Storage.sharedTime`), measured
 * at start and every minute; else this machine's (memory storage: one process). Every time the
 * process writes or judges by (hold expiry, recovery of commands, notifications, token expiry)
 * follows it, so processes on hosts whose clocks differ still agree (docs/operations.md, "Clocks").
 */
export const processClock = async (storage: Storage, logger: Logger): Promise<ProcessClock> => {
  const { sharedTime } = storage;
  if (sharedTime === undefined) {
    return { ...alignedClock(async () => Date.now()), stop: () => undefined };
  }
  const clock = alignedClock(sharedTime);
  const sync = async (): Promise<void> => {
    const offset = await clock.sync();
    if (Math.abs(offset) > WARN_OFFSET_MS)
      logger.warn(
        { offsetMs: offset },
        "this host's clock is off the database's: the process follows the database",
      );
  };
  await sync();
  const timer = setInterval(() => {
    sync().catch((error: unknown) =>
      logger.warn({ error: errorSummary(error) }, 'measuring the clock offset failed'),
    );
  }, RESYNC_MS);
  timer.unref();
  return { ...clock, stop: () => clearInterval(timer) };
};
