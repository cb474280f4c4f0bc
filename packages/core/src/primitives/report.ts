import * as t from 'io-ts';
import { isCodecKind } from './codec-kind';
import type { FieldError } from './problem-code';

type AnyDecoder = t.Decoder<unknown, unknown>;

/** Looks through the codecs that validate via an inner codec without adding a context entry. */
const unwrap = (decoder: AnyDecoder): AnyDecoder => {
  let current = decoder;
  while (
    isCodecKind(current, 'ExactType') ||
    isCodecKind(current, 'RefinementType') ||
    isCodecKind(current, 'ReadonlyType')
  ) {
    current = current.type;
  }
  return current;
};

/** Union and intersection members are keyed by their index, which is not part of the value's path. */
const addsPathSegment = (parent: t.ContextEntry): boolean => {
  const structural = unwrap(parent.type);
  return !(isCodecKind(structural, 'UnionType') || isCodecKind(structural, 'IntersectionType'));
};

const pathSegments = (context: t.Context, length: number = context.length): string[] =>
  context.slice(1, length).flatMap((entry, index) => {
    const parent = context[index];
    return parent !== undefined && addsPathSegment(parent) ? [entry.key] : [];
  });

const isUnionWithMember = (context: t.Context, index: number): boolean => {
  const entry = context[index];
  return entry !== undefined && index + 1 < context.length && isCodecKind(unwrap(entry.type), 'UnionType');
};

/** The errors raised inside one validation of a union, and where that union sits in their context. */
interface UnionFailure {
  readonly index: number;
  readonly context: t.Context;
  readonly errors: t.ValidationError[];
}

/**
 * Keeps, for each failed union, the errors of the members that got furthest into the value; when all
 * members failed at the union itself, one error naming the union replaces them.
 */
const pruneUnionNoise = (errors: ReadonlyArray<t.ValidationError>, from: number): t.ValidationError[] => {
  const failures = new Map<t.ContextEntry, UnionFailure>();
  const unionEntryOf = (error: t.ValidationError): t.ContextEntry | undefined =>
    error.context.find((_, index) => index >= from && isUnionWithMember(error.context, index));
  for (const error of errors) {
    const entry = unionEntryOf(error);
    if (entry === undefined) continue;
    const failure = failures.get(entry) ?? {
      index: error.context.indexOf(entry),
      context: error.context,
      errors: [],
    };
    failure.errors.push(error);
    failures.set(entry, failure);
  }
  const prune = ({ index, context, errors: raised }: UnionFailure): t.ValidationError[] => {
    const unionDepth = pathSegments(context, index + 1).length;
    const deeper = raised.filter((error) => pathSegments(error.context).length > unionDepth);
    const members = new Set(raised.map((error) => error.context[index + 1]?.key));
    if (deeper.length > 0) return pruneUnionNoise(deeper, index + 2);
    if (members.size === 1) return pruneUnionNoise(raised, index + 2);
    return [{ value: context[index]?.actual, context: context.slice(0, index + 1) }];
  };
  return errors.flatMap((error) => {
    const entry = unionEntryOf(error);
    const failure = entry === undefined ? undefined : failures.get(entry);
    if (failure === undefined) return [error];
    return failure.errors[0] === error ? prune(failure) : [];
  });
};

/** The literal values each member of a union gives `key`, when every member gives it one. */
const discriminantOf = (
  union: t.UnionType<Array<t.Mixed>>,
): { key: string; values: unknown[] } | undefined => {
  const literalProps = (decoder: AnyDecoder): Array<[string, unknown]> => {
    const structural = unwrap(decoder);
    if (isCodecKind(structural, 'IntersectionType')) return structural.types.flatMap(literalProps);
    if (!isCodecKind(structural, 'InterfaceType')) return [];
    return Object.entries<unknown>(structural.props).flatMap(([key, prop]) =>
      isCodecKind(prop, 'LiteralType') ? [[key, prop.value]] : [],
    );
  };
  const members = union.types.map((member) => new Map(literalProps(member)));
  const key = [...(members[0]?.keys() ?? [])].find((candidate) =>
    members.every((props) => props.has(candidate)),
  );
  return key === undefined ? undefined : { key, values: members.map((props) => props.get(key)) };
};

interface Located {
  readonly path: string;
  readonly missing: boolean;
  /** The codec's own message, or the name of the expected type. */
  readonly expectation: { readonly message: string } | { readonly typeName: string };
}

const locate = (error: t.ValidationError): Located => {
  const segments = pathSegments(error.context);
  const expected = error.context[error.context.length - 1]?.type;
  const structural = expected === undefined ? undefined : unwrap(expected);
  if (isCodecKind(structural, 'UnionType') && t.UnknownRecord.is(error.value)) {
    const discriminant = discriminantOf(structural);
    if (discriminant !== undefined) {
      return {
        path: [...segments, discriminant.key].join('.'),
        missing: error.value[discriminant.key] === undefined,
        expectation: { typeName: discriminant.values.map((value) => JSON.stringify(value)).join(' | ') },
      };
    }
  }
  return {
    path: segments.join('.'),
    missing: error.value === undefined,
    expectation:
      error.message !== undefined
        ? { message: error.message }
        : { typeName: expected?.name ?? 'a valid value' },
  };
};

const describe = (located: ReadonlyArray<Located>): string => {
  const typeNames = [
    ...new Set(located.flatMap((l) => ('typeName' in l.expectation ? [l.expectation.typeName] : []))),
  ];
  const messages = [
    ...new Set(located.flatMap((l) => ('message' in l.expectation ? [l.expectation.message] : []))),
  ];
  const expectation = [
    ...messages,
    ...(typeNames.length > 0 ? [`expected ${typeNames.join(' | ')}`] : []),
  ].join('; ');
  return located.every((l) => l.missing) ? `is required (${expectation})` : expectation;
};

/**
 * One `{ path, message }` per invalid field: paths are dotted (`rates.0.quantity`, `''` for the whole
 * value) and messages name what was expected. Never echoes the offending value (C-2.8).
 */
export const validationErrors = (errors: t.Errors): ReadonlyArray<FieldError> => {
  const byPath = new Map<string, Located[]>();
  for (const error of pruneUnionNoise(errors, 0)) {
    const located = locate(error);
    byPath.set(located.path, [...(byPath.get(located.path) ?? []), located]);
  }
  return [...byPath].map(([path, located]) => ({ path, message: describe(located) }));
};
