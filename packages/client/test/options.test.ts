import { describe, expect, it } from 'vitest';
import { type BasketClientOptions, createBasketClient } from '../src/index';

const GOOD: BasketClientOptions = { baseUrl: 'http://basket.test', apiKey: 'YXJlbmEtd2Vi', token: 'token' };

/** The message createBasketClient throws for `options`, or '' when it makes the client. */
const refusal = (options: Partial<Record<keyof BasketClientOptions, unknown>>): string => {
  try {
    createBasketClient({ ...GOOD, ...options } as BasketClientOptions);
    return '';
  } catch (error) {
    return error instanceof RangeError ? error.message : `not a RangeError: ${String(error)}`;
  }
};

describe('createBasketClient checks its options when it is made, not at the first call', () => {
  it('takes absolute http(s) addresses, and paths of the page origin for browsers', () => {
    for (const baseUrl of ['http://127.0.0.1:3000', 'https://shop.example/api/', '/api', ''])
      expect(refusal({ baseUrl })).toBe('');
  });

  it('refuses an address without a scheme, or of another scheme', () => {
    for (const baseUrl of [
      'localhost:3000',
      '127.0.0.1:3000',
      'ftp://basket.test',
      'api',
      '//evil.example',
      undefined,
    ])
      expect(refusal({ baseUrl })).toMatch(/baseUrl must be an http:\/\/ or https:\/\/ address/);
  });

  it('refuses numbers that are not numbers or below 0, naming each (a NaN retries would retry for good)', () => {
    const message = refusal({
      pollWaitMs: Number.NaN,
      retry: { retries: 1.5, maxRetryAfterMs: -1, jitter: Number.POSITIVE_INFINITY },
    });
    expect(message).toContain('pollWaitMs must be a number from 0, not NaN');
    expect(message).toContain('retry.retries must be a whole number from 0, not 1.5');
    expect(message).toContain('retry.maxRetryAfterMs must be a number from 0, not -1');
    expect(message).toContain('retry.jitter must be a number from 0, not Infinity');
  });

  it('clamps numbers past a bound, as the options say', () => {
    expect(refusal({ pollWaitMs: 60_000, retry: { jitter: 3, retries: 0 } })).toBe('');
  });

  it('refuses a missing api key or token (JavaScript callers)', () => {
    expect(refusal({ apiKey: '' })).toMatch(/apiKey must be a non-empty string/);
    expect(refusal({ token: undefined })).toMatch(/token must be a string or a function/);
  });
});
