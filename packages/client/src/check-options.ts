import type { BasketClientOptions } from './options';

/** What is wrong with a number an option must be: finite, whole when `integer`, at least 0. */
const numberProblem = (name: string, value: unknown, integer: boolean): ReadonlyArray<string> => {
  if (value === undefined) return [];
  const fine =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= 0 &&
    (!integer || Number.isInteger(value));
  return fine
    ? []
    : [`${name} must be ${integer ? 'a whole number' : 'a number'} from 0, not ${String(value)}`];
};

/** The scheme of an absolute address, or undefined for a relative one. */
const schemeOf = (address: string): string | undefined => {
  try {
    return new URL(address).protocol;
  } catch {
    return undefined;
  }
};

/**
 * An absolute http(s) address, or a path on the page's own origin (`/api`, or `''`: a browser's
 * fetch resolves it), or why it is neither: `localhost:3000` parses as the scheme `localhost:`.
 */
const baseUrlProblem = (baseUrl: unknown): ReadonlyArray<string> => {
  if (typeof baseUrl === 'string') {
    const scheme = schemeOf(baseUrl);
    if (scheme === 'http:' || scheme === 'https:') return [];
    // `//host` is not a path of the page's origin but another host, by the page's scheme.
    if (scheme === undefined && (baseUrl === '' || (baseUrl.startsWith('/') && !baseUrl.startsWith('//'))))
      return [];
  }
  return [
    `baseUrl must be an http:// or https:// address, or a path of the page's origin, not ${JSON.stringify(baseUrl)}`,
  ];
};

/**
 * Checks the options a client is created with, so that a mistake shows at `createBasketClient`
 * rather than at the first call, or never: a `retries` of NaN would retry a lost answer for good.
 * Numbers in range but past a bound (`pollWaitMs` over 30 000, `jitter` over 1) are clamped, as
 * each option says; what is not a number, or below 0, throws a `RangeError` naming each option.
 */
export const checkClientOptions = (options: BasketClientOptions): void => {
  const problems = [
    ...baseUrlProblem(options.baseUrl),
    ...(typeof options.apiKey === 'string' && options.apiKey !== ''
      ? []
      : ['apiKey must be a non-empty string']),
    ...(typeof options.token === 'string' || typeof options.token === 'function'
      ? []
      : ['token must be a string or a function answering one']),
    ...numberProblem('pollWaitMs', options.pollWaitMs, false),
    ...numberProblem('retry.retries', options.retry?.retries, true),
    ...numberProblem('retry.maxRetryAfterMs', options.retry?.maxRetryAfterMs, false),
    ...numberProblem('retry.jitter', options.retry?.jitter, false),
  ];
  if (problems.length > 0) throw new RangeError(`createBasketClient: ${problems.join('; ')}`);
};
