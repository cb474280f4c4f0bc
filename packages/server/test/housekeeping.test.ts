import { describe, expect, it } from 'vitest';
import { housekeepingConfig } from '../src/housekeeping';
import { readConfig } from '../src/index';

const DAY = 24 * 60 * 60_000;

const configOf = (env: Record<string, string>) => {
  const read = readConfig(env);
  if (!read.ok) throw new Error('a valid configuration was refused');
  return read.value;
};

describe('the housekeeping the server asks of the app', () => {
  it('without a broker, unpublished outbox rows go a day after completing: nothing would ever publish them', () => {
    expect(housekeepingConfig(configOf({}), false)).toMatchObject({
      outboxRetentionMs: DAY,
      outboxUnpublishedRetentionMs: DAY,
    });
  });

  it('with a broker, unpublished rows are kept until the relay publishes them', () => {
    expect(housekeepingConfig(configOf({ BASKET_NATS_URL: 'nats://127.0.0.1:4222' }), true)).toMatchObject({
      outboxRetentionMs: DAY,
      outboxUnpublishedRetentionMs: 0,
    });
  });

  it('sweeps every 30 s, or every quarter of a shorter payment timeout, at least every second', () => {
    const sweep = (timeout: string) =>
      housekeepingConfig(configOf({ BASKET_PAYMENT_TIMEOUT_S: timeout }), false).sweepIntervalMs;
    expect(sweep('1800')).toBe(30_000);
    expect(sweep('0')).toBe(30_000);
    expect(sweep('20')).toBe(5000);
    expect(sweep('2')).toBe(1000);
    expect(housekeepingConfig(configOf({ BASKET_PAYMENT_TIMEOUT_S: '20' }), false).paymentTimeoutMs).toBe(
      20_000,
    );
  });
});
