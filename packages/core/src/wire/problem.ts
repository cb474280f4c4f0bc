import * as t from 'io-ts';
import { struct } from '../primitives/combinators';
import { FieldError, ProblemCode } from '../primitives/problem-code';
import { int32Between } from '../primitives/scalars';

/** An RFC 9457 problem body (C-3.1). */
export const Problem = struct(
  { type: t.string, title: t.string, status: int32Between(400, 599), detail: t.string, code: ProblemCode },
  { instance: t.string, errors: t.array(FieldError) },
  'Problem',
);
export type Problem = t.TypeOf<typeof Problem>;
