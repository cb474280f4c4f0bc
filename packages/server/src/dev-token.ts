import { SignJWT } from 'jose';

export type DevTokenOptions = {
  readonly secret: string;
  /** The contact the token signs in; absent: a guest token (no `sub`, C-2.3). */
  readonly contactId?: string;
  readonly ttlSeconds?: number;
  readonly audience?: string;
  readonly issuer?: string;
  /** Seconds since the epoch; the clock of tests. */
  readonly now?: number;
};

/** Mints an HS256 bearer token for development and tests. */
export const mintDevToken = async (options: DevTokenOptions): Promise<string> => {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  let jwt = new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + (options.ttlSeconds ?? 3600));
  if (options.contactId !== undefined) jwt = jwt.setSubject(options.contactId);
  if (options.audience !== undefined) jwt = jwt.setAudience(options.audience);
  if (options.issuer !== undefined) jwt = jwt.setIssuer(options.issuer);
  return jwt.sign(new TextEncoder().encode(options.secret));
};
