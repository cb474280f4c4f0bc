import { createPublicKey } from 'node:crypto';
import { type CorsOptions, type JwtPublicKey, MIN_RSA_BITS } from '@basket/http';
import { natsNamingProblems } from '@basket/outbox-nats';
import { DEFAULT_BATCHES_IN_FLIGHT, schemaNameProblem } from '@basket/store-postgres';
import { readCorsOrigins } from './cors-origins';
import { checkHost } from './listen-host';
import { readTimeouts, type Timeouts } from './timeouts';

/**
 * The development secret used when `BASKET_JWT_SECRET` is unset outside production (C-10.1). It is
 * public on purpose: `basket token` mints tokens that a development server accepts with no setup.
 */
export const DEVELOPMENT_JWT_SECRET = 'basket-service-development-secret-not-for-production';

/** HS256 keys of fewer bytes than the hash's 256 bits are refused (RFC 7518, section 3.2). */
const MIN_SECRET_BYTES = 32;

/**
 * Why a secret is refused, without the secret: too short (in every environment: the HTTP plugin
 * would refuse it too), or, in production, the public development one.
 */
const weakSecretError = (secret: string, production: boolean): string | undefined =>
  Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES
    ? `BASKET_JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes (HS256 needs a 256-bit key, RFC 7518 section 3.2)`
    : production && secret === DEVELOPMENT_JWT_SECRET
      ? 'BASKET_JWT_SECRET is the public development secret, refused when NODE_ENV=production'
      : undefined;

/** The server's configuration, read from the environment with a working default for each (C-10.1). */
export type ServerConfig = {
  readonly port: number;
  readonly host: string;
  /** `BASKET_DATABASE_URL`: unset → embedded PGlite in ./.basket/data; `memory:`; `pglite:<dir>`; `postgres://…`. */
  readonly databaseUrl?: string;
  /** `BASKET_DATABASE_SCHEMA`: the schema of the tables on PostgreSQL/PGlite; unset → `basket`. */
  readonly databaseSchema?: string;
  /**
   * `BASKET_DATABASE_BATCHES` (default 2, 0: none): on PostgreSQL, basket transactions running at
   * once per process, the others waiting to run together as one (docs/architecture.md, "Batches
   * of transactions"). Absent: the pool's default.
   */
  readonly databaseBatches?: number;
  /** `BASKET_CATALOG`: a catalog file; unset → the project's demo catalog. */
  readonly catalogPath?: string;
  readonly jwt: {
    readonly secret?: string;
    /** True when the development secret stands in for an unset `BASKET_JWT_SECRET`. */
    readonly developmentSecret: boolean;
    readonly publicKeys: ReadonlyArray<JwtPublicKey>;
    readonly audience?: string;
    readonly issuer?: string;
  };
  /** `BASKET_NATS_URL`: unset → no broker. */
  readonly natsUrl?: string;
  readonly providerLatencyMs: number;
  /**
   * `BASKET_MAX_REQUESTS_IN_FLIGHT` (default 256), `BASKET_MAX_LONG_POLLS` (default 1024),
   * `BASKET_MAX_EVENT_LOOP_DELAY_MS` (default 200), `BASKET_RETRY_AFTER_S` (default 1): past a limit
   * a request is a 503 with Retry-After; 0: no limit. `BASKET_MAX_IN_FLIGHT_FOR_NEW_BASKETS` (default
   * 0, the same limit): requests in flight past which `POST /baskets` is refused (an on-sale);
   * `BASKET_NEW_BASKETS_PER_SECOND` (default 0: none) new baskets let in per second at most;
   * `BASKET_NEW_BASKET_QUEUE` (default 0: none) new baskets past these wait in order of arrival, at
   * most `BASKET_NEW_BASKET_QUEUE_WAIT_MS` (default 10 000), before that 503.
   */
  readonly limits: {
    readonly maxRequestsInFlight: number;
    readonly maxInFlightForNewBaskets: number;
    readonly newBasketsPerSecond: number;
    readonly newBasketQueue: number;
    readonly newBasketQueueWaitMs: number;
    readonly maxLongPolls: number;
    readonly maxEventLoopDelayMs: number;
    readonly retryAfterSeconds: number;
  };
  /**
   * `BASKET_PAYMENT_TIMEOUT_S` (default 1800, 0: never): a payment intent left unpaid this long
   * after its creation is cancelled as deletePaymentIntent would (C-8.4). Absent: the app's default.
   */
  readonly paymentTimeoutSeconds?: number;
  readonly production: boolean;
  readonly logLevel: string;
  /** `BASKET_REQUEST_TIMEOUT_MS` and its siblings (timeouts.ts); absent: their defaults. */
  readonly timeouts?: Timeouts;
  /** `BASKET_METRICS_PORT`: unset → no metrics; else `GET /metrics` on this port (0: a free one) of `host`. */
  readonly metricsPort?: number;
  /** `BASKET_CORS_ORIGINS`, `BASKET_CORS_MAX_AGE_S` (cors-origins.ts): unset → no CORS header. */
  readonly cors?: CorsOptions;
};

