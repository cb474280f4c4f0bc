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

  it('counts the characters of strings and field names together, not numbers', () => {
    const half = 'x'.repeat(MAX_BODY_CHARACTERS / 2);
    expect(bodyLimitBroken({ a: half, b: half.slice(2) })).toBeUndefined();
    expect(bodyLimitBroken({ a: half, b: half.slice(1) })).toBe('size');
    expect(bodyLimitBroken({ [half]: 1, b: half })).toBe('size');
    expect(bodyLimitBroken({ list: Array.from({ length: 100_000 }, (_, i) => i) })).toBeUndefined();
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
