import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { byteOrderedText } from '../src/holds';
import { openPgPool } from '../src/index';
import { postgresUrl } from './support';

// Reads of many resources of one product go as a range of keys only where the database orders
// ASCII text byte by byte (holds.ts): a collation for a language (ICU's English here) orders case
// and punctuation otherwise, and a range of keys would then hold keys it should not, or miss some.
describe('the order of text a database keeps', () => {
  const name = `basket_icu_${randomBytes(4).toString('hex')}`;
  const admin = openPgPool(postgresUrl, { max: 1 });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.close();
  });

  it('is byte by byte on the test database (C.UTF-8) and not under an ICU collation for English', async () => {
    expect(await byteOrderedText(admin)).toBe(true);
    await admin.query(
      `CREATE DATABASE ${name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en' LOCALE 'C.UTF-8'`,
    );
    const english = openPgPool(postgresUrl.replace(/\/[^/?]*(\?|$)/, `/${name}$1`), { max: 1 });
    try {
      expect(await byteOrderedText(english)).toBe(false);
    } finally {
      await english.close();
    }
  });
});