export type Environment = Readonly<Record<string, string | undefined>>;

type Read<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly error: string };

const nonEmpty = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value;

/** A number from 0 to `max` written as `pattern` says (`what`, for the problem), `fallback` when unset. */
const numberFrom =
  (pattern: RegExp, what: string) =>
  (name: string, raw: string | undefined, fallback: number, max: number): Read<number> => {
    const value = nonEmpty(raw)?.trim();
    if (value === undefined) return { ok: true, value: fallback };
    const n = pattern.test(value) ? Number(value) : Number.NaN;
    return n <= max
      ? { ok: true, value: n }
      : { ok: false, error: `${name} must be ${what} from 0 to ${max}` };
  };

const integer = numberFrom(/^\d+$/, 'an integer');
/** Fractions allowed (`0.5`). */
const decimal = numberFrom(/^\d+(\.\d+)?$/, 'a number');

const publicKeys = (env: Environment): Read<JwtPublicKey[]> => {
  const spki = nonEmpty(env.BASKET_JWT_PUBLIC_KEY);
  if (spki === undefined) return { ok: true, value: [] };
  const alg = env.BASKET_JWT_PUBLIC_KEY_ALG ?? 'RS256';
  if (alg !== 'RS256' && alg !== 'ES256')
    return { ok: false, error: 'BASKET_JWT_PUBLIC_KEY_ALG must be RS256 or ES256' };
  const pem = spki.replace(/\\n/g, '\n');
  const problem = publicKeyProblem(pem, alg);
  return problem === undefined ? { ok: true, value: [{ alg, spki: pem }] } : { ok: false, error: problem };
};

/**
 * What is wrong with a public key PEM for `alg`, checked at start (exit 2) rather than at the first
 * token: it must be an SPKI public key (`-----BEGIN PUBLIC KEY-----`), RSA for RS256 and EC P-256
 * for ES256. The key itself is never echoed.
 */
const publicKeyProblem = (pem: string, alg: 'RS256' | 'ES256'): string | undefined => {
  const wanted = alg === 'RS256' ? 'an RSA key' : 'an EC P-256 key';
  if (!pem.includes('-----BEGIN PUBLIC KEY-----'))
    return `BASKET_JWT_PUBLIC_KEY must be a PEM public key (-----BEGIN PUBLIC KEY-----), ${wanted} for ${alg}`;
  try {
    const key = createPublicKey(pem);
    const fits =
      alg === 'RS256'
        ? key.asymmetricKeyType === 'rsa'
        : key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
    if (!fits) return `BASKET_JWT_PUBLIC_KEY is not ${wanted}, which BASKET_JWT_PUBLIC_KEY_ALG=${alg} needs`;
    const bits = key.asymmetricKeyDetails?.modulusLength;
    return alg === 'RS256' && bits !== undefined && bits < MIN_RSA_BITS
      ? `BASKET_JWT_PUBLIC_KEY has ${bits} bits; an RS256 key needs at least ${MIN_RSA_BITS} (RFC 7518, section 3.3)`
      : undefined;
  } catch {
    return 'BASKET_JWT_PUBLIC_KEY is not a PEM public key that can be read';
  }
};

/** The same rule as the storage's schema names: they are interpolated into SQL. */
const databaseSchema = (raw: string | undefined): Read<string | undefined> => {
  const value = nonEmpty(raw);
  if (value === undefined) return { ok: true, value: undefined };
  const problem = schemaNameProblem(value);
  return problem === undefined
    ? { ok: true, value }
    : { ok: false, error: `BASKET_DATABASE_SCHEMA must be a lowercase identifier: ${problem}` };
};

/**
 * The schemes `BASKET_DATABASE_URL` takes; anything else is a configuration error (exit 2). The
 * problem shows nothing of the value: in any form (`user:password@host`, `password=…`) it may
 * carry a password, which never reaches a terminal or a log.
 */
