import type { JwtPublicKey } from '@basket/http';

/**
 * The development secret used when `BASKET_JWT_SECRET` is unset outside production (C-10.1). It is
 * public on purpose: `basket token` mints tokens that a development server accepts with no setup.
 */
export const DEVELOPMENT_JWT_SECRET = 'basket-service-development-secret-not-for-production';

/** The server's configuration, read from the environment with a working default for each (C-10.1). */
export type ServerConfig = {
  readonly port: number;
  readonly host: string;
  /** `BASKET_DATABASE_URL`: unset → embedded PGlite in ./.basket/data; `memory:`; `pglite:<dir>`; `postgres://…`. */
  readonly databaseUrl?: string;
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
  readonly production: boolean;
  readonly logLevel: string;
  /** `BASKET_METRICS_PORT`: unset → no metrics; else `GET /metrics` on this port (0: a free one) of `host`. */
  readonly metricsPort?: number;
};

export type Environment = Readonly<Record<string, string | undefined>>;

type Read<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly error: string };

const nonEmpty = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value;

const integer = (name: string, raw: string | undefined, fallback: number, max: number): Read<number> => {
  const value = nonEmpty(raw);
  if (value === undefined) return { ok: true, value: fallback };
  const n = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  return n <= max
    ? { ok: true, value: n }
    : { ok: false, error: `${name} must be an integer from 0 to ${max}` };
};

const publicKeys = (env: Environment): Read<JwtPublicKey[]> => {
  const spki = nonEmpty(env.BASKET_JWT_PUBLIC_KEY);
  if (spki === undefined) return { ok: true, value: [] };
  const alg = env.BASKET_JWT_PUBLIC_KEY_ALG ?? 'RS256';
  if (alg !== 'RS256' && alg !== 'ES256')
    return { ok: false, error: 'BASKET_JWT_PUBLIC_KEY_ALG must be RS256 or ES256' };
  return { ok: true, value: [{ alg, spki: spki.replace(/\\n/g, '\n') }] };
};

/** Reads C-10.1's variables (and a few optional extras); every problem found is listed. */
export const readConfig = (env: Environment): Read<ServerConfig> => {
  const production = env.NODE_ENV === 'production';
  const port = integer('PORT', env.PORT, 3000, 65_535);
  const latency = integer('BASKET_PROVIDER_LATENCY_MS', env.BASKET_PROVIDER_LATENCY_MS, 0, 600_000);
  const metricsPort =
    nonEmpty(env.BASKET_METRICS_PORT) === undefined
      ? undefined
      : integer('BASKET_METRICS_PORT', env.BASKET_METRICS_PORT, 0, 65_535);
  const keys = publicKeys(env);
  const secret = nonEmpty(env.BASKET_JWT_SECRET);
  const errors = [port, latency, keys, ...(metricsPort === undefined ? [] : [metricsPort])].flatMap((read) =>
    read.ok ? [] : [read.error],
  );
  if (production && secret === undefined && keys.ok && keys.value.length === 0) {
    errors.push('BASKET_JWT_SECRET (or BASKET_JWT_PUBLIC_KEY) is required when NODE_ENV=production');
  }
  if (!port.ok || !latency.ok || !keys.ok || metricsPort?.ok === false || errors.length > 0)
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
      production,
      logLevel: nonEmpty(env.BASKET_LOG_LEVEL) ?? 'info',
      ...(metricsPort?.ok === true ? { metricsPort: metricsPort.value } : {}),
    },
  };
};
