import type { FieldError } from './problem-code';

// C-1.6: strings that no storage can keep. PostgreSQL's text and jsonb refuse a NUL, and no UTF-8
// text holds a lone UTF-16 surrogate, so such a string is a 400 wherever a request enters the
// service: the app's decoders (any transport, an embedder's calls included) and the HTTP adapter.

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

/** `key` with its NULs and surrogates written as `\uXXXX`. */
const escaped = (key: string): string => {
  let shown = '';
  for (let i = 0; i < key.length; i += 1) {
    const c = key.charCodeAt(i);
    shown += c === 0 || (c >= 0xd800 && c <= 0xdfff) ? `\\u${c.toString(16).padStart(4, '0')}` : key[i];
  }
  return shown;
};

const at = (path: string, key: string | number): string => (path === '' ? String(key) : `${path}.${key}`);

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
  const stack: Array<{ readonly path: string; readonly value: unknown }> = [{ path: '', value }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { path } = item;
    const current = item.value;
    if (typeof current === 'string') {
      const reason = reasonOf(current);
      if (reason !== undefined) errors.push({ path, message: reason });
    } else if (Array.isArray(current)) {
      current.forEach((element, index) => {
        stack.push({ path: at(path, index), value: element });
      });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, element] of Object.entries(current)) {
        const reason = reasonOf(key);
        const named = reason === undefined ? at(path, key) : at(path, showKey(key));
        if (reason !== undefined) errors.push({ path: named, message: `a field name: ${reason}` });
        stack.push({ path: named, value: element });
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
