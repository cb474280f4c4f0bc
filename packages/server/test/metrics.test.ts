import type { Storage } from '@basket/app';
import { createMemoryStorage } from '@basket/store-memory';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/index';
import { createServerMetrics, providerOfResource } from '../src/metrics/registry';

describe('BASKET_METRICS_PORT', () => {
  it('is off when unset or empty', () => {
    for (const env of [{}, { BASKET_METRICS_PORT: '' }]) {
      const config = readConfig(env);
      expect(config.ok && config.value.metricsPort).toBeUndefined();
    }
  });

  it('names the port of GET /metrics, 0 for a free one', () => {
    expect(readConfig({ BASKET_METRICS_PORT: '9464' })).toMatchObject({
      ok: true,
      value: { metricsPort: 9464 },
    });
    expect(readConfig({ BASKET_METRICS_PORT: '0' })).toMatchObject({ ok: true, value: { metricsPort: 0 } });
  });

  it('refuses what is not a port, with every other problem', () => {
    expect(readConfig({ BASKET_METRICS_PORT: 'nine', PORT: '70000' })).toEqual({
      ok: false,
      error:
        'PORT must be an integer from 0 to 65535; BASKET_METRICS_PORT must be an integer from 0 to 65535',
    });
    expect(readConfig({ BASKET_METRICS_PORT: '65536' }).ok).toBe(false);
  });
});

describe('providerOfResource (the provider label of basket_holds_units)', () => {
  it('is the provider identity of the resource’s product', () => {
    expect(providerOfResource('stock:fnb:arena|46602259e87b5062c3ef0e0f')).toBe('fnb:arena');
    expect(providerOfResource('stock:shop|b4fc97c45b14a06fbcbdf88d:home-shirt-m')).toBe('shop');
    expect(providerOfResource('seat:tix:arena|1fed8c284c51a8c8a88c6b61:A-1')).toBe('tix:arena');
    expect(providerOfResource('slot:tsl:tours|39ced27e9e7be42a13773e41:slot-1')).toBe('tsl:tours');
    expect(providerOfResource('stock:no-provider')).toBe('unknown');
  });
});

describe('createServerMetrics', () => {
  it('answers every other metric when a storage read fails or stalls, leaving that gauge out', async () => {
    const inner = createMemoryStorage();
    let failing = true;
    const storage: Storage = {
      ...inner,
      outbox: {
        ...inner.outbox,
        backlog: () => (failing ? new Promise<number>(() => {}) : inner.outbox.backlog()),
      },
      ...(inner.stats === undefined
        ? {}
        : {
            stats: {
              ...inner.stats,
              pendingCommands: () =>
                failing
                  ? Promise.reject(new Error('no connection'))
                  : (inner.stats?.pendingCommands() ?? Promise.resolve(0)),
            },
          }),
    };
    const metrics = createServerMetrics({ storage, storageWaitMs: 50 });
    metrics.observeRequest('/baskets/:id', 'GET', 503, 0.01);
    const during = await metrics.registry.metrics();
    expect(during).toMatch(
      /^basket_http_request_duration_seconds_count\{route="\/baskets\/:id",method="GET",status="503"\} 1$/m,
    );
    expect(during).toMatch(/^process_cpu_user_seconds_total /m);
    expect(during).not.toMatch(/^basket_outbox_backlog /m);
    expect(during).not.toMatch(/^basket_commands_pending /m);
    failing = false;
    const after = await metrics.registry.metrics();
    expect(after).toMatch(/^basket_outbox_backlog 0$/m);
    expect(after).toMatch(/^basket_commands_pending 0$/m);
  });

  it('reports the relay of this process: its publish lag, and whether it is the active one', async () => {
    let relay = { lagMs: 1500, active: true, connected: true };
    const metrics = createServerMetrics({ storage: createMemoryStorage(), relay: () => relay });
    let text = await metrics.registry.metrics();
    expect(text).toMatch(/^basket_relay_publish_lag_seconds 1\.5$/m);
    expect(text).toMatch(/^basket_relay_active 1$/m);
    relay = { lagMs: 0, active: true, connected: false };
    text = await metrics.registry.metrics();
    expect(text).toMatch(/^basket_relay_publish_lag_seconds 0$/m);
    expect(text).toMatch(/^basket_relay_active 0$/m);
  });

  it('reports the work in progress the overload limits count: requests, long polls, new baskets in line', async () => {
    let figures: { requests: number; longPolls: number; queued: number } | undefined;
    const metrics = createServerMetrics({ storage: createMemoryStorage(), load: () => figures });
    // Before the HTTP layer reports its figures, the gauges are left at 0.
    expect(await metrics.registry.metrics()).toMatch(/^basket_http_new_baskets_waiting 0$/m);
    figures = { requests: 7, longPolls: 3, queued: 42 };
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^basket_http_requests_in_flight 7$/m);
    expect(text).toMatch(/^basket_http_long_polls 3$/m);
    expect(text).toMatch(/^basket_http_new_baskets_waiting 42$/m);
  });

  it('counts what the sweeps did, by kind of work', async () => {
    const metrics = createServerMetrics({ storage: createMemoryStorage() });
    const report = {
      expiredBaskets: 3,
      cancelledPaymentIntents: ['0190f5a2-7c1e-7a3b-9c4d-5e6f7a8b9c0d'],
      prunedIdempotencyRecords: 0,
      prunedOutboxMessages: 1000,
    };
    metrics.observeSweep(report);
    metrics.observeSweep(report);
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^basket_housekeeping_total\{work="expired_baskets"\} 6$/m);
    expect(text).toMatch(/^basket_housekeeping_total\{work="cancelled_payment_intents"\} 2$/m);
    expect(text).toMatch(/^basket_housekeeping_total\{work="pruned_idempotency_records"\} 0$/m);
    expect(text).toMatch(/^basket_housekeeping_total\{work="pruned_outbox_messages"\} 2000$/m);
  });

  it('counts a completion once, however often it is reported, and ignores Pending ones', async () => {
    const metrics = createServerMetrics({ storage: createMemoryStorage() });
    const completed = {
      notificationId: '0190f5a2-7c1e-7a3b-9c4d-5e6f7a8b9c0d',
      operation: 'selectSeats',
      status: 'Failed',
      basketId: '0190f5a2-7c1e-7a3b-9c4d-5e6f7a8b9c0e',
      created: '2026-11-21T18:00:00.000Z',
      completed: '2026-11-21T18:00:00.250Z',
    };
    metrics.observeCompletion(completed);
    metrics.observeCompletion(completed);
    metrics.observeCompletion({
      ...completed,
      notificationId: '0190f5a2-7c1e-7a3b-9c4d-5e6f7a8b9c0f',
      status: 'Pending',
    });
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^basket_commands_total\{operation="selectSeats",outcome="Failed"\} 1$/m);
    expect(text).toMatch(/^basket_notification_completion_seconds_sum\{operation="selectSeats"\} 0\.25$/m);
    expect(text).not.toMatch(/outcome="Pending"/);
  });
});
