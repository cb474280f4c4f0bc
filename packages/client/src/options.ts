/** A bearer token, or a function that answers a fresh one (called before every request). */
export type TokenSource = string | (() => string | Promise<string>);

/**
 * Retries of requests that got no response, a 5xx, or a 409 `idempotency-key-in-use` (the same key
 * still being carried out, C-6.3); any other 4xx is never retried.
 */
export type RetryOptions = {
  /** Retries after the first attempt; 0 turns them off. Default 2. */
  readonly retries?: number;
  /** The delay before retry `n` (1, 2, …), in ms. Default `100 × 2^(n-1)`. */
  readonly delayMs?: (retry: number) => number;
  /**
   * A 5xx's `Retry-After` (an overloaded service's 503) is waited for when it is longer than the
   * delay; past this many ms the answer is thrown at once instead. Default 30000.
   */
  readonly maxRetryAfterMs?: number;
  /**
   * A retry after a `Retry-After` waits that long and up to this share of it more, at random, so
   * that clients refused at the same moment (an on-sale) do not all come back at the same moment.
   * 0 to 1; default 0.5.
   */
  readonly jitter?: number;
  /** The random numbers of the jitter, in [0, 1); default `Math.random`. */
  readonly random?: () => number;
};

export type BasketClientOptions = {
  /**
   * The service's base address, e.g. `http://127.0.0.1:3000`, or in a browser a path of the page's
   * own origin (`/api`). Anything else (`localhost:3000` has no scheme) throws at creation.
   */
  readonly baseUrl: string;
  /** The store's `x-api-key`: base64 of the store id (see `apiKeyOf`, C-2.2). */
  readonly apiKey: string;
  /** The bearer JWT (C-2.3); its `sub` is the signed-in contact. */
  readonly token: TokenSource;
  /** The fetch to use; default `globalThis.fetch`. */
  readonly fetch?: typeof fetch;
  readonly retry?: RetryOptions;
  /** The `waitMs` of each notification poll while settling (0..30000). Default 10000. */
  readonly pollWaitMs?: number;
  /**
   * Send `If-Match` with the basket's remembered ETag on every modifying basket call (C-6.1).
   * Default false; a basket handle or a single call can override it.
   */
  readonly useETags?: boolean;
  /** The source of Idempotency-Keys; default `globalThis.crypto.randomUUID`. */
  readonly newIdempotencyKey?: () => string;
};

/** Options of one modifying call. */
export type CallOptions = {
  /** The call's Idempotency-Key (C-6.3); default a fresh UUID, reused on every retry of the call. */
  readonly idempotencyKey?: string;
  /** `If-Match`: an ETag as the service gave it (`"7"`), `true` for the remembered one, `false` for none. */
  readonly ifMatch?: string | boolean;
  readonly signal?: AbortSignal;
};

/** Options of waiting for a notification. */
export type SettleOptions = {
  /** Give up (BasketTimeoutError) after this many ms; default: wait as long as it takes. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
};

export const DEFAULT_RETRIES = 2;
export const DEFAULT_POLL_WAIT_MS = 10_000;
/** The longest `waitMs` the service accepts (C-5.2). */
export const MAX_WAIT_MS = 30_000;

export const DEFAULT_MAX_RETRY_AFTER_MS = 30_000;
export const DEFAULT_RETRY_AFTER_JITTER = 0.5;

export const defaultRetryDelay = (retry: number): number => 100 * 2 ** (retry - 1);
