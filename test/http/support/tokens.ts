import { Buffer } from 'node:buffer';
import { SignJWT } from 'jose';
import { TEST_SECRET } from './server';

export const STORE = 'arena-web';
export const OTHER_STORE = 'arena-app';
export const ALICE = 'contact-alice';
export const BOB = 'contact-bob';

/** The x-api-key of a store: base64 of its id (C-2.2). */
export const keyOf = (storeId: string): string => Buffer.from(storeId).toString('base64');

export type TokenOptions = {
  sub?: string;
  expiresIn?: number;
  secret?: string;
  audience?: string;
  omitExp?: boolean;
};

export const mint = (options: TokenOptions = {}): Promise<string> => {
  const now = Math.floor(Date.now() / 1000);
  let jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now);
  if (options.omitExp !== true) jwt = jwt.setExpirationTime(now + (options.expiresIn ?? 3600));
  if (options.sub !== undefined) jwt = jwt.setSubject(options.sub);
  if (options.audience !== undefined) jwt = jwt.setAudience(options.audience);
  return jwt.sign(new TextEncoder().encode(options.secret ?? TEST_SECRET));
};

const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** `alg: none`: an unsecured JWT with an otherwise valid payload. */
export const unsecured = (sub: string): string =>
  `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;

/** Credentials of a caller: the store's key and a bearer token. */
export type Credentials = { readonly 'x-api-key'?: string; readonly authorization?: string };

export const credentials = async (sub?: string, storeId: string = STORE): Promise<Credentials> => ({
  'x-api-key': keyOf(storeId),
  authorization: `Bearer ${await mint(sub === undefined ? {} : { sub })}`,
});

/** Every way C-2 says a request is a 401, as headers built from valid ones of `sub`. */
export const unauthorizedVariants = async (sub: string): Promise<ReadonlyArray<[string, Credentials]>> => {
  const bearer = `Bearer ${await mint({ sub })}`;
  return [
    ['no x-api-key', { authorization: bearer }],
    ['an undecodable x-api-key', { 'x-api-key': '***not base64***', authorization: bearer }],
    ['an unknown store', { 'x-api-key': keyOf('no-such-store'), authorization: bearer }],
    ['no bearer', { 'x-api-key': keyOf(STORE) }],
    [
      'an expired token',
      { 'x-api-key': keyOf(STORE), authorization: `Bearer ${await mint({ sub, expiresIn: -120 })}` },
    ],
    ['alg none', { 'x-api-key': keyOf(STORE), authorization: `Bearer ${unsecured(sub)}` }],
    [
      'a bad signature',
      {
        'x-api-key': keyOf(STORE),
        authorization: `Bearer ${await mint({ sub, secret: `${TEST_SECRET}-forged` })}`,
      },
    ],
  ];
};
