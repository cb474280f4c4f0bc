import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copy } from '../src/state';

/** Every object and array inside `value`, itself included. */
const objectsOf = (value: unknown, into: Set<object> = new Set()): Set<object> => {
  if (typeof value === 'object' && value !== null) {
    into.add(value);
    for (const field of Object.values(value)) objectsOf(field, into);
  }
  return into;
};

// The memory storage copies what it stores and what it answers (state.ts), so that no caller can
// change a stored event, command or notification through a reference it kept.
describe('copies of stored values', () => {
  it('equal any JSON value, and share none of its objects or arrays', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copied = copy(value);
        expect(copied).toStrictEqual(value);
        const shared = [...objectsOf(copied)].filter((object) => objectsOf(value).has(object));
        expect(shared).toEqual([]);
      }),
    );
  });

  it('keep a __proto__ key as a key, not as the copy’s prototype', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "a": [1]}') as Record<string, unknown>;
    const copied = copy(value);
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(Object.keys(copied)).toEqual(['__proto__', 'a']);
    expect((copied as { polluted?: boolean }).polluted).toBeUndefined();
    expect(copied).toStrictEqual(value);
  });
});
