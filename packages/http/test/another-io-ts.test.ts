import { createRequire } from 'node:module';
import * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { createSchemaRegistry } from '../src/openapi/json-schema';

/**
 * A second copy of io-ts, as npm nests one beside this package's when a service's own io-ts range
 * differs from ours: its codec classes are not this copy's.
 */
const anotherIoTs = (): typeof t => {
  const require = createRequire(import.meta.url);
  const path = require.resolve('io-ts');
  const cached = require.cache[path];
  delete require.cache[path];
  try {
    return require('io-ts') as typeof t;
  } finally {
    if (cached !== undefined) require.cache[path] = cached;
  }
};

describe('the OpenAPI schemas of codecs made by another copy of io-ts', () => {
  const other = anotherIoTs();

  it('is another copy indeed', () => {
    expect(other.InterfaceType).not.toBe(t.InterfaceType);
    expect(other.type({ a: other.string }) instanceof t.InterfaceType).toBe(false);
  });

  it('walks them as this copy’s: objects, unions with their discriminant, arrays, literals', () => {
    const Shape = other.union(
      [
        other.type({ kind: other.literal('circle'), radius: other.number }, 'Circle'),
        other.type({ kind: other.literal('square'), side: other.number }, 'Square'),
      ],
      'Shape',
    );
    const Drawing = other.intersection([
      other.type({ shapes: other.readonlyArray(Shape) }),
      other.partial({ title: other.string }),
    ]);
    const registry = createSchemaRegistry();
    expect(registry.schemaOf(Drawing)).toEqual({
      type: 'object',
      properties: {
        shapes: { type: 'array', items: { $ref: '#/components/schemas/Shape' } },
        title: { type: 'string' },
      },
      required: ['shapes'],
    });
    expect(registry.components().Shape).toMatchObject({
      oneOf: [{ $ref: '#/components/schemas/Circle' }, { $ref: '#/components/schemas/Square' }],
      discriminator: { propertyName: 'kind' },
    });
    expect(registry.components().Circle).toEqual({
      type: 'object',
      properties: { kind: { type: 'string', const: 'circle' }, radius: { type: 'number' } },
      required: ['kind', 'radius'],
    });
  });
});
