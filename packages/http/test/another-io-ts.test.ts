import { anotherIoTs } from '@basket/testing';
import * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { createSchemaRegistry } from '../src/openapi/json-schema';

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
