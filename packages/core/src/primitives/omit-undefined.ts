/** A copy of `value` without the keys whose value is `undefined` (C-1.2: absent, never null). */
export const omitUndefined = <A extends object>(value: A): A => {
  // Built key by key rather than copied and then deleted from: deleting keys makes V8 keep the
  // object as a slow dictionary for the rest of its life (and states and views live long).
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v: unknown = Reflect.get(value, key);
    if (v !== undefined) copy[key] = v;
  }
  return copy as A;
};

/** The fields of `value` named in `order`, in that order, without those whose value is `undefined`. */
export const inOrder = <A extends object>(value: A, order: ReadonlyArray<string>): A => {
  const copy: Record<string, unknown> = {};
  for (const key of order) {
    const v: unknown = Object.hasOwn(value, key) ? Reflect.get(value, key) : undefined;
    if (v !== undefined) copy[key] = v;
  }
  return copy as A;
};