const checkDatabaseUrl = (url: string | undefined): string | undefined => {
  if (url === undefined || url === 'memory:' || /^pglite:.+$/.test(url)) return undefined;
  if (/^postgres(ql)?:\/\/.+$/i.test(url)) {
    return URL.canParse(url)
      ? undefined
      : 'BASKET_DATABASE_URL is not a URL that parses (a port over 65535, a character to percent-encode; the value is not shown: it may hold a password)';
  }
  return 'BASKET_DATABASE_URL must be memory:, pglite:<dir> or postgres://… (the value is not shown: it may hold a password)';
};

/** The levels `BASKET_LOG_LEVEL` takes: pino's. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const logLevel = (raw: string | undefined): Read<string> => {
  const value = nonEmpty(raw) ?? 'info';
  return LOG_LEVELS.includes(value)
    ? { ok: true, value }
    : { ok: false, error: `BASKET_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` };
};

/**
 * `BASKET_NATS_URL`: one or more server URLs separated by commas, each `nats://` or `tls://` (the
 * scheme may be left out) with a host and a port up to 65535. The problem names the URL by its
 * place only: a URL may carry credentials, which never reach a terminal or a log.
 */
const checkNatsUrl = (raw: string | undefined): string | undefined => {
  const urls = (raw ?? '').split(',').map((url) => url.trim());
  if (raw === undefined || urls.every((url) => url === '')) return undefined;
  const bad = urls.findIndex((url) => {
    if (url === '') return true;
    try {
      const parsed = new URL(url.includes('://') ? url : `nats://${url}`);
      return !['nats:', 'tls:'].includes(parsed.protocol) || parsed.hostname === '';
    } catch {
      return true;
    }
  });
  return bad === -1
    ? undefined
    : `BASKET_NATS_URL must be nats://host:port URLs separated by commas; URL ${bad + 1} of ${urls.length} is not one`;
};

/** Reads C-10.1's variables (and a few optional extras); every problem found is listed. */
/** What `readConfig` answers: the configuration, or every problem of the environment in one text. */
export type ConfigReading = Read<ServerConfig>;

