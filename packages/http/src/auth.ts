import { Buffer } from 'node:buffer';
import { badStringReason } from '@basket/core';
import type { CryptoKey, JWTHeaderParameters, JWTVerifyOptions } from 'jose';
import { errors, importSPKI, jwtVerify } from 'jose';

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
  /** The time tokens' `exp` and `nbf` are checked at, in epoch ms. Default: this machine's clock. */
  readonly nowMs?: () => number;
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

/** The store id of a canonical base64 key of text, else undefined. */
const decodeApiKey = (apiKey: string): string | undefined => {
  if (apiKey.length === 0 || apiKey.length > MAX_KEY_LENGTH || !BASE64.test(apiKey)) return undefined;
  const bytes = Buffer.from(apiKey, 'base64');
  const storeId = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  // A key that does not round-trip (invalid UTF-8, non-canonical padding bits) is not a store's key.
  return Buffer.from(storeId, 'utf8').toString('base64') === apiKey && storeId.length > 0
    ? storeId
    : undefined;
};

/** Keys decoded before: a process sees the keys of a few stores on every request. */
const decodedKeys = new Map<string, string>();
const MAX_DECODED_KEYS = 1024;

/** The store id an `x-api-key` encodes (C-2.2), or undefined when the key is not canonical base64 of text. */
export const storeIdOfApiKey = (apiKey: string): string | undefined => {
  const known = decodedKeys.get(apiKey);
  if (known !== undefined) return known;
  const storeId = decodeApiKey(apiKey);
  if (storeId !== undefined) {
    if (decodedKeys.size >= MAX_DECODED_KEYS) decodedKeys.clear();
    decodedKeys.set(apiKey, storeId);
  }
  return storeId;
};

/** The `x-api-key` of a store: the base64 of its id. */
export const apiKeyOf = (storeId: string): string => Buffer.from(storeId, 'utf8').toString('base64');

type Keys = {
  readonly hs256?: CryptoKey;
  readonly rs256?: CryptoKey;
  readonly es256?: CryptoKey;
};

/** HS256 keys of fewer bytes than the hash's 256 bits are refused (RFC 7518, section 3.2). */
const MIN_HS256_SECRET_BYTES = 32;

/** RSA keys for RS256 have at least 2048 bits (RFC 7518, section 3.3); jose refuses shorter ones. */
export const MIN_RSA_BITS = 2048;

const importKeys = async (options: JwtOptions): Promise<Keys> => {
  if (
    options.secret !== undefined &&
    new TextEncoder().encode(options.secret).length < MIN_HS256_SECRET_BYTES
  ) {
    throw new Error(
      `auth: the JWT secret must be at least ${MIN_HS256_SECRET_BYTES} bytes (HS256 needs a 256-bit key, RFC 7518 section 3.2)`,
    );
  }
  const publicKey = async (alg: JwtPublicKey['alg']): Promise<CryptoKey | undefined> => {
    const configured = options.publicKeys?.find((key) => key.alg === alg);
    if (configured === undefined) return undefined;
    const key = await importSPKI(configured.spki, alg);
    // jose verifies no RS256 token with a shorter key: every token would be a 401, said nowhere.
    const bits = Reflect.get(key.algorithm, 'modulusLength');
    if (alg === 'RS256' && typeof bits === 'number' && bits < MIN_RSA_BITS) {
      throw new Error(
        `auth: an RS256 public key must have at least ${MIN_RSA_BITS} bits; this one has ${bits}`,
      );
    }
    return key;
  };
  // Imported once: given the secret's bytes, jose would import a WebCrypto key on every request.
  const secretKey = async (): Promise<CryptoKey | undefined> =>
    options.secret === undefined
      ? undefined
      : globalThis.crypto.subtle.importKey(
          'raw',
          new TextEncoder().encode(options.secret),
          { name: 'HMAC', hash: 'SHA-256' },
          false,
          ['verify'],
        );
  const [rs256, es256, hs256] = await Promise.all([publicKey('RS256'), publicKey('ES256'), secretKey()]);
  return {
    ...(hs256 === undefined ? {} : { hs256 }),
    ...(rs256 === undefined ? {} : { rs256 }),
    ...(es256 === undefined ? {} : { es256 }),
  };
};

/** The verification key for a token's header: only the algorithms that have a configured key. */
const keyFor =
  (keys: Keys) =>
  (header: JWTHeaderParameters): CryptoKey => {
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

/** What a verified token said that can change an answer later: its contact and its validity window. */
type VerifiedToken = { readonly sub: string | undefined; readonly exp: number; readonly nbf?: number };

/** Tokens verified recently, by their text: a client sends the same token with each request. */
const MAX_VERIFIED_TOKENS = 10_000;

const verifiedTokens = (nowMs: () => number) => {
  const tokens = new Map<string, VerifiedToken>();
  return {
    /** The token, if verified before and still inside its validity window (jose's own comparisons). */
    get: (token: string): VerifiedToken | undefined => {
      const verified = tokens.get(token);
      if (verified === undefined) return undefined;
      const now = Math.floor(nowMs() / 1000);
      if (
        verified.exp <= now - CLOCK_TOLERANCE_SECONDS ||
        (verified.nbf !== undefined && verified.nbf > now + CLOCK_TOLERANCE_SECONDS)
      ) {
        // Verified again, so that the answer (expired, not yet valid) is jose's.
        tokens.delete(token);
        return undefined;
      }
      return verified;
    },
    set: (token: string, verified: VerifiedToken): void => {
      if (tokens.size >= MAX_VERIFIED_TOKENS) {
        const oldest = tokens.keys().next();
        if (oldest.done !== true) tokens.delete(oldest.value);
      }
      tokens.set(token, verified);
    },
  };
};

/** The principal a token's `sub` makes, or the problem with it. */
const principalOf = (storeId: string, sub: unknown): AuthOutcome => {
  if (sub === undefined) return { ok: true, principal: { storeId } };
  if (typeof sub !== 'string' || sub.length === 0 || badStringReason(sub) !== undefined) {
    return { ok: false, detail: 'The bearer token has an invalid sub claim.' };
  }
  return { ok: true, principal: { storeId, contactId: sub } };
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
  // A signature, once verified, stays verified for the same keys: only the time checks are redone
  // (the configuration of audience, issuer and keys is fixed for the authenticator's life).
  const nowMs = options.nowMs ?? Date.now;
  const verified = verifiedTokens(nowMs);

  return async ({ apiKey, authorization }) => {
    if (typeof apiKey !== 'string') return { ok: false, detail: 'The x-api-key header is required, once.' };
    const storeId = storeIdOfApiKey(apiKey);
    if (storeId === undefined || !(await options.isKnownStore(storeId))) {
      return { ok: false, detail: 'The x-api-key is not the key of a known store.' };
    }
    const token = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
    if (token === undefined)
      return { ok: false, detail: 'A bearer token (Authorization: Bearer <JWT>) is required.' };
    const known = verified.get(token);
    if (known !== undefined) return principalOf(storeId, known.sub);
    try {
      const { payload } = await jwtVerify(token, getKey, {
        ...verifyOptions,
        currentDate: new Date(nowMs()),
      });
      const outcome = principalOf(storeId, payload.sub);
      // `exp` is required and checked by jose; `sub` is cached only when it makes a principal.
      if (outcome.ok && typeof payload.exp === 'number')
        verified.set(token, {
          sub: outcome.principal.contactId,
          exp: payload.exp,
          ...(typeof payload.nbf === 'number' ? { nbf: payload.nbf } : {}),
        });
      return outcome;
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
