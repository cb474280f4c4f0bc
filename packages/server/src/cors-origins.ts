import type { CorsOptions } from '@basket/http';

type Read<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly error: string };

/**
 * An origin as a browser sends it in `Origin`: `http(s)://host[:port]`, lowercase, no path, no
 * trailing slash. Written any other way it would never match, so it is refused at start instead.
 */
const isOrigin = (origin: string): boolean => {
  try {
    const url = new URL(origin);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === origin;
  } catch {
    return false;
  }
};

/**
 * `BASKET_CORS_ORIGINS`: the browser origins allowed to call the interface, separated by commas, or
 * `*` for any; unset: none (no CORS header). `BASKET_CORS_MAX_AGE_S` (default 600): how long a
 * browser keeps a preflight's answer. The problem names an origin by its place only.
 */
export const readCorsOrigins = (
  env: Readonly<Record<string, string | undefined>>,
): Read<CorsOptions | undefined> => {
  const raw = env.BASKET_CORS_ORIGINS?.trim() ?? '';
  const rawAge = env.BASKET_CORS_MAX_AGE_S?.trim() ?? '';
  const maxAge = rawAge === '' ? 600 : /^\d+$/.test(rawAge) ? Number(rawAge) : Number.NaN;
  if (!(maxAge <= 86_400))
    return { ok: false, error: 'BASKET_CORS_MAX_AGE_S must be an integer from 0 to 86400' };
  if (raw === '') return { ok: true, value: undefined };
  if (raw === '*') return { ok: true, value: { origins: '*', maxAgeSeconds: maxAge } };
  const origins = raw.split(',').map((origin) => origin.trim());
  const bad = origins.findIndex((origin) => !isOrigin(origin));
  return bad === -1
    ? { ok: true, value: { origins, maxAgeSeconds: maxAge } }
    : {
        ok: false,
        error: `BASKET_CORS_ORIGINS must be * or origins (https://host[:port], lowercase, no path) separated by commas; origin ${bad + 1} of ${origins.length} is not one`,
      };
};
