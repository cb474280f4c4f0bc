import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { type CryptoKey, exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { apiKeyOf, createAuthenticator, storeIdOfApiKey } from '../src/index';

describe('x-api-key (C-2.2)', () => {
  it('the key of any store id decodes back to it', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200, unit: 'binary' }), (storeId) => {
        fc.pre(Buffer.from(storeId, 'utf8').toString('utf8') === storeId);
        expect(storeIdOfApiKey(apiKeyOf(storeId))).toBe(storeId);
      }),
    );
  });

  it('anything that is not canonical base64 of text is no key', () => {
    for (const key of ['', 'YXJlbmEtd2Vi=', 'YXJlbmEtd2V', '%%%', 'YQ', '/w==', 'YXJlbmEtd2Vi\n']) {
      expect(storeIdOfApiKey(key), key).toBeUndefined();
    }
  });

  it('answers a key asked again as the first time, past the 1,024 keys it remembers too', () => {
    const key = fc.oneof(
      fc.string({ minLength: 1, maxLength: 40 }).map((storeId) => apiKeyOf(storeId)),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(key, { minLength: 1, maxLength: 1500 }), (keys) => {
        const first = keys.map((k) => storeIdOfApiKey(k));
        expect(keys.map((k) => storeIdOfApiKey(k))).toEqual(first);
        keys.forEach((k, i) => {
          const storeId = first[i];
          if (storeId !== undefined) expect(apiKeyOf(storeId)).toBe(k);
        });
      }),
      { numRuns: 30 },
    );
  });
});

describe('bearer tokens signed with public keys (C-2.3)', () => {
  it.each(['RS256', 'ES256'] as const)(
    '%s tokens verify with the configured key, and only with it',
    async (alg) => {
      const { publicKey, privateKey } = await generateKeyPair(alg);
      const other = await generateKeyPair(alg);
      const authenticate = await createAuthenticator({
        isKnownStore: (id) => id === 'arena-web',
        jwt: { publicKeys: [{ alg, spki: await exportSPKI(publicKey) }], audience: 'basket' },
      });
      const sign = (key: CryptoKey, audience: string) =>
        new SignJWT({})
          .setProtectedHeader({ alg })
          .setSubject('contact-alice')
          .setAudience(audience)
          .setExpirationTime('5m')
          .sign(key);
      const headers = (token: string) => ({
        apiKey: apiKeyOf('arena-web'),
        authorization: `Bearer ${token}`,
      });
      expect(await authenticate(headers(await sign(privateKey, 'basket')))).toEqual({
        ok: true,
        principal: { storeId: 'arena-web', contactId: 'contact-alice' },
      });
      expect((await authenticate(headers(await sign(other.privateKey, 'basket')))).ok).toBe(false);
      expect((await authenticate(headers(await sign(privateKey, 'elsewhere')))).ok).toBe(false);
      const hs = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('5m')
        .sign(new Uint8Array(32));
      expect((await authenticate(headers(hs))).ok).toBe(false);
    },
  );

  it('refuses to start with an HS256 secret under 32 bytes, counted in UTF-8 (RFC 7518, 3.2)', async () => {
    for (const secret of ['a', 'a'.repeat(31), 'é'.repeat(15)]) {
      await expect(createAuthenticator({ isKnownStore: () => true, jwt: { secret } })).rejects.toThrow(
        /at least 32 bytes/,
      );
    }
    for (const secret of ['a'.repeat(32), 'é'.repeat(16)]) {
      await expect(createAuthenticator({ isKnownStore: () => true, jwt: { secret } })).resolves.toBeTypeOf(
        'function',
      );
    }
  });

  it('refuses to start with an RS256 key under 2048 bits, which would verify no token (RFC 7518, 3.3)', async () => {
    const spki = (modulusLength: number) =>
      generateKeyPairSync('rsa', { modulusLength })
        .publicKey.export({ type: 'spki', format: 'pem' })
        .toString();
    const withKey = async (modulusLength: number) =>
      createAuthenticator({
        isKnownStore: () => true,
        jwt: { publicKeys: [{ alg: 'RS256', spki: spki(modulusLength) }] },
      });
    await expect(withKey(1024)).rejects.toThrow(/at least 2048 bits; this one has 1024/);
    await expect(withKey(2048)).resolves.toBeTypeOf('function');
  });

  it('refuses to start with no key at all', async () => {
    await expect(createAuthenticator({ isKnownStore: () => true, jwt: {} })).rejects.toThrow(
      /secret or a public key/,
    );
  });
});
