import * as t from 'io-ts';
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
    current instanceof t.ExactType ||
    current instanceof t.ReadonlyType ||
    current instanceof t.RefinementType
  ) {
    current = current.type;
  }
  return current;
};

/** The literal-valued properties of an object codec (through exact, readonly, refinement, intersection). */
const literalProps = (codec: t.Any): Array<[string, unknown]> => {
  const structural = unwrap(codec);
  if (structural instanceof t.IntersectionType) return structural.types.flatMap(literalProps);
  if (!(structural instanceof t.InterfaceType)) return [];
  return Object.entries<t.Any>(structural.props).flatMap(([key, prop]) =>
    prop instanceof t.LiteralType ? [[key, prop.value]] : [],
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
  return structural instanceof t.InterfaceType || structural instanceof t.PartialType;
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
      if (!(structural instanceof t.InterfaceType || structural instanceof t.PartialType)) continue;
      const schema = objectSchema(structural, structural instanceof t.InterfaceType);
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
    if (codec instanceof t.RefinementType) {
      const known = refinementSchema(codec.name);
      if (known === undefined) return schemaOf(codec.type);
      return namedRefinements.has(codec.name) ? component(codec, () => known) : known;
    }
    if (codec instanceof t.ExactType) return named(codec, () => schemaOf(codec.type));
    if (codec instanceof t.ReadonlyType) return schemaOf(codec.type);
    if (codec instanceof t.InterfaceType) return named(codec, () => objectSchema(codec, true));
    if (codec instanceof t.PartialType) return named(codec, () => objectSchema(codec, false));
    if (codec instanceof t.IntersectionType) {
      return codec.types.every(isObjectShape)
        ? mergeObjects(codec.types)
        : { allOf: codec.types.map((member: t.Any) => schemaOf(member)) };
    }
    if (codec instanceof t.UnionType) return named(codec, () => unionSchema(codec));
    if (codec instanceof t.KeyofType) {
      return named(codec, () => ({ type: 'string', enum: Object.keys(codec.keys) }));
    }
    if (codec instanceof t.LiteralType) return { type: typeof codec.value, const: codec.value };
    if (codec instanceof t.ArrayType || codec instanceof t.ReadonlyArrayType) {
      return { type: 'array', items: schemaOf(codec.type) };
    }
    if (codec instanceof t.TupleType) {
      const items = codec.types.map((member: t.Any) => schemaOf(member));
      return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
    }
    if (codec instanceof t.DictionaryType) {
      const values = schemaOf(codec.codomain);
      return Object.keys(values).length === 0
        ? { type: 'object' }
        : { type: 'object', additionalProperties: values };
    }
    if (codec instanceof t.StringType) return { type: 'string' };
    if (codec instanceof t.NumberType) return { type: 'number' };
    if (codec instanceof t.BooleanType) return { type: 'boolean' };
    if (codec instanceof t.NullType) return { type: 'null' };
    if (codec instanceof t.AnyDictionaryType) return { type: 'object' };
    if (codec instanceof t.AnyArrayType) return { type: 'array' };
    if (codec instanceof t.UnknownType || codec instanceof t.AnyType) return {};
    throw new Error(`no JSON Schema for the codec ${codec.name}`);
  };

  return { schemaOf, components: () => Object.fromEntries(components) };
};
