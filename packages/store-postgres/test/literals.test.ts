import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineParams } from '../src/db';
import { openPgPool } from '../src/index';
import { postgresUrl } from './support';

const pool = openPgPool(postgresUrl, { max: 1 });
afterAll(() => pool.close());

// Statements sent in a simple query (a transaction's opening, a batch's reads) carry their
// parameters written in as literals (db.ts): PostgreSQL must read back exactly what was written.
describe('parameters written into a statement’s text', () => {
  it('reads back any string and any list of strings as written', async () => {
    // No NUL: PostgreSQL's text cannot hold it, as a parameter or as a literal.
    const text = fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !s.includes('\u0000'));
    await fc.assert(
      fc.asyncProperty(text, fc.array(text, { maxLength: 6 }), async (one, many) => {
        const [row] = await pool.query(
          inlineParams('SELECT $1::text AS one, $2::text[] AS many', [one, many]),
        );
        expect(row).toEqual({ one, many });
      }),
      { numRuns: 200 },
    );
  });

  it('reads back the characters that array and string literals give a meaning to', async () => {
    const many = ['', '"', '\\', "'", '{', '}', ',', ' a ', 'NULL', 'a"b\\c\'d', 'é☃'];
    const [row] = await pool.query(inlineParams('SELECT $1::text[] AS many', [many]));
    expect(row).toEqual({ many });
  });
});