export const readConfig = (env: Environment): ConfigReading => {
  const production = env.NODE_ENV === 'production';
  const port = integer('PORT', env.PORT, 3000, 65_535);
  const latency = integer('BASKET_PROVIDER_LATENCY_MS', env.BASKET_PROVIDER_LATENCY_MS, 0, 600_000);
  const metricsPort =
    nonEmpty(env.BASKET_METRICS_PORT) === undefined
      ? undefined
      : integer('BASKET_METRICS_PORT', env.BASKET_METRICS_PORT, 0, 65_535);
  const keys = publicKeys(env);
  const secret = nonEmpty(env.BASKET_JWT_SECRET);
  const schema = databaseSchema(env.BASKET_DATABASE_SCHEMA);
  const batches = integer(
    'BASKET_DATABASE_BATCHES',
    env.BASKET_DATABASE_BATCHES,
    DEFAULT_BATCHES_IN_FLIGHT,
    64,
  );
  const inFlight = integer(
    'BASKET_MAX_REQUESTS_IN_FLIGHT',
    env.BASKET_MAX_REQUESTS_IN_FLIGHT,
    256,
    1_000_000,
  );
  const newBaskets = integer(
    'BASKET_MAX_IN_FLIGHT_FOR_NEW_BASKETS',
    env.BASKET_MAX_IN_FLIGHT_FOR_NEW_BASKETS,
    0,
    1_000_000,
  );
  const pace = decimal('BASKET_NEW_BASKETS_PER_SECOND', env.BASKET_NEW_BASKETS_PER_SECOND, 0, 1_000_000);
  const queue = integer('BASKET_NEW_BASKET_QUEUE', env.BASKET_NEW_BASKET_QUEUE, 0, 1_000_000);
  const queueWait = integer(
    'BASKET_NEW_BASKET_QUEUE_WAIT_MS',
    env.BASKET_NEW_BASKET_QUEUE_WAIT_MS,
    10_000,
    600_000,
  );
  const longPolls = integer('BASKET_MAX_LONG_POLLS', env.BASKET_MAX_LONG_POLLS, 1024, 1_000_000);
  const loopDelay = integer(
    'BASKET_MAX_EVENT_LOOP_DELAY_MS',
    env.BASKET_MAX_EVENT_LOOP_DELAY_MS,
    200,
    60_000,
  );
  const retryAfter = integer('BASKET_RETRY_AFTER_S', env.BASKET_RETRY_AFTER_S, 1, 3600);
  const paymentTimeout = integer('BASKET_PAYMENT_TIMEOUT_S', env.BASKET_PAYMENT_TIMEOUT_S, 1800, 86_400);
  const timeouts = readTimeouts(env);
  const cors = readCorsOrigins(env);
  const level = logLevel(env.BASKET_LOG_LEVEL);
  const errors = [
    port,
    latency,
    keys,
    schema,
    batches,
    inFlight,
    newBaskets,
    pace,
    queue,
    queueWait,
    longPolls,
    loopDelay,
    retryAfter,
    paymentTimeout,
    cors,
    level,
    ...(metricsPort === undefined ? [] : [metricsPort]),
  ].flatMap((read) => (read.ok ? [] : [read.error]));
  if (!timeouts.ok) errors.push(...timeouts.errors);
  const databaseUrlError = checkDatabaseUrl(nonEmpty(env.BASKET_DATABASE_URL));
  if (databaseUrlError !== undefined) errors.push(databaseUrlError);
  const natsUrlError = checkNatsUrl(nonEmpty(env.BASKET_NATS_URL));
  if (natsUrlError !== undefined) errors.push(natsUrlError);
  errors.push(...natsNamingProblems(env));
  const hostError = checkHost(nonEmpty(env.HOST));
  if (hostError !== undefined) errors.push(hostError);
  if (
    nonEmpty(env.BASKET_JWT_PUBLIC_KEY_ALG) !== undefined &&
    nonEmpty(env.BASKET_JWT_PUBLIC_KEY) === undefined
  )
    errors.push(
      'BASKET_JWT_PUBLIC_KEY_ALG is set without BASKET_JWT_PUBLIC_KEY, the key it names the algorithm of',
    );
  if (port.ok && metricsPort?.ok === true && metricsPort.value !== 0 && metricsPort.value === port.value)
    errors.push(`BASKET_METRICS_PORT must differ from PORT (both ${port.value})`);
  if (production && secret === undefined && keys.ok && keys.value.length === 0) {
    errors.push('BASKET_JWT_SECRET (or BASKET_JWT_PUBLIC_KEY) is required when NODE_ENV=production');
  }
  const weakSecret = secret === undefined ? undefined : weakSecretError(secret, production);
  if (weakSecret !== undefined) errors.push(weakSecret);
  if (
    databaseUrlError !== undefined ||
    !port.ok ||
    !latency.ok ||
    !keys.ok ||
    !schema.ok ||
    !batches.ok ||
    !inFlight.ok ||
    !newBaskets.ok ||
    !pace.ok ||
    !queue.ok ||
    !queueWait.ok ||
    !longPolls.ok ||
    !loopDelay.ok ||
    !retryAfter.ok ||
    !paymentTimeout.ok ||
    !cors.ok ||
    !level.ok ||
    !timeouts.ok ||
    metricsPort?.ok === false ||
    errors.length > 0
  )
    return { ok: false, error: errors.join('; ') };
  const developmentSecret = secret === undefined && keys.value.length === 0;
  const databaseUrl = nonEmpty(env.BASKET_DATABASE_URL);
  const catalogPath = nonEmpty(env.BASKET_CATALOG);
  const natsUrl = nonEmpty(env.BASKET_NATS_URL);
  const audience = nonEmpty(env.BASKET_JWT_AUDIENCE);
  const issuer = nonEmpty(env.BASKET_JWT_ISSUER);
  return {
    ok: true,
    value: {
      port: port.value,
      host: nonEmpty(env.HOST) ?? '127.0.0.1',
      ...(databaseUrl === undefined ? {} : { databaseUrl }),
      ...(schema.value === undefined ? {} : { databaseSchema: schema.value }),
      databaseBatches: batches.value,
      ...(catalogPath === undefined ? {} : { catalogPath }),
      jwt: {
        ...(secret !== undefined ? { secret } : developmentSecret ? { secret: DEVELOPMENT_JWT_SECRET } : {}),
        developmentSecret,
        publicKeys: keys.value,
        ...(audience === undefined ? {} : { audience }),
        ...(issuer === undefined ? {} : { issuer }),
      },
      ...(natsUrl === undefined ? {} : { natsUrl }),
      providerLatencyMs: latency.value,
      limits: {
        maxRequestsInFlight: inFlight.value,
        maxInFlightForNewBaskets: newBaskets.value,
        newBasketsPerSecond: pace.value,
        newBasketQueue: queue.value,
        newBasketQueueWaitMs: queueWait.value,
        maxLongPolls: longPolls.value,
        maxEventLoopDelayMs: loopDelay.value,
        retryAfterSeconds: retryAfter.value,
      },
      paymentTimeoutSeconds: paymentTimeout.value,
      production,
      logLevel: level.value,
      timeouts: timeouts.value,
      ...(metricsPort?.ok === true ? { metricsPort: metricsPort.value } : {}),
      ...(cors.value === undefined ? {} : { cors: cors.value }),
    },
  };
};
