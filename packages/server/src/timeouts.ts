import type { HttpTimeouts } from '@basket/http';

/** Every time limit of the server process (docs/operations.md lists them), in milliseconds. */
export type Timeouts = HttpTimeouts & {
  /** `BASKET_SHUTDOWN_TIMEOUT_MS`: SIGTERM → exit 1 if shutting down takes longer. */
  readonly shutdownMs: number;
  /**
   * `BASKET_SHUTDOWN_DRAIN_MS`: after SIGTERM, how long open keep-alive connections are kept, so a
   * request already on its way gets the 503 (with `Connection: close`) rather than a reset.
   */
  readonly drainMs: number;
  /**
   * `BASKET_SHUTDOWN_DELAY_MS`: after SIGTERM, how long the process goes on serving every request
   * while `/readyz` answers 503, so that a load balancer takes it out of rotation before it turns
   * requests away. 0 (the default): it turns them away at once.
   */
  readonly delayMs: number;
};

export const DEFAULT_TIMEOUTS: Timeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  keepAliveMs: 72_000,
  shutdownMs: 30_000,
  drainMs: 1_000,
  delayMs: 0,
};

type Read<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly errors: string[] };

const MAX_MS = 3_600_000;

type Field = { readonly value: number; readonly error?: string };

const read = (
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  fallback: number,
  min: number,
): Field => {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return { value: fallback };
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  return n >= min && n <= MAX_MS
    ? { value: n }
    : { value: fallback, error: `${name} must be an integer from ${min} to ${MAX_MS}` };
};

/** The timeouts from `BASKET_REQUEST_TIMEOUT_MS` and its siblings; every problem found is listed. */
export const readTimeouts = (env: Readonly<Record<string, string | undefined>>): Read<Timeouts> => {
  const d = DEFAULT_TIMEOUTS;
  const fields = {
    requestMs: read(env, 'BASKET_REQUEST_TIMEOUT_MS', d.requestMs, 100),
    headersMs: read(env, 'BASKET_HEADERS_TIMEOUT_MS', d.headersMs, 100),
    keepAliveMs: read(env, 'BASKET_KEEP_ALIVE_TIMEOUT_MS', d.keepAliveMs, 100),
    shutdownMs: read(env, 'BASKET_SHUTDOWN_TIMEOUT_MS', d.shutdownMs, 1_000),
    drainMs: read(env, 'BASKET_SHUTDOWN_DRAIN_MS', d.drainMs, 0),
    delayMs: read(env, 'BASKET_SHUTDOWN_DELAY_MS', d.delayMs, 0),
  };
  const errors = Object.values(fields).flatMap((field) => (field.error === undefined ? [] : [field.error]));
  const value: Timeouts = {
    requestMs: fields.requestMs.value,
    headersMs: fields.headersMs.value,
    keepAliveMs: fields.keepAliveMs.value,
    shutdownMs: fields.shutdownMs.value,
    drainMs: fields.drainMs.value,
    delayMs: fields.delayMs.value,
  };
  if (errors.length === 0 && value.headersMs > value.requestMs) {
    errors.push('BASKET_HEADERS_TIMEOUT_MS must not exceed BASKET_REQUEST_TIMEOUT_MS');
  }
  if (errors.length === 0 && value.delayMs + value.drainMs >= value.shutdownMs) {
    errors.push(
      'BASKET_SHUTDOWN_DELAY_MS and BASKET_SHUTDOWN_DRAIN_MS together must be below BASKET_SHUTDOWN_TIMEOUT_MS',
    );
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
};
