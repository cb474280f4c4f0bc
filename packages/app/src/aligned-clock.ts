import type { Clock } from './ports/providers';

/** A clock set by a reference every process shares (the database's), and how far off this machine is. */
export type AlignedClock = Clock & {
  /** The reference time now, in epoch milliseconds. */
  readonly nowMs: () => number;
  /** The reference's time less this machine's, as last measured (ms; 0 until the first `sync`). */
  readonly offsetMs: () => number;
  /** Measures the offset again; answers it. A reference that fails leaves the last offset in place. */
  readonly sync: () => Promise<number>;
};

/** Readings of one sync: the one with the shortest round trip is kept, as the least uncertain. */
const SAMPLES = 3;

/**
 * The machine's clock moved by its offset from `reference` (epoch ms, e.g. PostgreSQL's
 * `clock_timestamp()`: `Storage.sharedTime`), so that every process on one database takes its time
 * from one clock whatever its host's clock says (docs/operations.md, "Clocks"). The offset of a
 * reading is the reference less the middle of the round trip, so it is off by at most half the
 * round trip; each sync keeps the reading of the shortest round trip among a few.
 */
export const alignedClock = (
  reference: () => Promise<number>,
  machine: () => number = Date.now,
): AlignedClock => {
  let offset = 0;
  const nowMs = () => machine() + offset;
  // The text of the last millisecond asked for: a busy process asks many times within one.
  let lastMs = Number.NaN;
  let lastText = '';
  return {
    now: () => {
      const ms = nowMs();
      if (ms !== lastMs) {
        lastMs = ms;
        lastText = new Date(ms).toISOString();
      }
      return lastText;
    },
    nowMs,
    offsetMs: () => offset,
    sync: async () => {
      let best: { readonly roundTrip: number; readonly offset: number } | undefined;
      for (let sample = 0; sample < SAMPLES; sample++) {
        const sent = machine();
        const at = await reference();
        const received = machine();
        const reading = { roundTrip: received - sent, offset: at - (sent + received) / 2 };
        if (best === undefined || reading.roundTrip < best.roundTrip) best = reading;
      }
      if (best !== undefined) offset = Math.round(best.offset);
      return offset;
    },
  };
};
