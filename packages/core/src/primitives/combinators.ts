import * as t from 'io-ts';
import { inOrder } from './omit-undefined';

/**
 * A refinement of `codec` that keeps io-ts' `RefinementType` shape (so schema generators can walk it)
 * and fails with a readable `message` when the predicate rejects an otherwise well-typed value.
 * With a type guard the refined type is narrowed (used for branded strings).
 */
export function refine<C extends t.Mixed, A extends t.TypeOf<C>>(
  codec: C,
  guard: (a: t.TypeOf<C>) => a is A,
  name: string,
  message: string,
): t.RefinementType<C, A, t.OutputOf<C>, unknown>;
export function refine<C extends t.Mixed>(
  codec: C,
  predicate: (a: t.TypeOf<C>) => boolean,
  name: string,
  message: string,
): t.RefinementType<C, t.TypeOf<C>, t.OutputOf<C>, unknown>;
export function refine<C extends t.Mixed>(
  codec: C,
  predicate: (a: t.TypeOf<C>) => boolean,
  name: string,
  message: string,
): t.RefinementType<C, t.TypeOf<C>, t.OutputOf<C>, unknown> {
  return new t.RefinementType(
    name,
    (u): u is t.TypeOf<C> => codec.is(u) && predicate(u),
    (u, c) => {
      const decoded = codec.validate(u, c);
      if (decoded._tag === 'Left') return decoded;
      return predicate(decoded.right) ? t.success(decoded.right) : t.failure(decoded.right, c, message);
    },
    (a) => codec.encode(a),
    codec,
    predicate,
  );
}

export type StructC<R extends t.Props, O extends t.Props> = t.ExactC<
  t.IntersectionC<[t.TypeC<R>, t.PartialC<O>]>
>;

/**
 * An object codec with `required` and `optional` fields. Decoding strips unknown fields (C-1.6);
 * encoding leaves out optional fields that have no value (C-1.2) and writes the others in the order
 * declared, required first: an answer is the same text whichever process renders it, whatever order
 * its state's objects came in (a state folded from events read back from PostgreSQL's jsonb, whose
 * keys come back in jsonb's own order, or one decided in memory).
 */
export const struct = <R extends t.Props, O extends t.Props>(
  required: R,
  optional: O,
  name: string,
): StructC<R, O> => {
  const exact = t.exact(t.intersection([t.type(required), t.partial(optional)]), name);
  const order = [...Object.keys(required), ...Object.keys(optional)];
  return new t.ExactType(name, exact.is, exact.validate, (a) => inOrder(exact.encode(a), order), exact.type);
};
