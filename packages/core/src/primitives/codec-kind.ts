import type * as t from 'io-ts';

/**
 * io-ts's codec classes, by the `_tag` each instance carries. A codec is told by its tag, not with
 * `instanceof`: a service that installs another copy of io-ts beside this package's (npm nests a
 * second copy when the ranges differ) makes codecs whose classes are not this copy's.
 */
export type CodecKinds = {
  readonly ExactType: t.ExactType<t.Any>;
  readonly ReadonlyType: t.ReadonlyType<t.Any>;
  readonly RefinementType: t.RefinementType<t.Any>;
  readonly InterfaceType: t.InterfaceType<t.Props>;
  readonly PartialType: t.PartialType<t.Props>;
  readonly IntersectionType: t.IntersectionType<Array<t.Any>>;
  readonly UnionType: t.UnionType<Array<t.Any>>;
  readonly KeyofType: t.KeyofType<Record<string, unknown>>;
  readonly LiteralType: t.LiteralType<string | number | boolean>;
  readonly ArrayType: t.ArrayType<t.Any>;
  readonly ReadonlyArrayType: t.ReadonlyArrayType<t.Any>;
  readonly TupleType: t.TupleType<Array<t.Any>>;
  readonly DictionaryType: t.DictionaryType<t.Any, t.Any>;
  readonly StringType: t.StringType;
  readonly NumberType: t.NumberType;
  readonly BooleanType: t.BooleanType;
  readonly NullType: t.NullType;
  readonly AnyDictionaryType: t.AnyDictionaryType;
  readonly AnyArrayType: t.AnyArrayType;
  readonly UnknownType: t.UnknownType;
  readonly AnyType: t.AnyType;
};

/** Whether `codec` is an io-ts codec of class `kind`, from whichever copy of io-ts made it. */
export const isCodecKind = <K extends keyof CodecKinds>(codec: unknown, kind: K): codec is CodecKinds[K] =>
  typeof codec === 'object' && codec !== null && Reflect.get(codec, '_tag') === kind;
