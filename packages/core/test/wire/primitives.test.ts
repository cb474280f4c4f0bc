import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import {
  CustomerDetailFieldValue,
  Int32,
  isProviderIdentity,
  NonEmptyString,
  ProviderIdentity,
  providerOf,
  Uuid,
} from '../../src';
import { charactersBetween } from '../../src/primitives/scalars';

describe('Int32', () => {
  it.each([0, -1, 42, 2 ** 31 - 1, -(2 ** 31)])('accepts %d', (n) => {
    expect(Int32.decode(n)).toEqual(E.right(n));
  });

  it.each([2 ** 31, -(2 ** 31) - 1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1', null, true])(
    'rejects %s',
    (u) => {
      expect(E.isLeft(Int32.decode(u))).toBe(true);
    },
  );
});

describe('NonEmptyString', () => {
  it('rejects the empty string and non-strings', () => {
    expect(E.isLeft(NonEmptyString.decode(''))).toBe(true);
    expect(E.isLeft(NonEmptyString.decode(1))).toBe(true);
    expect(NonEmptyString.decode(' ')).toEqual(E.right(' '));
  });
});

describe('ProviderIdentity', () => {
  it.each([
    'shop|b4fc97c45b14a06fbcbdf88d',
    'tix:arena|1fed8c284c51a8c8a88c6b61',
    'a|000000000000000000000000',
    'abcde:abcdefghijkl|zzzzzzzzzzzzzzzzzzzzzzzz',
  ])('accepts %s', (id) => {
    expect(ProviderIdentity.decode(id)).toEqual(E.right(id));
    expect(isProviderIdentity(id)).toBe(true);
  });

  it.each([
    ['an empty provider', '|b4fc97c45b14a06fbcbdf88d'],
    ['a provider of six characters', 'abcdef|b4fc97c45b14a06fbcbdf88d'],
    ['a sub-provider of thirteen characters', 'tix:abcdefghijklm|1fed8c284c51a8c8a88c6b61'],
    ['an empty sub-provider', 'tix:|1fed8c284c51a8c8a88c6b61'],
    ['two sub-providers', 'tix:a:b|1fed8c284c51a8c8a88c6b61'],
    ['upper case', 'SHOP|b4fc97c45b14a06fbcbdf88d'],
    ['23 characters after the bar', 'shop|b4fc97c45b14a06fbcbdf88'],
    ['25 characters after the bar', 'shop|b4fc97c45b14a06fbcbdf88dd'],
    ['a dash', 'shop|b4fc97c45b14a06f-cbdf88d'],
    ['no bar', 'shopb4fc97c45b14a06fbcbdf88d'],
    ['a trailing newline', 'shop|b4fc97c45b14a06fbcbdf88d\n'],
  ])('rejects %s', (_, id) => {
    expect(E.isLeft(ProviderIdentity.decode(id))).toBe(true);
    expect(isProviderIdentity(id)).toBe(false);
  });

  it('names its provider by the part before the bar', () => {
    const ids = ['tix:arena|1fed8c284c51a8c8a88c6b61', 'shop|b4fc97c45b14a06fbcbdf88d'].filter(
      isProviderIdentity,
    );
    expect(ids.map(providerOf)).toEqual(['tix:arena', 'shop']);
  });
});

describe('Uuid', () => {
  it.each(['0190f0c8-5c4e-7a3b-9c1d-2e3f4a5b6c7d', '9b2f1c1e-3a4b-4c5d-8e6f-7a8b9c0d1e2f'])(
    'accepts %s',
    (id) => {
      expect(Uuid.decode(id)).toEqual(E.right(id));
    },
  );

  it.each([
    '9B2F1C1E-3A4B-4C5D-8E6F-7A8B9C0D1E2F',
    '00000000-0000-0000-0000-000000000000',
    '9b2f1c1e-3a4b-4c5d-7e6f-7a8b9c0d1e2f',
    '9b2f1c1e3a4b4c5d8e6f7a8b9c0d1e2f',
  ])('rejects %s', (id) => {
    expect(E.isLeft(Uuid.decode(id))).toBe(true);
  });
});

describe('lengths in characters (code points), as JSON Schema counts them (C-7.12, C-9.2)', () => {
  it('charactersBetween counts code points, whatever the string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.nat(40), fc.nat(40), (s, a, b) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const count = [...s].length;
        expect(charactersBetween(s, min, max)).toBe(count >= min && count <= max);
      }),
    );
  });

  it('a name of 100 characters outside the BMP is one of 1 to 100 characters; 101 is not', () => {
    const name = (n: number) => ({ type: 'FirstName', value: { name: '😀'.repeat(n) } });
    expect(E.isRight(CustomerDetailFieldValue.decode(name(100)))).toBe(true);
    expect(E.isRight(CustomerDetailFieldValue.decode(name(51)))).toBe(true);
    expect(E.isLeft(CustomerDetailFieldValue.decode(name(101)))).toBe(true);
    expect(E.isLeft(CustomerDetailFieldValue.decode(name(0)))).toBe(true);
  });
});
