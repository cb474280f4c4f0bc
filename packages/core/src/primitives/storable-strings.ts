import type { FieldError } from './problem-code';

// C-1.6: strings that no storage can keep. PostgreSQL's text and jsonb refuse a NUL, and no UTF-8
// text holds a lone UTF-16 surrogate, so such a string is a 400 wherever a request enters the
// service: the app's decoders (any transport, an embedder's calls included) and the HTTP adapter.

/** A NUL or any surrogate: the strings that may be bad, found by the regular expression engine. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL is one of what it looks for.
const MAYBE_BAD = /[\u0000\ud800-\udfff]/;

/**
 * What is wrong with a string that no storage can keep (C-1.6): a NUL, or a UTF-16 surrogate without
 * its partner (JSON's `\ud800`, which no UTF-8 text can hold). Undefined when it is fine.
 */
export const badStringReason = (value: string): string | undefined => {
  if (!MAYBE_BAD.test(value)) return undefined;
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

/** `key` with its NULs and surrogates written as `\uXXXX`. */
const escaped = (key: string): string => {
  let shown = '';
  for (let i = 0; i < key.length; i += 1) {
    const c = key.charCodeAt(i);
    shown += c === 0 || (c >= 0xd800 && c <= 0xdfff) ? `\\u${c.toString(16).padStart(4, '0')}` : key[i];
  }
  return shown;
};

/** A value met in the walk, with the way to it: its path is built only for a string found wrong. */
type Visit = { readonly value: unknown; readonly parent: Visit | undefined; readonly key: string };

const pathOf = (visit: Visit): string => {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.parent !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * Every string of a parsed JSON value, keys included, that `reasonOf` finds wrong, each named by its
 * dotted path (`customerDetails.0.value`; a wrong key as `showKey` shows it, so that the path itself
 * is fit for a terminal or a log line). Walks with an explicit stack: no recursion, whatever the
 * depth.
 */
export const stringsFailing = (
  value: unknown,
  reasonOf: (text: string) => string | undefined,
  showKey: (key: string) => string,
): FieldError[] => {
  const errors: FieldError[] = [];
  const stack: Visit[] = [{ value, parent: undefined, key: '' }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      const reason = reasonOf(current);
      if (reason !== undefined) errors.push({ path: pathOf(visit), message: reason });
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index += 1)
        stack.push({ value: current[index], parent: visit, key: String(index) });
    } else if (current !== null && typeof current === 'object') {
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        const reason = reasonOf(key);
        const child: Visit = {
          value: (current as Record<string, unknown>)[key],
          parent: visit,
          key: reason === undefined ? key : showKey(key),
        };
        if (reason !== undefined) errors.push({ path: pathOf(child), message: `a field name: ${reason}` });
        stack.push(child);
      }
    }
  }
  return errors;
};

/**
 * Every string of a parsed JSON value, keys included, that holds a NUL or an unpaired surrogate
 * (C-1.6), a bad key named escaped.
 */
export const badStrings = (value: unknown): FieldError[] => stringsFailing(value, badStringReason, escaped);
