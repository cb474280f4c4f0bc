/**
 * The first step of a shutdown (C-10.3) behind a load balancer: for `delayMs` the process says it is
 * not ready (`/readyz` 503) while it goes on serving every request, so that the balancer's health
 * checks take it out of rotation before it starts turning requests away. Kubernetes and most load
 * balancers stop sending only once a check has failed, so without it the requests of that interval
 * get 503s to retry elsewhere.
 */
export type LeavingRotation = {
  /** Whether the shutdown began: readiness answers not-ready from then on. */
  readonly started: boolean;
  /** Begins it; resolves when the delay is over (at once for 0), or when it is cut short. */
  readonly start: () => Promise<void>;
  /** Ends the delay now (an operator's second signal). */
  readonly cutShort: () => void;
};

export const leavingRotation = (delayMs: number): LeavingRotation => {
  let started = false;
  let cutShort = (): void => undefined;
  return {
    get started() {
      return started;
    },
    start: () => {
      started = true;
      if (delayMs === 0) return Promise.resolve();
      return new Promise<void>((over) => {
        const timer = setTimeout(over, delayMs);
        cutShort = () => {
          clearTimeout(timer);
          over();
        };
      });
    },
    cutShort: () => cutShort(),
  };
};
