import {
  badStrings,
  bodyLimitBroken,
  type FieldError,
  MAX_BODY_CHARACTERS,
  MAX_JSON_DEPTH,
  type OperationName,
  type OperationPath,
  operations,
  parametersOf,
  pathParameters,
  stringsFailing,
  validationErrors,
} from '@basket/core';
import type { Either } from 'fp-ts/Either';
import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import * as t from 'io-ts';
import { problemAnswer } from './answers';
import type { Answer } from './types';

/**
 * Decodes with a codec, refusing first the strings no storage can keep (a NUL, an unpaired
 * surrogate; C-1.6): they are a 400 here whatever the transport, so none reaches storage.
 */
const decodeInput = <A>(codec: t.Decoder<unknown, A>, input: unknown, what: string): Either<Answer, A> => {
  const unstorable: FieldError[] = badStrings(input);
  if (unstorable.length > 0) return E.left(problemAnswer('validation-failed', what, unstorable));
  return pipe(
    codec.decode(input),
    E.mapLeft((errors) => problemAnswer('validation-failed', what, validationErrors(errors))),
  );
};

/**
 * The most characters a string of a request body may hold (docs/decisions.md, "Text in request
 * bodies"). The body's 64 KiB (C-9.1) would let one field be a page long, kept on the basket and
 * sent back with every read of it; no name, address, id or URL the interface carries needs more.
 */
export const MAX_BODY_STRING = 2048;

/** The strings of a body, keys included, longer than `MAX_BODY_STRING`, each at its path. */
const longStrings = (body: unknown): FieldError[] =>
  stringsFailing(
    body,
    (text) =>
      text.length > MAX_BODY_STRING
        ? `a string may hold at most ${MAX_BODY_STRING} characters, not ${text.length}`
        : undefined,
    (key) => `${key.slice(0, 32)}…`,
  );

/** Decodes a request body; every invalid field is listed in a 400 (C-1.6, C-3.1). */
export const decodeBody = <A>(codec: t.Decoder<unknown, A>, body: unknown): Either<Answer, A> => {
  // Measured before anything walks it recursively; the HTTP adapter refuses both on the raw text.
  const broken = bodyLimitBroken(body);
  if (broken === 'size')
    return E.left(
      problemAnswer(
        'payload-too-large',
        `the request body takes more than ${MAX_BODY_CHARACTERS} characters as JSON text`,
      ),
    );
  if (broken === 'depth')
    return E.left(
      problemAnswer('validation-failed', 'the request body is not valid', [
        { path: '', message: `JSON may nest at most ${MAX_JSON_DEPTH} arrays and objects deep` },
      ]),
    );
  const long = longStrings(body);
  if (long.length > 0)
    return E.left(problemAnswer('validation-failed', 'the request body is not valid', long));
  return decodeInput(codec, body, 'the request body is not valid');
};

type PathDecoding = {
  readonly parameters: ReadonlyArray<keyof typeof pathParameters>;
  readonly codec: t.Decoder<unknown, unknown>;
};

/** Each operation's path codec, made once (every request of the operation decodes with it). */
const pathDecodings = new Map<OperationName, PathDecoding>();

const pathDecodingOf = (name: OperationName): PathDecoding => {
  let decoding = pathDecodings.get(name);
  if (decoding === undefined) {
    const parameters = parametersOf(operations[name].path);
    const codecs = Object.fromEntries(
      parameters.map((p) => [pathParameters[p].name, pathParameters[p].codec]),
    );
    decoding = { parameters, codec: t.type(codecs) };
    pathDecodings.set(name, decoding);
  }
  return decoding;
};

/** Decodes the path ids of an operation with the table's codecs, under their names (`{id}` is `basketId`). */
export const decodeOperationPath = <K extends OperationName>(
  name: K,
  params: Readonly<Record<string, unknown>>,
): Either<Answer, OperationPath<K>> => {
  const { parameters, codec } = pathDecodingOf(name);
  const values = Object.fromEntries(parameters.map((p) => [pathParameters[p].name, params[p]]));
  // Decoded with the table's codecs under the table's names: the shape `OperationPath` describes.
  return decodeInput(codec, values, 'a path id is not valid') as Either<Answer, OperationPath<K>>;
};

/**
 * Path ids and body decoded together, so that a 400 lists every invalid field of the request, in
 * the path and in the body alike (C-1.6, C-3.1).
 */
export const decodePathAndBody = <P, B>(
  path: Either<Answer, P>,
  body: Either<Answer, B>,
): Either<Answer, { readonly path: P; readonly body: B }> => {
  if (E.isRight(path) && E.isRight(body)) return E.right({ path: path.right, body: body.right });
  // A body refused whole (413) is answered as it is: its fields were not looked at.
  if (E.isLeft(body) && 'problem' in body.left && body.left.problem.code !== 'validation-failed') return body;
  const errors = [path, body].flatMap((decoded) =>
    E.isLeft(decoded) && 'problem' in decoded.left ? (decoded.left.problem.errors ?? []) : [],
  );
  return E.left(problemAnswer('validation-failed', 'the request is not valid', errors));
};
