import { Buffer } from 'node:buffer';
import { createHmac } from 'node:crypto';

/**
 * The secret a server signs with when `BASKET_JWT_SECRET` is unset outside production (C-10.1):
 * the same string as `DEVELOPMENT_JWT_SECRET` of @basket/server, public on purpose.
 */
export const DEVELOPMENT_JWT_SECRET = 'basket-service-development-secret-not-for-production';

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/** An HS256 JWT for `contactId`, valid `ttlSeconds`, as `basket token --contact <id>` mints one. */
export const mintHs256 = (secret: string, contactId: string, ttlSeconds = 3600): string => {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ sub: contactId, iat: now, exp: now + ttlSeconds }));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  return `${header}.${payload}.${base64url(signature)}`;
};
