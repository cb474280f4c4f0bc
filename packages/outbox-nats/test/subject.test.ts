import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromSubjectToken,
  natsNamingFromEnv,
  natsNamingProblems,
  natsServersFromEnv,
  notificationSubject,
  subjectToken,
} from '../src';
import { backoffDelay } from '../src/sleeper';
import { assertSubjectPrefix, takesEverySubjectUnder } from '../src/subject';

describe('subject tokens', () => {
  it('keep plain ids and encode everything else', () => {
    expect(subjectToken('store-a_1')).toBe('store-a_1');
    expect(subjectToken('a.b *>')).toBe('a%2Eb%20%2A%3E');
    expect(subjectToken('')).toBe('%');
    expect(
      notificationSubject('basket.notifications', 'store.1', '0b9b6d0e-1c1d-4a5e-9a1f-2f4c2a3b4c5d'),
    ).toBe('basket.notifications.store%2E1.0b9b6d0e-1c1d-4a5e-9a1f-2f4c2a3b4c5d');
  });

  it('are valid NATS tokens and tell every id apart', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (id) => {
        const token = subjectToken(id);
        expect(token).toMatch(/^[A-Za-z0-9_%-]+$/);
        expect(fromSubjectToken(token)).toBe(id);
      }),
    );
  });

  it('refuses a prefix with wildcards, spaces or empty tokens', () => {
    expect(() => assertSubjectPrefix('basket.notifications')).not.toThrow();
    for (const bad of ['', 'a..b', 'a.*', 'a.>', 'a b', '.a'])
      expect(() => assertSubjectPrefix(bad)).toThrow();
  });
});

describe('a stream’s subjects and the relay’s prefix', () => {
  it('a subject pattern takes every subject under the prefix when it is <prefix>.> or wider', () => {
    for (const pattern of ['basket.notifications.>', 'basket.>', '>', 'basket.*.>', '*.notifications.>'])
      expect(takesEverySubjectUnder(pattern, 'basket.notifications'), pattern).toBe(true);
    for (const pattern of [
      'basket.notifications',
      'basket.notifications.*',
      'basket.notifications.*.*',
      'basket.other.>',
      'basket.*',
      't4.misconfigured.>',
      'basket.notifications.store-a.>',
    ])
      expect(takesEverySubjectUnder(pattern, 'basket.notifications'), pattern).toBe(false);
  });
});

describe('configuration', () => {
  it('reads the stream and subject prefix from BASKET_NATS_STREAM and BASKET_NATS_SUBJECT_PREFIX, and says what is wrong with them', () => {
    expect(natsNamingFromEnv({})).toEqual({});
    expect(natsNamingFromEnv({ BASKET_NATS_STREAM: ' ', BASKET_NATS_SUBJECT_PREFIX: '' })).toEqual({});
    expect(
      natsNamingFromEnv({ BASKET_NATS_STREAM: 'STAGING_NOTES', BASKET_NATS_SUBJECT_PREFIX: 'staging.notes' }),
    ).toEqual({
      stream: 'STAGING_NOTES',
      subjectPrefix: 'staging.notes',
    });
    expect(
      natsNamingProblems({ BASKET_NATS_STREAM: 'A_1-b', BASKET_NATS_SUBJECT_PREFIX: 'a.b-c.d_e' }),
    ).toEqual([]);
    expect(natsNamingProblems({ BASKET_NATS_STREAM: 'S'.repeat(255) })).toEqual([]);
    for (const stream of ['a.b', 'a b', 'a*', 'a>', 'a/b', 'S'.repeat(256)])
      expect(natsNamingProblems({ BASKET_NATS_STREAM: stream })).toEqual([
        'BASKET_NATS_STREAM must be a NATS stream name: letters, digits, - and _, at most 255',
      ]);
    for (const subjectPrefix of ['a..b', 'a.*', 'a.>', 'a b', '.a'])
      expect(natsNamingProblems({ BASKET_NATS_SUBJECT_PREFIX: subjectPrefix })).toHaveLength(1);
  });

  it('reads BASKET_NATS_URL as a comma-separated server list, none when unset or blank', () => {
    expect(natsServersFromEnv({})).toEqual([]);
    expect(natsServersFromEnv({ BASKET_NATS_URL: ' ' })).toEqual([]);
    expect(natsServersFromEnv({ BASKET_NATS_URL: 'nats://a:4222, nats://b:4222' })).toEqual([
      'nats://a:4222',
      'nats://b:4222',
    ]);
  });
});

describe('backoff', () => {
  it('doubles from the first wait up to the largest, with jitter in the upper half', () => {
    expect(backoffDelay(1, 100, 5_000, () => 1)).toBe(100);
    expect(backoffDelay(3, 100, 5_000, () => 1)).toBe(400);
    expect(backoffDelay(3, 100, 5_000, () => 0)).toBe(200);
    expect(backoffDelay(30, 100, 5_000, () => 1)).toBe(5_000);
  });
});
