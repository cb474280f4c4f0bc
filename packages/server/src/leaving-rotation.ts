/**
 * The first step of a shutdown (C-10.3) behind a load balancer: for `delayMs` the process says it is
 * not ready (`/readyz` 503) while it goes on serving every request, so that the balancer's health
 * checks take it out of rotation before it starts turning requests away. Kubernetes and most load
 * balancers stop sending only once a check has failed, so without it the requests of that interval
 * get 503s to retry elsewhere.
 */
export type LeavingRotation = {
  /** Whether it began: readiness answers not-ready from then on. */
  readonly started: boolean;
  /**
   * Begins it, and resolves when the delay is over (at once for 0). Called again while the delay
   * runs (an operator's second signal), it ends the delay at once.
   */
  readonly leave: () => Promise<void>;
};

export const leavingRotation = (delayMs: number): LeavingRotation => {
  let over: Promise<void> | undefined;
  let endNow = (): void => undefined;
  return {
    get started() {
      return over !== undefined;
    },
    leave: () => {
      if (over !== undefined) {
        endNow();
        return over;
      }
      over =
        delayMs === 0
          ? Promise.resolve()
          : new Promise<void>((done) => {
              const timer = setTimeout(done, delayMs);
              endNow = () => {
                clearTimeout(timer);
                done();
              };
            });
      return over;
    },
  };
};
