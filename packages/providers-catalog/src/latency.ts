/**
 * The simulated providers' response time (C-10.1, `BASKET_PROVIDER_LATENCY_MS`): 0 answers at
 * once, above 0 after that many milliseconds, so that the asynchronous paths are exercised.
 */
export type Latency = <T>(answer: () => T) => Promise<T>;

export const latency = (latencyMs: number): Latency => {
  if (!Number.isFinite(latencyMs) || latencyMs < 0)
    throw new Error(`latencyMs must be 0 or more, not ${latencyMs}`);
  if (latencyMs === 0) return async (answer) => answer();
  return (answer) =>
    new Promise((resolve, reject) => {
      setTimeout(() => {
        try {
          resolve(answer());
        } catch (error) {
          reject(error);
        }
      }, latencyMs);
    });
};
