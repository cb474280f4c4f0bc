/**
 * A pace of so many per second (a token bucket holding one second's worth at most): `available`
 * says whether one may go now, `take` counts one gone, `msUntilNext` is how long until one may.
 * `perSecond` 0: no pace, always available.
 */
export type Pace = {
  readonly available: () => boolean;
  readonly take: () => void;
  readonly msUntilNext: () => number;
};

export const createPace = (perSecond: number, now: () => number = () => performance.now()): Pace => {
  const most = Math.max(1, perSecond);
  let tokens = most;
  let at = now();
  const refill = (): void => {
    const t = now();
    tokens = Math.min(most, tokens + ((t - at) * perSecond) / 1000);
    at = t;
  };
  return {
    available: () => {
      if (perSecond === 0) return true;
      refill();
      return tokens >= 1;
    },
    take: () => {
      if (perSecond === 0) return;
      refill();
      tokens -= 1;
    },
    msUntilNext: () => {
      if (perSecond === 0) return 0;
      refill();
      return tokens >= 1 ? 0 : Math.ceil(((1 - tokens) * 1000) / perSecond);
    },
  };
};
