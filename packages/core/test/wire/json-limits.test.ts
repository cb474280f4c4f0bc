import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { badStrings, bodyLimitBroken, MAX_BODY_CHARACTERS, MAX_JSON_DEPTH, stringsFailing } from '../../src';

const nested = (depth: number, open: (inner: unknown) => unknown): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = open(value);
  return value;
};

describe('body limits on parsed values (C-1.6, C-9.1)', () => {
  it('counts arrays and objects alike; 32 levels pass, 33 do not, at any size without recursion', () => {
    for (const open of [(inner: unknown) => ({ a: inner }), (inner: unknown) => [inner]]) {
      expect(bodyLimitBroken(nested(MAX_JSON_DEPTH, open))).toBeUndefined();
      expect(bodyLimitBroken(nested(MAX_JSON_DEPTH + 1, open))).toBe('depth');
      expect(bodyLimitBroken(nested(200_000, open))).toBe('depth');
    }
    expect(bodyLimitBroken('a string is depth 0')).toBeUndefined();
  });

  it('measures the JSON text, numbers and nulls included, never above the text a body is parsed from', () => {
    expect(bodyLimitBroken({ n: Array.from({ length: 20_000 }, (_, i) => i * 1_000_003) })).toBe('size');
    expect(bodyLimitBroken({ nulls: Array.from({ length: 20_000 }, () => null) })).toBe('size');
    expect(bodyLimitBroken({ s: 'x'.repeat(MAX_BODY_CHARACTERS) })).toBe('size');
    // Exactly the text's length where nothing needs escaping: a body within the bound as text is
    // within it here.
    const plain = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', maxDepth: 8 },
        fc.string({ unit: fc.constantFrom('a', 'b', ' ') }),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value')),
        fc.dictionary(fc.string({ unit: fc.constantFrom('k', 'l') }), tie('value')),
      ),
    })).value;
    fc.assert(
      fc.property(plain, fc.integer({ min: 0, max: 2_000 }), (json, pad) => {
        const text = JSON.stringify([json, 'x'.repeat(pad)]);
        const measured = MAX_BODY_CHARACTERS - text.length;
        const body = [json, 'x'.repeat(pad + measured)];
        expect(JSON.stringify(body)).toHaveLength(MAX_BODY_CHARACTERS);
        expect(bodyLimitBroken(body)).toBeUndefined();
        expect(bodyLimitBroken([json, 'x'.repeat(pad + measured + 1)])).toBe('size');
      }),
    );
  });
});

describe('strings no storage keeps (C-1.6)', () => {
  it('finds the same strings, at the same paths, as a plain recursive walk', () => {
    const naive = (value: unknown, path: string): string[] => {
      if (typeof value === 'string') return badStrings(value).length > 0 ? [path] : [];
      if (value === null || typeof value !== 'object') return [];
      return Object.entries(value).flatMap(([key, field]) => {
        const at = path === '' ? key : `${path}.${key}`;
        return [...(badStrings(key).length > 0 ? [`key ${at}`] : []), ...naive(field, at)];
      });
    };
    const text = fc.string({ unit: fc.constantFrom('a', '\u0000', '\ud800', '\udc00', 'é') });
    fc.assert(
      fc.property(
        fc.jsonValue().chain((json) => fc.tuple(fc.constant(json), fc.dictionary(text, text))),
        ([json, odd]) => {
          const value = { json, odd };
          const found = stringsFailing(
            value,
            (s) => (badStrings(s).length > 0 ? 'bad' : undefined),
            (k) => k,
          ).map((e) => (e.message.startsWith('a field name') ? `key ${e.path}` : e.path));
          expect(found.sort()).toEqual(naive(value, '').sort());
        },
      ),
    );
  });
});
