/** Polls `condition` until it holds; fails with `what` when `timeoutMs` passes first. */
export const waitUntil = async (
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
  intervalMs = 50,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};
