import type { Storage } from '../ports/storage';
import type { Commit } from '../ports/unit-of-work';

const isSeat = (resource: string): boolean => resource.startsWith('seat:');

/**
 * Storage whose availability reads for choosing (`read.choosing`: automatic seat selection) also
 * count the seats that this process's commits are taking at that moment (docs/architecture.md, "Seat
 * selection at scale"). Automatic selection (C-7.5) sends
 * every buyer to the same first free seats; without this, concurrent decisions in one process pick
 * the same seats, one commit wins and the others fail with an inventory conflict and decide again.
 * With it, a decision made while another commit is taking seats picks the next free ones at once.
 *
 * Only a preference: nothing is refused or written on its account, and the capacity check of the
 * commit stays the only judge (a seat counted here while its commit fails is simply left for the
 * next buyer). A lone buyer sees exactly what is stored. Only seats (capacity 1) are counted, so
 * that a basket's own holds being rewritten never looks like someone else's.
 */
export const withSeatsInFlight = (storage: Storage): Storage => {
  /** Seat → holders whose commit is taking it now (a holder may have two commits under way). */
  const inFlight = new Map<string, Map<string, number>>();
  const change = (holder: string, seats: ReadonlyArray<string>, by: 1 | -1): void => {
    for (const seat of seats) {
      const holders = inFlight.get(seat) ?? new Map<string, number>();
      const n = (holders.get(holder) ?? 0) + by;
      if (n > 0) holders.set(holder, n);
      else holders.delete(holder);
      if (holders.size > 0) inFlight.set(seat, holders);
      else inFlight.delete(seat);
    }
  };
  const takenByOthers = (resources: ReadonlyArray<string>, holder: string): ReadonlySet<string> => {
    const taken = new Set<string>();
    if (inFlight.size === 0) return taken;
    for (const resource of resources) {
      const holders = inFlight.get(resource);
      if (holders !== undefined && [...holders.keys()].some((h) => h !== holder)) taken.add(resource);
    }
    return taken;
  };
  const withAvailability = <R extends Pick<Storage['inventory'], 'heldByOthers'>>(reads: R): R => ({
    ...reads,
    heldByOthers: async (
      resources: ReadonlyArray<string>,
      holder: string,
      now: string,
      read?: { readonly choosing?: boolean },
    ) => {
      // Only a read for choosing: a manual selection is judged on what is stored, so that a seat is
      // never refused on account of a commit in this process that may yet fail (C-6.5).
      if (read?.choosing !== true) return reads.heldByOthers(resources, holder, now, read);
      // Seats taken when the read starts or when it ends: a commit that ends during the read may
      // be missing from the read's snapshot.
      const before = takenByOthers(resources, holder);
      const held = await reads.heldByOthers(resources, holder, now, read);
      const after = takenByOthers(resources, holder);
      if (before.size === 0 && after.size === 0) return held;
      const counted = new Map(held);
      for (const seat of [...before, ...after]) counted.set(seat, Math.max(1, held.get(seat) ?? 0));
      return counted;
    },
  });
  /** Runs `write` with the seats of `commit` counted as taken by its holder until it ends. */
  const taking = async <T>(commit: Commit | undefined, write: () => Promise<T>): Promise<T> => {
    const holder = commit?.holds?.holder;
    const seats = (commit?.holds?.holds ?? []).map((h) => h.resource).filter(isSeat);
    if (holder === undefined || seats.length === 0) return write();
    change(holder, seats, 1);
    try {
      return await write();
    } finally {
      change(holder, seats, -1);
    }
  };
  return {
    ...storage,
    unitOfWork: {
      ...storage.unitOfWork,
      commit: (commit) => taking(commit, () => storage.unitOfWork.commit(commit)),
      transaction: async (lock, body, prefetch, since) => {
        // The seats count as taken from the moment the body decided them until the transaction
        // that writes them ends (committed or refused).
        let taken: { readonly holder: string; readonly seats: ReadonlyArray<string> } | undefined;
        try {
          return await storage.unitOfWork.transaction(
            lock,
            async (reads) => {
              const answer = await body(withAvailability(reads));
              const holder = answer.commit?.holds?.holder;
              const seats = (answer.commit?.holds?.holds ?? []).map((h) => h.resource).filter(isSeat);
              if (holder !== undefined && seats.length > 0) {
                taken = { holder, seats };
                change(holder, seats, 1);
              }
              return answer;
            },
            prefetch,
            since,
          );
        } finally {
          if (taken !== undefined) change(taken.holder, taken.seats, -1);
        }
      },
    },
    inventory: withAvailability(storage.inventory),
  };
};
