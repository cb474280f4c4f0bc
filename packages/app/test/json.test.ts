import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toJsonObject } from '../src/json';

// Codec outputs become stored and sent JSON through `toJsonObject` (C-1.2: no undefined fields).

/** JSON objects whose fields may also be `undefined`, at any depth. */
const loose = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    // -0 reads back as 0 from JSON text: `+ 0` makes it 0 here too.
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => x + 0),
    fc.string(),
    fc.array(tie('value'), { maxLength: 3 }),
    tie('object'),
  ),
  object: fc.dictionary(fc.string(), fc.option(tie('value'), { nil: undefined }), { maxKeys: 4 }),
}));

describe('toJsonObject', () => {
  it('is what JSON text of the value reads back as (property)', () => {
    fc.assert(
      fc.property(loose.object, (value) => {
        expect(toJsonObject(value)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('drops undefined fields at any depth, and answers a value without any as it is', () => {
    const value = { a: 1, b: undefined, c: [{ d: undefined, e: 'x' }] };
    expect(toJsonObject(value)).toStrictEqual({ a: 1, c: [{ e: 'x' }] });
    // A field named __proto__ is a field (as JSON.parse makes it), never the copy's prototype.
    const proto = JSON.parse('{"__proto__": {"a": 1}, "b": null}') as Record<string, unknown>;
    expect(Object.keys(toJsonObject({ ...proto, c: undefined }))).toEqual(['__proto__', 'b']);
    const clean = { a: 1, c: [{ e: 'x' }] };
    expect(toJsonObject(clean)).toBe(clean);
  });

  it('throws on what is not JSON: a bug in a codec', () => {
    for (const bad of [
      { f: () => 1 },
      { n: Number.NaN },
      { d: new Date(0) },
      { a: [undefined] },
      [1],
      null,
    ]) {
      expect(() => toJsonObject(bad)).toThrow(/expected/);
    }
  });
});
