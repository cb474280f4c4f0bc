import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_JWT_SECRET, mintDevToken, readConfig } from '../src/index';

describe('readConfig (C-10.1)', () => {
  it('has a working default for every variable', () => {
    const config = readConfig({});
    expect(config).toEqual({
      ok: true,
      value: {
        port: 3000,
        host: '127.0.0.1',
        databaseBatches: 2,
        jwt: { secret: DEVELOPMENT_JWT_SECRET, developmentSecret: true, publicKeys: [] },
        providerLatencyMs: 0,
        limits: {
          maxRequestsInFlight: 256,
          maxInFlightForNewBaskets: 0,
          newBasketsPerSecond: 0,
          newBasketQueue: 0,
          newBasketQueueWaitMs: 10_000,
          maxLongPolls: 1024,
          maxEventLoopDelayMs: 200,
          retryAfterSeconds: 1,
        },
        paymentTimeoutSeconds: 1800,
        production: false,
        logLevel: 'info',
        timeouts: {
          requestMs: 30_000,
          headersMs: 10_000,
          keepAliveMs: 72_000,
          shutdownMs: 30_000,
          drainMs: 1_000,
          delayMs: 0,
        },
      },
    });
  });

  it('reads the timeouts, and refuses inconsistent ones', () => {
    const config = readConfig({
      BASKET_REQUEST_TIMEOUT_MS: '5000',
      BASKET_HEADERS_TIMEOUT_MS: '2000',
      BASKET_KEEP_ALIVE_TIMEOUT_MS: '4000',
      BASKET_SHUTDOWN_TIMEOUT_MS: '9000',
      BASKET_SHUTDOWN_DRAIN_MS: '0',
      BASKET_SHUTDOWN_DELAY_MS: '5000',
    });
    expect(config.ok && config.value.timeouts).toEqual({
      requestMs: 5000,
      headersMs: 2000,
      keepAliveMs: 4000,
      shutdownMs: 9000,
      drainMs: 0,
      delayMs: 5000,
    });
    const bad = readConfig({ BASKET_REQUEST_TIMEOUT_MS: 'soon', BASKET_SHUTDOWN_TIMEOUT_MS: '10' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error).toContain('BASKET_REQUEST_TIMEOUT_MS');
      expect(bad.error).toContain('BASKET_SHUTDOWN_TIMEOUT_MS');
    }
    const inverted = readConfig({ BASKET_REQUEST_TIMEOUT_MS: '1000', BASKET_HEADERS_TIMEOUT_MS: '2000' });
    expect(!inverted.ok && inverted.error).toContain('BASKET_HEADERS_TIMEOUT_MS must not exceed');
    // The delay and the drain both come before the deadline: together they must leave time for the rest.
    const late = readConfig({ BASKET_SHUTDOWN_DELAY_MS: '29500', BASKET_SHUTDOWN_DRAIN_MS: '500' });
    expect(!late.ok && late.error).toContain(
      'BASKET_SHUTDOWN_DELAY_MS and BASKET_SHUTDOWN_DRAIN_MS together must be below BASKET_SHUTDOWN_TIMEOUT_MS',
    );
    const negative = readConfig({ BASKET_SHUTDOWN_DELAY_MS: '-1' });
    expect(!negative.ok && negative.error).toContain('BASKET_SHUTDOWN_DELAY_MS must be an integer from 0');
  });

  it('reads every variable', () => {
    const config = readConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      BASKET_DATABASE_URL: 'memory:',
      BASKET_DATABASE_SCHEMA: 'basket_blue',
      BASKET_DATABASE_BATCHES: '4',
      BASKET_CATALOG: './catalog.json',
      BASKET_JWT_SECRET: 'a-secret-of-thirty-two-bytes-at-least',
      BASKET_NATS_URL: 'nats://127.0.0.1:4222',
      BASKET_PROVIDER_LATENCY_MS: '250',
      BASKET_JWT_AUDIENCE: 'basket',
      BASKET_MAX_REQUESTS_IN_FLIGHT: '64',
      BASKET_MAX_IN_FLIGHT_FOR_NEW_BASKETS: '16',
      BASKET_NEW_BASKETS_PER_SECOND: '12',
      BASKET_NEW_BASKET_QUEUE: '500',
      BASKET_NEW_BASKET_QUEUE_WAIT_MS: '20000',
      BASKET_MAX_LONG_POLLS: '0',
      BASKET_MAX_EVENT_LOOP_DELAY_MS: '75',
      BASKET_RETRY_AFTER_S: '5',
    });
    expect(config).toMatchObject({
      ok: true,
      value: {
        port: 8080,
        host: '0.0.0.0',
        databaseUrl: 'memory:',
        databaseSchema: 'basket_blue',
        databaseBatches: 4,
        catalogPath: './catalog.json',
        jwt: {
          secret: 'a-secret-of-thirty-two-bytes-at-least',
          developmentSecret: false,
          audience: 'basket',
        },
        natsUrl: 'nats://127.0.0.1:4222',
        providerLatencyMs: 250,
        limits: {
          maxRequestsInFlight: 64,
          maxInFlightForNewBaskets: 16,
          newBasketsPerSecond: 12,
          newBasketQueue: 500,
          newBasketQueueWaitMs: 20_000,
          maxLongPolls: 0,
          maxEventLoopDelayMs: 75,
          retryAfterSeconds: 5,
        },
      },
    });
  });

  it('reads the new-basket queue: none and 10 s by default, and only integers in range', () => {
    const read = (env: Record<string, string>) => {
      const config = readConfig(env);
      return config.ok
        ? [config.value.limits.newBasketQueue, config.value.limits.newBasketQueueWaitMs]
        : config.error;
    };
    expect(read({})).toEqual([0, 10_000]);
    expect(read({ BASKET_NEW_BASKET_QUEUE: 'many' })).toContain(
      'BASKET_NEW_BASKET_QUEUE must be an integer from 0 to 1000000',
    );
    expect(read({ BASKET_NEW_BASKET_QUEUE_WAIT_MS: '600001' })).toContain(
      'BASKET_NEW_BASKET_QUEUE_WAIT_MS must be an integer from 0 to 600000',
    );
  });

  it('reads the event-loop delay limit: 0 is no limit, and only an integer from 0 to 60000 is accepted', () => {
    const limitOf = (value: string) => {
      const config = readConfig({ BASKET_MAX_EVENT_LOOP_DELAY_MS: value });
      return config.ok ? config.value.limits.maxEventLoopDelayMs : config.error;
    };
    expect(limitOf('0')).toBe(0);
    expect(limitOf(' 60000 ')).toBe(60_000);
    expect(limitOf('')).toBe(200);
    for (const bad of ['60001', '-5', '1.5', '50ms']) {
      expect(limitOf(bad), bad).toBe('BASKET_MAX_EVENT_LOOP_DELAY_MS must be an integer from 0 to 60000');
    }
  });

  it('refuses a schema name PostgreSQL would refuse, saying which rule it breaks (exit 2, not a failure at connect)', () => {
    const refusal = (schema: string) => {
      const config = readConfig({ BASKET_DATABASE_SCHEMA: schema });
      return config.ok ? undefined : config.error;
    };
    expect(refusal('pg_shop')).toBe(
      'BASKET_DATABASE_SCHEMA must be a lowercase identifier: pg_ names are the system’s',
    );
    expect(refusal('1shop')).toBe(
      'BASKET_DATABASE_SCHEMA must be a lowercase identifier: start with a letter or _',
    );
    expect(refusal('s'.repeat(64))).toBe(
      'BASKET_DATABASE_SCHEMA must be a lowercase identifier: use at most 63 characters',
    );
    expect(refusal('Shop')).toBe(
      'BASKET_DATABASE_SCHEMA must be a lowercase identifier: use lowercase letters, digits and _',
    );
    for (const schema of ['_shop', 'shop_eu_2', 's'.repeat(63), 'pgshop'])
      expect(refusal(schema), schema).toBeUndefined();
  });

  it('lists every invalid variable, and needs a secret in production', () => {
    const config = readConfig({
      PORT: 'eighty',
      BASKET_PROVIDER_LATENCY_MS: '-1',
      BASKET_DATABASE_SCHEMA: 'Basket; DROP',
      BASKET_MAX_REQUESTS_IN_FLIGHT: 'many',
      BASKET_MAX_EVENT_LOOP_DELAY_MS: 'soon',
      BASKET_RETRY_AFTER_S: '3601',
      BASKET_DATABASE_URL: 'mysql://db/basket',
      NODE_ENV: 'production',
    });
    expect(config.ok).toBe(false);
    if (!config.ok) {
      expect(config.error).toContain('BASKET_MAX_REQUESTS_IN_FLIGHT');
      expect(config.error).toContain('BASKET_MAX_EVENT_LOOP_DELAY_MS');
      expect(config.error).toContain('BASKET_RETRY_AFTER_S');
      expect(config.error).toContain('PORT');
      expect(config.error).toContain('BASKET_DATABASE_SCHEMA');
      expect(config.error).toContain('BASKET_PROVIDER_LATENCY_MS');
      expect(config.error).toContain('BASKET_JWT_SECRET');
      expect(config.error).toContain('BASKET_DATABASE_URL must be memory:, pglite:<dir> or postgres://…');
    }
    // A postgres URL that does not parse (a port over 65535) is refused here, not later at connect.
    const badPort = readConfig({ BASKET_DATABASE_URL: 'postgres://u:Hush0wordQ7@h:99999/db' });
    expect(badPort.ok).toBe(false);
    if (!badPort.ok) {
      expect(badPort.error).toContain('BASKET_DATABASE_URL is not a URL that parses');
      expect(badPort.error).not.toContain('Hush0wordQ7');
    }
    // The payment timeout: whole seconds up to a day, 0 for never.
    expect(readConfig({ BASKET_PAYMENT_TIMEOUT_S: '0' })).toMatchObject({
      ok: true,
      value: { paymentTimeoutSeconds: 0 },
    });
    for (const raw of ['-1', '1.5', '86401', 'soon']) {
      const refused = readConfig({ BASKET_PAYMENT_TIMEOUT_S: raw });
      expect(refused.ok, raw).toBe(false);
      if (!refused.ok)
        expect(refused.error).toContain('BASKET_PAYMENT_TIMEOUT_S must be an integer from 0 to 86400');
    }
    // Batches of transactions on PostgreSQL: 0 for none, at most 64.
    expect(readConfig({ BASKET_DATABASE_BATCHES: '0' })).toMatchObject({
      ok: true,
      value: { databaseBatches: 0 },
    });
    for (const raw of ['-1', '1.5', '65', 'many']) {
      const refused = readConfig({ BASKET_DATABASE_BATCHES: raw });
      expect(refused.ok, raw).toBe(false);
      if (!refused.ok)
        expect(refused.error).toContain('BASKET_DATABASE_BATCHES must be an integer from 0 to 64');
    }
    // Log levels are pino's, checked with the rest.
    for (const level of ['verbose', 'warning', '10']) {
      const refused = readConfig({ BASKET_LOG_LEVEL: level, PORT: 'abc' });
      expect(refused.ok, level).toBe(false);
      if (!refused.ok) expect(refused.error).toMatch(/BASKET_LOG_LEVEL must be one of fatal, .*; |PORT/);
      if (!refused.ok) expect(refused.error).toContain('BASKET_LOG_LEVEL');
    }
    expect(readConfig({ BASKET_LOG_LEVEL: 'debug' })).toMatchObject({
      ok: true,
      value: { logLevel: 'debug' },
    });
    // Nothing of a refused value is shown, in whatever form it holds a password or a user.
    for (const url of [
      'host=db.internal user=basket password=Hush0wordQ7 dbname=basket',
      'password=Hush0wordQ7',
      'basketuser:Hush0wordQ7@db.internal:5432/basket',
    ]) {
      const refused = readConfig({ BASKET_DATABASE_URL: url });
      expect(refused.ok, url).toBe(false);
      if (!refused.ok) expect(refused.error).not.toMatch(/Hush0wordQ7|basketuser|db\.internal/);
    }
    for (const url of [
      'memory:',
      'pglite:memory',
      'pglite:./data',
      'postgres://h/db',
      'postgresql://h/db',
      'Postgres://h/db',
    ]) {
      expect(readConfig({ BASKET_DATABASE_URL: url }).ok, url).toBe(true);
    }
    expect(readConfig({ BASKET_DATABASE_URL: 'pglite:' }).ok).toBe(false);
  });

  it('refuses a JWT secret under 32 bytes anywhere, and in production the public development secret, without showing it', () => {
    for (const secret of ['x', 'Hush0wordQ7', 'a'.repeat(31)]) {
      for (const env of [{ NODE_ENV: 'production' }, {}]) {
        const refused = readConfig({ ...env, BASKET_JWT_SECRET: secret });
        expect(refused.ok, secret).toBe(false);
        if (!refused.ok) {
          expect(refused.error).toContain('BASKET_JWT_SECRET must be at least 32 bytes');
          expect(refused.error).not.toContain(secret);
        }
      }
    }
    const development = readConfig({ NODE_ENV: 'production', BASKET_JWT_SECRET: DEVELOPMENT_JWT_SECRET });
    expect(development.ok).toBe(false);
    if (!development.ok) expect(development.error).not.toContain(DEVELOPMENT_JWT_SECRET);
    // Outside production the development secret serves (tests, development).
    expect(readConfig({ BASKET_JWT_SECRET: DEVELOPMENT_JWT_SECRET }).ok).toBe(true);
    // 32 bytes, counted in UTF-8: 16 two-byte letters are enough.
    for (const secret of ['a'.repeat(32), 'é'.repeat(16)]) {
      expect(readConfig({ NODE_ENV: 'production', BASKET_JWT_SECRET: secret }).ok, secret).toBe(true);
    }
  });

  it('refuses a BASKET_JWT_PUBLIC_KEY that is not a public key of its algorithm, listed with the other problems', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const pem = (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }).toString();
    expect(readConfig({ BASKET_JWT_PUBLIC_KEY: pem(rsa.publicKey) }).ok).toBe(true);
    expect(
      readConfig({ BASKET_JWT_PUBLIC_KEY: pem(ec.publicKey), BASKET_JWT_PUBLIC_KEY_ALG: 'ES256' }).ok,
    ).toBe(true);
    const oneLine = pem(rsa.publicKey).replaceAll('\n', '\\n');
    expect(readConfig({ BASKET_JWT_PUBLIC_KEY: oneLine }).ok).toBe(true);
    const privatePem = rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    for (const [key, alg] of [
      ['not a pem', 'RS256'],
      [privatePem, 'RS256'],
      [pem(rsa.publicKey), 'ES256'],
      [pem(ec.publicKey), 'RS256'],
      ['-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', 'RS256'],
      // jose verifies no RS256 token with a key under 2048 bits: every token would be a 401.
      [pem(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey), 'RS256'],
    ] as const) {
      const config = readConfig({
        BASKET_JWT_PUBLIC_KEY: key,
        BASKET_JWT_PUBLIC_KEY_ALG: alg,
        PORT: '99999',
      });
      expect(config.ok, `${alg} ${key.slice(0, 30)}`).toBe(false);
      if (!config.ok) {
        expect(config.error).toContain('BASKET_JWT_PUBLIC_KEY');
        expect(config.error).toContain('PORT');
        expect(config.error).not.toContain('PRIVATE KEY');
      }
    }
  });

  it('refuses a HOST that is neither an IP address nor a host name, before anything is opened (C-10.1)', () => {
    for (const host of [
      '127.0.0.1',
      '0.0.0.0',
      '::',
      '::1',
      'localhost',
      'basket-1.internal',
      'api.example.com.',
    ]) {
      expect(readConfig({ HOST: host }).ok, host).toBe(true);
    }
    for (const host of ['no such host!', '256.1.1.1', 'a..b', '-lead.example', 'x'.repeat(64)]) {
      const config = readConfig({ HOST: host });
      expect(config.ok, host).toBe(false);
      if (!config.ok) expect(config.error).toContain('HOST must be an IP address or a host name');
    }
  });

  it('refuses a public key algorithm without its key, and a metrics port equal to PORT', () => {
    const alg = readConfig({ BASKET_JWT_PUBLIC_KEY_ALG: 'ES256' });
    expect(alg.ok).toBe(false);
    if (!alg.ok)
      expect(alg.error).toContain('BASKET_JWT_PUBLIC_KEY_ALG is set without BASKET_JWT_PUBLIC_KEY');
    const ports = readConfig({ PORT: '8080', BASKET_METRICS_PORT: '8080' });
    expect(ports.ok).toBe(false);
    if (!ports.ok) expect(ports.error).toContain('BASKET_METRICS_PORT must differ from PORT');
    expect(readConfig({ PORT: '8080', BASKET_METRICS_PORT: '9090' }).ok).toBe(true);
  });

  it('takes a pace of new baskets below one a second (a small venue served by several processes)', () => {
    const half = readConfig({ BASKET_NEW_BASKETS_PER_SECOND: '0.5' });
    expect(half.ok && half.value.limits.newBasketsPerSecond).toBe(0.5);
    for (const bad of ['-1', '1e3', '0.5.1', 'half', '1000000.5']) {
      const config = readConfig({ BASKET_NEW_BASKETS_PER_SECOND: bad });
      expect(config.ok, bad).toBe(false);
      if (!config.ok)
        expect(config.error).toContain('BASKET_NEW_BASKETS_PER_SECOND must be a number from 0 to 1000000');
    }
  });

  it('takes a NATS stream and subject prefix of its own, and refuses ones NATS would not (docs/outbox-nats.md)', () => {
    expect(
      readConfig({ BASKET_NATS_STREAM: 'STAGING_NOTES', BASKET_NATS_SUBJECT_PREFIX: 'staging.notes' }).ok,
    ).toBe(true);
    const config = readConfig({
      BASKET_NATS_STREAM: 'staging.notes',
      BASKET_NATS_SUBJECT_PREFIX: 'staging.>',
    });
    expect(config.ok).toBe(false);
    if (!config.ok) {
      expect(config.error).toContain('BASKET_NATS_STREAM must be a NATS stream name');
      expect(config.error).toContain('BASKET_NATS_SUBJECT_PREFIX must be dot-separated tokens');
    }
  });

  it('refuses a BASKET_NATS_URL that names no server, without echoing it (it may carry credentials)', () => {
    for (const url of [
      'nats://127.0.0.1:4222',
      '127.0.0.1:4222',
      'tls://nats.example:4222',
      'nats://a:4222, nats://b:4222',
      'nats://user:secret@h:4222',
    ]) {
      expect(readConfig({ BASKET_NATS_URL: url }).ok, url).toBe(true);
    }
    for (const url of [
      'garbage value',
      'nats://127.0.0.1:99999',
      'http://h:4222',
      'nats://a:1,',
      'nats://us er:secret@h:x',
    ]) {
      const config = readConfig({ BASKET_NATS_URL: url });
      expect(config.ok, url).toBe(false);
      if (!config.ok) {
        expect(config.error).toContain('BASKET_NATS_URL must be nats://host:port URLs');
        expect(config.error).not.toContain('secret');
      }
    }
  });

  it('reads the CORS origins: none by default, * or exact origins, anything else refused at start', () => {
    expect(readConfig({ BASKET_CORS_ORIGINS: '*' })).toMatchObject({
      ok: true,
      value: { cors: { origins: '*', maxAgeSeconds: 600 } },
    });
    expect(
      readConfig({
        BASKET_CORS_ORIGINS: 'https://shop.example, http://localhost:5173',
        BASKET_CORS_MAX_AGE_S: '60',
      }),
    ).toMatchObject({
      ok: true,
      value: { cors: { origins: ['https://shop.example', 'http://localhost:5173'], maxAgeSeconds: 60 } },
    });
    for (const origins of [
      'https://shop.example/',
      'https://shop.example/basket',
      'shop.example',
      'https://Shop.example',
      'ftp://shop.example',
      'https://a.example,',
    ]) {
      const config = readConfig({ BASKET_CORS_ORIGINS: origins });
      expect(config.ok, origins).toBe(false);
      if (!config.ok) expect(config.error).toContain('BASKET_CORS_ORIGINS must be * or origins');
    }
    expect(readConfig({ BASKET_CORS_ORIGINS: '*', BASKET_CORS_MAX_AGE_S: 'a day' }).ok).toBe(false);
  });
});

describe('mintDevToken', () => {
  it('mints an HS256 token with exp, and sub only for a contact', async () => {
    const secret = new TextEncoder().encode('a-secret');
    const guest = await jwtVerify(await mintDevToken({ secret: 'a-secret' }), secret);
    expect(guest.payload.sub).toBeUndefined();
    expect(typeof guest.payload.exp).toBe('number');
    const alice = await jwtVerify(
      await mintDevToken({ secret: 'a-secret', contactId: 'contact-alice' }),
      secret,
    );
    expect(alice.payload.sub).toBe('contact-alice');
  });
});
