import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AppConfig, createBasketApp, resolveAppConfig } from '../src/index';
import { manualClock, sequentialIds } from './fakes/clock';
import { fakeStorage } from './fakes/memory-storage';
import { fakeProviders } from './fakes/providers';

const LONGEST_TIMER_MS = 2 ** 31 - 1;

describe('the app configuration (embedders: a bad setting is an error at start, never a silent misreading)', () => {
  it('fills in the documented defaults', () => {
    const resolved = resolveAppConfig();
    expect(resolved).toMatchObject({
      snapshotEvery: 50,
      sweepIntervalMs: 30_000,
      maxAttempts: 20,
      paymentTimeoutMs: 30 * 60_000,
      outboxUnpublishedRetentionMs: 0,
    });
    expect(resolveAppConfig({ sweepIntervalMs: 0, snapshotEvery: undefined })).toMatchObject({
      sweepIntervalMs: 0,
      snapshotEvery: 50,
    });
  });

  it('names every field out of range, and a name that is not a field', () => {
    const wrong = {
      maxAttempts: 0,
      sweepIntervalMs: 30 * 24 * 60 * 60_000,
      snapshotEvery: -1,
      paymentWaitMs: 1.5,
      sweepIntervalMS: 1000,
    } as AppConfig;
    expect(() => resolveAppConfig(wrong)).toThrow(RangeError);
    const message = (() => {
      try {
        resolveAppConfig(wrong);
        return '';
      } catch (error) {
        return String(error);
      }
    })();
    expect(message).toContain('maxAttempts must be an integer from 1 to');
    expect(message).toContain(
      `sweepIntervalMs must be an integer from 0 to ${LONGEST_TIMER_MS}, not 2592000000`,
    );
    expect(message).toContain('snapshotEvery must be an integer from 0');
    expect(message).toContain('paymentWaitMs must be an integer from 0');
    expect(message).toContain('sweepIntervalMS is not a setting of the app');
  });

  it('refuses what is not a number, as JavaScript callers can pass it', () => {
    for (const value of ['1000', null, Number.NaN, Number.POSITIVE_INFINITY, true]) {
      expect(() => resolveAppConfig({ pendingWaitMs: value } as unknown as AppConfig)).toThrow(
        /pendingWaitMs must be an integer/,
      );
    }
  });

  it('accepts exactly the whole numbers in range (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -10, max: LONGEST_TIMER_MS + 10 }), fc.double()), (value) => {
        const valid = Number.isInteger(value) && value >= 0 && value <= LONGEST_TIMER_MS;
        const run = () => resolveAppConfig({ notificationRecheckMs: value });
        if (valid) expect(run().notificationRecheckMs).toBe(value);
        else expect(run).toThrow(RangeError);
      }),
    );
  });

  it('createBasketApp refuses a bad configuration before starting anything', () => {
    const fakes = fakeProviders();
    expect(() =>
      createBasketApp({
        storage: fakeStorage(),
        providers: fakes.providers,
        paymentProvider: fakes.paymentProvider,
        clock: manualClock(),
        ids: sequentialIds(),
        config: { recoveryIntervalMs: -5 },
      }),
    ).toThrow(/recoveryIntervalMs must be an integer from 0/);
  });
});
