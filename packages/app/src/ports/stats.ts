/**
 * Figures of what a storage holds, for an operator's metrics (read when scraped, across every
 * process sharing the store). Optional on `Storage`: an adapter without it simply has no such gauges.
 */
export type StorageStats = {
  /** Accepted commands still Pending (C-5.1). */
  readonly pendingCommands: () => Promise<number>;
  /**
   * Units held by holds that run out and had not at `now` (C-7.8: baskets being filled), summed per
   * inventory resource. Holds without an expiry (a basket being paid, or paid) are left out: they
   * are the providers' sales, and grow with every one.
   */
  readonly heldUnits: (
    now: string,
  ) => Promise<ReadonlyArray<{ readonly resource: string; readonly units: number }>>;
};
