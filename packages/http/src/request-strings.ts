type FieldError = { readonly path: string; readonly message: string };

/** C-1.6: JSON nested deeper than this many arrays and objects is a 400. */
export const MAX_JSON_DEPTH = 32;

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

/**
 * What is wrong with a string that no storage can keep (C-1.6): a NUL, or a UTF-16 surrogate without
 * its partner (JSON's `\ud800`, which no UTF-8 text can hold). Undefined when it is fine.
 */
export const badStringReason = (value: string): string | undefined => {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c === 0) return 'a string may not contain NUL (\\u0000)';
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
      else return 'a string may not contain an unpaired UTF-16 surrogate';
    } else if (c >= 0xdc00 && c <= 0xdfff) return 'a string may not contain an unpaired UTF-16 surrogate';
  }
  return undefined;
};

const at = (path: string, key: string | number): string => (path === '' ? String(key) : `${path}.${key}`);

/**
 * Every string of a parsed JSON value, keys included, that holds a NUL or an unpaired surrogate,
 * each named by its dotted path (`customerDetails.0.value`). Walks with an explicit stack: no
 * recursion, whatever the depth.
 */
export const badStrings = (value: unknown): FieldError[] => {
  const errors: FieldError[] = [];
  const stack: Array<{ readonly path: string; readonly value: unknown }> = [{ path: '', value }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { path } = item;
    const current = item.value;
    if (typeof current === 'string') {
      const reason = badStringReason(current);
      if (reason !== undefined) errors.push({ path, message: reason });
    } else if (Array.isArray(current)) {
      current.forEach((element, index) => {
        stack.push({ path: at(path, index), value: element });
      });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, element] of Object.entries(current)) {
        const reason = badStringReason(key);
        if (reason !== undefined) errors.push({ path: at(path, key), message: `a field name: ${reason}` });
        stack.push({ path: at(path, key), value: element });
      }
    }
  }
  return errors;
};

/** Path parameters holding a NUL or an unpaired surrogate (`%00` in a path id), each under its name. */
export const badParams = (params: Readonly<Record<string, string>>): FieldError[] =>
  Object.entries(params).flatMap(([name, value]) => {
    const reason = badStringReason(value);
    return reason === undefined ? [] : [{ path: name, message: reason }];
  });

/** A body refused before it reaches the API: answered as a 400 `validation-failed` with its fields. */
export class InvalidJsonBodyError extends Error {
  readonly statusCode = 400;
  constructor(readonly errors: ReadonlyArray<FieldError>) {
    super('invalid JSON body');
    this.name = 'InvalidJsonBodyError';
  }
}
