const SAFE = /^[A-Za-z0-9_-]$/;
const encoder = new TextEncoder();

/**
 * One NATS subject token for an arbitrary id: letters, digits, `-` and `_` stay, every other
 * character becomes `%XX` per UTF-8 byte (so `.`, `*`, `>` and whitespace never reach the subject,
 * and two different ids never share a token). The empty string is a lone `%`.
 */
export const subjectToken = (value: string): string => {
  if (value === '') return '%';
  let token = '';
  for (const char of value) {
    if (SAFE.test(char)) {
      token += char;
      continue;
    }
    for (const byte of encoder.encode(char)) token += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return token;
};

/** The id a token stands for (the inverse of `subjectToken`). */
export const fromSubjectToken = (token: string): string => (token === '%' ? '' : decodeURIComponent(token));

/** `<prefix>.<storeId>.<basketId>`: a subject per store and basket. */
export const notificationSubject = (prefix: string, storeId: string, basketId: string): string =>
  `${prefix}.${subjectToken(storeId)}.${subjectToken(basketId)}`;

const PREFIX_TOKEN = /^[A-Za-z0-9_-]+$/;

/** A prefix is one or more dot-separated tokens of letters, digits, `-` and `_`. */
export const isSubjectPrefix = (prefix: string): boolean =>
  prefix.split('.').every((token) => PREFIX_TOKEN.test(token));

export const assertSubjectPrefix = (prefix: string): void => {
  if (!isSubjectPrefix(prefix)) throw new Error(`invalid NATS subject prefix ${JSON.stringify(prefix)}`);
};

/**
 * A stream name the relay takes: letters, digits, `-` and `_` (NATS refuses `.`, `*`, `>`, spaces
 * and paths), at most 255 characters (NATS's own bound).
 */
export const isStreamName = (name: string): boolean => name.length <= 255 && PREFIX_TOKEN.test(name);

/**
 * Whether the subject pattern `pattern` (a stream's subject, with `*` and `>` wildcards) takes every
 * subject under `prefix` (`<prefix>.>`): a `>` reached before the prefix's end, or the prefix's
 * tokens matched one by one (`*` for any) and then a `>`.
 */
export const takesEverySubjectUnder = (pattern: string, prefix: string): boolean => {
  const wanted = [...prefix.split('.'), '>'];
  const tokens = pattern.split('.');
  for (const [i, token] of tokens.entries()) {
    if (token === '>') return true;
    const other = wanted[i];
    if (other === undefined || other === '>' || (token !== '*' && token !== other)) return false;
  }
  return false;
};
