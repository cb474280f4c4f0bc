/**
 * The wait a `Retry-After` header asks for, in ms (RFC 9110 §10.2.3): delay-seconds or an HTTP date.
 * 0 when it is absent or unreadable (the client's own delay applies), and never negative.
 */
export const retryAfterMs = (header: string | null, nowMs: number): number => {
  const value = header?.trim() ?? '';
  if (value === '') return 0;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, at - nowMs);
};
