/** A wait that `wake()` cuts short; a wake while not waiting makes the next wait return at once. */
export type Sleeper = {
  readonly sleep: (ms: number) => Promise<void>;
  readonly wake: () => void;
};

export const createSleeper = (): Sleeper => {
  let pending: (() => void) | undefined;
  let woken = false;
  return {
    sleep: (ms) => {
      if (woken) {
        woken = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done(): void {
          clearTimeout(timer);
          pending = undefined;
          resolve();
        }
        pending = done;
      });
    },
    wake: () => {
      if (pending === undefined) woken = true;
      else pending();
    },
  };
};

/** Exponential backoff with jitter: attempt 1 waits about `initial`, doubling up to `max`. */
export const backoffDelay = (attempt: number, initial: number, max: number, random = Math.random): number => {
  const ceiling = Math.min(max, initial * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
};
