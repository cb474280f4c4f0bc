// C-1.6 and C-9.1 on parsed values: what every transport's request body must keep within, checked
// by the app whatever the transport (the HTTP adapter checks the same on the raw text, before
// parsing).

/** C-1.6: JSON nested deeper than this many arrays and objects is a 400. */
export const MAX_JSON_DEPTH = 32;

/**
 * The most characters a body's JSON text may take: an HTTP body within C-9.1's 64 KiB never takes more
 * (a character takes at least one byte of UTF-8), so other transports get the same bound.
 */
export const MAX_BODY_CHARACTERS = 64 * 1024;

/** The characters a scalar takes in JSON text, at least (strings without their escapes). */
const scalarLength = (value: unknown): number => {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value).length;
  return 4; // null (undefined and functions are not JSON: the decoders refuse them)
};

/**
 * The limit a parsed JSON body breaks, if any: nested deeper than `MAX_JSON_DEPTH` (`{}` is 1,
 * `[[1]]` is 2), or longer than `MAX_BODY_CHARACTERS` as JSON text (counted without whitespace or
 * escapes, so never more than the text it was parsed from). Walks with an explicit stack and stops at
 * the first limit broken, so a value of any depth or size is measured without recursion.
 */
export const bodyLimitBroken = (value: unknown): 'depth' | 'size' | undefined => {
  let characters = 0;
  const stack: Array<{ readonly value: unknown; readonly depth: number }> = [{ value, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const current = item.value;
    if (current === null || typeof current !== 'object') characters += scalarLength(current);
    else {
      const depth = item.depth + 1;
      if (depth > MAX_JSON_DEPTH) return 'depth';
      let members = 0;
      if (Array.isArray(current))
        for (const element of current) {
          members += 1;
          stack.push({ value: element, depth });
        }
      else
        for (const key in current) {
          if (!Object.hasOwn(current, key)) continue;
          members += 1;
          characters += key.length + 3; // its quotes and colon
          stack.push({ value: (current as Record<string, unknown>)[key], depth });
        }
      // The brackets, and a comma between members.
      characters += 2 + Math.max(0, members - 1);
    }
    if (characters > MAX_BODY_CHARACTERS) return 'size';
  }
  return undefined;
};
