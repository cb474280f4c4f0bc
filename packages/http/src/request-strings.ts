import type { FieldError } from '@basket/core';

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The deepest nesting of arrays and objects in a JSON text (`{}` is 1, `[[1]]` is 2), read in one
 * pass over the characters, brackets inside strings not counted. It never recurses, so a body of
 * 10,000 brackets is measured before anything recursive (a parser, a fingerprint) sees it. Malformed
 * text is measured too: the parser rejects it afterwards.
 */
export const jsonDepth = (text: string): number => {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth -= 1;
  }
  return deepest;
};

/** A body refused before it reaches the API: answered as a 400 `validation-failed` with its fields. */
export class InvalidJsonBodyError extends Error {
  readonly statusCode = 400;
  constructor(readonly errors: ReadonlyArray<FieldError>) {
    super('invalid JSON body');
    this.name = 'InvalidJsonBodyError';
  }
}
