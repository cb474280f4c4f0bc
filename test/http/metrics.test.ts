import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, PIE } from './support/catalog';
import { type Client, createClient } from './support/client';
import { type SpawnedServer, spawnServer } from './support/server';
import { newBasket, preparedBasket, succeed } from './support/steps';
import { ALICE, type Credentials, credentials } from './support/tokens';

/** One sample of the Prometheus text format: `name{label="value",…} number`. */
type Sample = { readonly name: string; readonly labels: Record<string, string>; readonly value: number };

const parseSamples = (text: string): ReadonlyArray<Sample> =>
  text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (match === null) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]),
      );
      return { name: match[1] ?? '', labels, value: Number(match[3]) };
    });

/** The sum of the samples of `metric` whose labels include `labels` (0 when there is none). */
const sampled = (
  samples: ReadonlyArray<Sample>,
  metric: string,
  labels: Record<string, string> = {},
): number =>
  samples
    .filter(
      (s) => s.name === metric && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
    )
    .reduce((sum, s) => sum + s.value, 0);

describe('GET /metrics on BASKET_METRICS_PORT (Prometheus text format)', () => {
  let server: SpawnedServer;
  let client: Client;
  let alice: Credentials;
  let metricsUrl: string;
  beforeAll(async () => {
    server = await spawnServer({ BASKET_METRICS_PORT: '0' });
    await server.logged((line) => line.msg === 'metrics listening');
    const port = server.logs.find((line) => line.msg === 'metrics listening')?.port;
    metricsUrl = `http://127.0.0.1:${String(port)}/metrics`;
    client = await createClient(server.url);
    alice = await credentials(ALICE);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const scrape = async (): Promise<ReadonlyArray<Sample>> => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return parseSamples(await response.text());
  };

  it('is not served on the API port, and only GET /metrics on its own', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).not.toBe(200);
    expect((await fetch(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(405);
  });

  it('counts requests, commands, completions, holds and the outbox of a purchase', async () => {
    const before = await scrape();
    // Process metrics of prom-client are there from the start.
    expect(sampled(before, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampled(before, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sampled(before, 'basket_commands_total')).toBe(0);

    const { basketId, paymentIntentId } = await preparedBasket(client, alice);
    const paid = await client.send('POST', '/psp/tokens/use-existing', alice, {
      json: { paymentIntentId, tokenId: 'tok_alice_visa' },
    });
    expect(paid.status).toBe(204);
    const intent = await client.send('GET', `/baskets/${basketId}/payment-intents/${paymentIntentId}`, alice);
    expect((intent.body as { status: string }).status).toBe('PaymentComplete');

    const after = await scrape();
    const requests = 'basket_http_request_duration_seconds_count';
    expect(sampled(after, requests, { route: '/baskets', method: 'POST', status: '200' })).toBe(1);
    expect(sampled(after, requests, { route: '/psp/tokens/use-existing', status: '204' })).toBe(1);
    expect(
      after.some(
        (s) => s.name === requests && s.labels.route?.includes('/products/') && s.labels.status === '200',
      ),
    ).toBe(true);
    // Every command of the purchase completed once, Succeeded, with its latency observed.
    for (const operation of [
      'assignContact',
      'addProductToBasket',
      'setProviderBasketDeliveryMethod',
      'setCustomerDetails',
      'createPaymentIntent',
      'useSavedPaymentToken',
    ]) {
      expect(sampled(after, 'basket_commands_total', { operation, outcome: 'Succeeded' }), operation).toBe(1);
      expect(sampled(after, 'basket_notification_completion_seconds_count', { operation }), operation).toBe(
        1,
      );
    }
    expect(sampled(after, 'basket_commands_total', { outcome: 'Failed' })).toBe(0);
    expect(sampled(after, 'basket_commands_pending')).toBe(0);
    // The paid basket's two pies are the provider's sale, not a hold that runs out: not counted.
    expect(sampled(before, 'basket_holds_units', { provider: 'fnb:arena' })).toBe(0);
    expect(sampled(after, 'basket_holds_units', { provider: 'fnb:arena' })).toBe(0);
    // Without BASKET_NATS_URL nothing publishes: every completion waits in the outbox.
    expect(sampled(after, 'basket_outbox_backlog')).toBe(sampled(before, 'basket_outbox_backlog') + 6);
    expect(after.some((s) => s.name.startsWith('basket_relay_'))).toBe(false);
    // The overload limits' work in progress (docs/operations.md): nothing under way between requests.
    for (const gauge of [
      'basket_http_requests_in_flight',
      'basket_http_long_polls',
      'basket_http_new_baskets_waiting',
    ]) {
      expect(
        after.filter((s) => s.name === gauge).map((s) => s.value),
        gauge,
      ).toEqual([0]);
    }
    // A basket being filled: its two pies are held, and counted.
    const filling = await newBasket(client, alice);
    await succeed(client, alice, 'POST', `/baskets/${filling}/products/${enc(PIE)}`, { quantity: 2 });
    expect(sampled(await scrape(), 'basket_holds_units', { provider: 'fnb:arena' })).toBe(2);
  });
});

describe('basket_housekeeping_total: what the sweeps did', () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    // A one-second payment timeout: the process sweeps every second.
    server = await spawnServer({ BASKET_METRICS_PORT: '0', BASKET_PAYMENT_TIMEOUT_S: '1' });
    await server.logged((line) => line.msg === 'metrics listening');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('counts the payment intents the timeout cancelled', async () => {
    const port = server.logs.find((line) => line.msg === 'metrics listening')?.port;
    const client = await createClient(server.url);
    const { paymentIntentId } = await preparedBasket(client, await credentials(ALICE));
    await server.logged(
      (line) =>
        line.msg === 'housekeeping' &&
        Array.isArray(line.cancelledPaymentIntents) &&
        line.cancelledPaymentIntents.includes(paymentIntentId),
    );
    const response = await fetch(`http://127.0.0.1:${String(port)}/metrics`);
    const samples = parseSamples(await response.text());
    expect(sampled(samples, 'basket_housekeeping_total', { work: 'cancelled_payment_intents' })).toBe(1);
  });
});
