import { Buffer } from 'node:buffer';
import type { CryptoKey, JWTHeaderParameters, JWTVerifyOptions } from 'jose';
import { errors, importSPKI, jwtVerify } from 'jose';
import { badStringReason } from './request-strings';

/** A public key for tokens signed by an identity provider rather than with the shared secret. */
export type JwtPublicKey = { readonly alg: 'RS256' | 'ES256'; readonly spki: string };

/** How bearer tokens are verified (C-2.3). */
export type JwtOptions = {
  /** The HS256 shared secret. */
  readonly secret?: string;
  /** RS256 / ES256 public keys (PEM, SPKI), one per algorithm. */
  readonly publicKeys?: ReadonlyArray<JwtPublicKey>;
  /** When set, a token must name this audience. */
  readonly audience?: string;
  /** When set, a token must name this issuer. */
  readonly issuer?: string;
};

export type AuthOptions = {
  /** Whether the service knows this store (C-2.2: the configured stores). */
  readonly isKnownStore: (storeId: string) => boolean | Promise<boolean>;
  readonly jwt: JwtOptions;
};

/** Who an authenticated request comes from: the key's store, and the token's contact (absent: a guest). */
export type Principal = { readonly storeId: string; readonly contactId?: string };

export type AuthOutcome =
  | { readonly ok: true; readonly principal: Principal }
  | { readonly ok: false; readonly detail: string };

export type Authenticate = (headers: {
  readonly apiKey: string | string[] | undefined;
  readonly authorization: string | undefined;
}) => Promise<AuthOutcome>;

/** C-2.3: at most 30 s of clock skew. */
const CLOCK_TOLERANCE_SECONDS = 30;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/i;
const MAX_KEY_LENGTH = 1024;

/** The store id an `x-api-key` encodes (C-2.2), or undefined when the key is not canonical base64 of text. */
export const storeIdOfApiKey = (apiKey: string): string | undefined => {
  if (apiKey.length === 0 || apiKey.length > MAX_KEY_LENGTH || !BASE64.test(apiKey)) return undefined;
  const bytes = Buffer.from(apiKey, 'base64');
  const storeId = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  // A key that does not round-trip (invalid UTF-8, non-canonical padding bits) is not a store's key.
  return Buffer.from(storeId, 'utf8').toString('base64') === apiKey && storeId.length > 0
    ? storeId
    : undefined;
};

/** The `x-api-key` of a store: the base64 of its id. */
export const apiKeyOf = (storeId: string): string => Buffer.from(storeId, 'utf8').toString('base64');

type Keys = {
  readonly hs256?: Uint8Array;
  readonly rs256?: CryptoKey;
  readonly es256?: CryptoKey;
};

const importKeys = async (options: JwtOptions): Promise<Keys> => {
  const publicKey = async (alg: JwtPublicKey['alg']): Promise<CryptoKey | undefined> => {
    const configured = options.publicKeys?.find((key) => key.alg === alg);
    return configured === undefined ? undefined : importSPKI(configured.spki, alg);
  };
  const [rs256, es256] = await Promise.all([publicKey('RS256'), publicKey('ES256')]);
  return {
    ...(options.secret === undefined ? {} : { hs256: new TextEncoder().encode(options.secret) }),
    ...(rs256 === undefined ? {} : { rs256 }),
    ...(es256 === undefined ? {} : { es256 }),
  };
};

/** The verification key for a token's header: only the algorithms that have a configured key. */
const keyFor =
  (keys: Keys) =>
  (header: JWTHeaderParameters): Uint8Array | CryptoKey => {
    const key =
      header.alg === 'HS256'
        ? keys.hs256
        : header.alg === 'RS256'
          ? keys.rs256
          : header.alg === 'ES256'
            ? keys.es256
            : undefined;
    if (key === undefined) throw new Error('no key for this algorithm');
    return key;
  };

/**
 * Builds the C-2 authenticator: `x-api-key` must be the base64 of a known store id, and the bearer
 * token a JWT with a valid signature from a configured key, an unexpired `exp`, and the configured
 * audience and issuer. `alg: none` never verifies. The token's `sub` is the contact.
 */
export const createAuthenticator = async (options: AuthOptions): Promise<Authenticate> => {
  const keys = await importKeys(options.jwt);
  const algorithms = [
    ...(keys.hs256 === undefined ? [] : ['HS256']),
    ...(keys.rs256 === undefined ? [] : ['RS256']),
    ...(keys.es256 === undefined ? [] : ['ES256']),
  ];
  if (algorithms.length === 0) throw new Error('auth: configure a JWT secret or a public key');
  const verifyOptions: JWTVerifyOptions = {
    algorithms,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ['exp'],
    ...(options.jwt.audience === undefined ? {} : { audience: options.jwt.audience }),
    ...(options.jwt.issuer === undefined ? {} : { issuer: options.jwt.issuer }),
  };
  const getKey = keyFor(keys);

  return async ({ apiKey, authorization }) => {
    if (typeof apiKey !== 'string') return { ok: false, detail: 'The x-api-key header is required, once.' };
    const storeId = storeIdOfApiKey(apiKey);
    if (storeId === undefined || !(await options.isKnownStore(storeId))) {
      return { ok: false, detail: 'The x-api-key is not the key of a known store.' };
    }
    const token = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
    if (token === undefined)
      return { ok: false, detail: 'A bearer token (Authorization: Bearer <JWT>) is required.' };
    try {
      const { payload } = await jwtVerify(token, getKey, verifyOptions);
      if (payload.sub === undefined) return { ok: true, principal: { storeId } };
      if (
        typeof payload.sub !== 'string' ||
        payload.sub.length === 0 ||
        badStringReason(payload.sub) !== undefined
      ) {
        return { ok: false, detail: 'The bearer token has an invalid sub claim.' };
      }
      return { ok: true, principal: { storeId, contactId: payload.sub } };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, detail: 'The bearer token has expired.' };
      // Which other check failed is not told: it would help forgers more than clients.
      return {
        ok: false,
        detail: 'The bearer token is not valid: bad signature, expired, or not for this service.',
      };
    }
  };
};
