// C-1.6 and C-9.1 on parsed values: what every transport's request body must keep within, checked
// by the app whatever the transport (the HTTP adapter checks the same on the raw text, before
// parsing).

/** C-1.6: JSON nested deeper than this many arrays and objects is a 400. */
export const MAX_JSON_DEPTH = 32;

/**
 * The most characters a body's strings and field names may hold together: an HTTP body within C-9.1's
 * 64 KiB never holds more (a character takes at least one byte of UTF-8), so other transports get the
 * same bound.
 */
export const MAX_BODY_CHARACTERS = 64 * 1024;

/**
 * The limit a parsed JSON body breaks, if any: nested deeper than `MAX_JSON_DEPTH` (`{}` is 1,
 * `[[1]]` is 2), or strings and field names of more than `MAX_BODY_CHARACTERS` together. Walks with
 * an explicit stack and stops at the first limit broken, so a value of any depth or size is measured
 * without recursion.
 */
export const bodyLimitBroken = (value: unknown): 'depth' | 'size' | undefined => {
  let characters = 0;
  const stack: Array<{ readonly value: unknown; readonly depth: number }> = [{ value, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const current = item.value;
    if (typeof current === 'string') characters += current.length;
    else if (current !== null && typeof current === 'object') {
      const depth = item.depth + 1;
      if (depth > MAX_JSON_DEPTH) return 'depth';
      if (Array.isArray(current)) for (const element of current) stack.push({ value: element, depth });
      else
        for (const key in current) {
          if (!Object.hasOwn(current, key)) continue;
          characters += key.length;
          stack.push({ value: (current as Record<string, unknown>)[key], depth });
        }
    }
    if (characters > MAX_BODY_CHARACTERS) return 'size';
  }
  return undefined;
};
