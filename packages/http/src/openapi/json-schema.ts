import { isCodecKind } from '@basket/core';
import type * as t from 'io-ts';
import { namedRefinements, refinementSchema } from './refinements';

/** A JSON Schema (draft 2020-12, as OpenAPI 3.1 uses it). */
export type JsonSchema = { [keyword: string]: unknown };

/** Walks io-ts codecs into JSON Schemas, collecting the named ones as reusable components. */
export type SchemaRegistry = {
  /** The schema of `codec`: a `$ref` for a named struct, union, enum or known brand; inline otherwise. */
  readonly schemaOf: (codec: t.Any) => JsonSchema;
  /** Every component met so far, by name. */
  readonly components: () => Record<string, JsonSchema>;
};

const COMPONENT_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Codecs that add no shape of their own: exact (strips unknown fields), readonly, refinements. */
const unwrap = (codec: t.Any): t.Any => {
  let current = codec;
  while (
    isCodecKind(current, 'ExactType') ||
    isCodecKind(current, 'ReadonlyType') ||
    isCodecKind(current, 'RefinementType')
  ) {
    current = current.type;
  }
  return current;
};

/** The literal-valued properties of an object codec (through exact, readonly, refinement, intersection). */
const literalProps = (codec: t.Any): Array<[string, unknown]> => {
  const structural = unwrap(codec);
  if (isCodecKind(structural, 'IntersectionType')) return structural.types.flatMap(literalProps);
  if (!isCodecKind(structural, 'InterfaceType')) return [];
  return Object.entries<t.Any>(structural.props).flatMap(([key, prop]) =>
    isCodecKind(prop, 'LiteralType') ? [[key, prop.value]] : [],
  );
};

/** The property whose literal value tells the members of a union apart, when there is one. */
const discriminantOf = (members: ReadonlyArray<t.Any>): { key: string; values: unknown[] } | undefined => {
  const props = members.map((member) => new Map(literalProps(member)));
  const candidates = [...(props[0]?.keys() ?? [])];
  const key = candidates.find((candidate) => {
    const values = props.map((p) => p.get(candidate));
    return props.every((p) => p.has(candidate)) && new Set(values).size === values.length;
  });
  return key === undefined ? undefined : { key, values: props.map((p) => p.get(key)) };
};

const isObjectShape = (codec: t.Any): boolean => {
  const structural = unwrap(codec);
  return isCodecKind(structural, 'InterfaceType') || isCodecKind(structural, 'PartialType');
};

export const createSchemaRegistry = (): SchemaRegistry => {
  const components = new Map<string, JsonSchema>();
  const owners = new Map<string, t.Any>();

  const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

  /** Registers `codec` under its name; a second codec of the same name is inlined instead. */
  const component = (codec: t.Any, build: () => JsonSchema): JsonSchema => {
    const owner = owners.get(codec.name);
    if (owner === codec) return ref(codec.name);
    if (owner !== undefined) return build();
    owners.set(codec.name, codec);
    components.set(codec.name, {});
    components.set(codec.name, build());
    return ref(codec.name);
  };

  const named = (codec: t.Any, build: () => JsonSchema): JsonSchema =>
    COMPONENT_NAME.test(codec.name) ? component(codec, build) : build();

  const objectSchema = (
    codec: t.InterfaceType<t.Props> | t.PartialType<t.Props>,
    required: boolean,
  ): JsonSchema => {
    const properties = Object.fromEntries(
      Object.entries<t.Any>(codec.props).map(([key, prop]) => [key, schemaOf(prop)]),
    );
    const keys = Object.keys(codec.props);
    return required && keys.length > 0
      ? { type: 'object', properties, required: keys }
      : { type: 'object', properties };
  };

  const mergeObjects = (members: ReadonlyArray<t.Any>): JsonSchema => {
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const member of members) {
      const structural = unwrap(member);
      if (!(isCodecKind(structural, 'InterfaceType') || isCodecKind(structural, 'PartialType'))) continue;
      const schema = objectSchema(structural, isCodecKind(structural, 'InterfaceType'));
      Object.assign(properties, schema.properties);
      if (Array.isArray(schema.required)) required.push(...schema.required.map(String));
    }
    return required.length > 0 ? { type: 'object', properties, required } : { type: 'object', properties };
  };

  const unionSchema = (codec: t.UnionType<Array<t.Any>>): JsonSchema => {
    const members = codec.types.map(schemaOf);
    const discriminant = discriminantOf(codec.types);
    const refs = members.map((member) => member.$ref);
    if (discriminant === undefined || !refs.every((r): r is string => typeof r === 'string')) {
      return { anyOf: members };
    }
    const mapping = Object.fromEntries(
      discriminant.values.map((value, index) => [String(value), refs[index]]),
    );
    return { oneOf: members, discriminator: { propertyName: discriminant.key, mapping } };
  };

  const schemaOf = (codec: t.Any): JsonSchema => {
    if (isCodecKind(codec, 'RefinementType')) {
      const known = refinementSchema(codec.name);
      if (known === undefined) return schemaOf(codec.type);
      return namedRefinements.has(codec.name) ? component(codec, () => known) : known;
    }
    if (isCodecKind(codec, 'ExactType')) return named(codec, () => schemaOf(codec.type));
    if (isCodecKind(codec, 'ReadonlyType')) return schemaOf(codec.type);
    if (isCodecKind(codec, 'InterfaceType')) return named(codec, () => objectSchema(codec, true));
    if (isCodecKind(codec, 'PartialType')) return named(codec, () => objectSchema(codec, false));
    if (isCodecKind(codec, 'IntersectionType')) {
      return codec.types.every(isObjectShape)
        ? mergeObjects(codec.types)
        : { allOf: codec.types.map((member: t.Any) => schemaOf(member)) };
    }
    if (isCodecKind(codec, 'UnionType')) return named(codec, () => unionSchema(codec));
    if (isCodecKind(codec, 'KeyofType')) {
      return named(codec, () => ({ type: 'string', enum: Object.keys(codec.keys) }));
    }
    if (isCodecKind(codec, 'LiteralType')) return { type: typeof codec.value, const: codec.value };
    if (isCodecKind(codec, 'ArrayType') || isCodecKind(codec, 'ReadonlyArrayType')) {
      return { type: 'array', items: schemaOf(codec.type) };
    }
    if (isCodecKind(codec, 'TupleType')) {
      const items = codec.types.map((member: t.Any) => schemaOf(member));
      return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
    }
    if (isCodecKind(codec, 'DictionaryType')) {
      const values = schemaOf(codec.codomain);
      return Object.keys(values).length === 0
        ? { type: 'object' }
        : { type: 'object', additionalProperties: values };
    }
    if (isCodecKind(codec, 'StringType')) return { type: 'string' };
    if (isCodecKind(codec, 'NumberType')) return { type: 'number' };
    if (isCodecKind(codec, 'BooleanType')) return { type: 'boolean' };
    if (isCodecKind(codec, 'NullType')) return { type: 'null' };
    if (isCodecKind(codec, 'AnyDictionaryType')) return { type: 'object' };
    if (isCodecKind(codec, 'AnyArrayType')) return { type: 'array' };
    if (isCodecKind(codec, 'UnknownType') || isCodecKind(codec, 'AnyType')) return {};
    throw new Error(`no JSON Schema for the codec ${codec.name}`);
  };

  return { schemaOf, components: () => Object.fromEntries(components) };
};
